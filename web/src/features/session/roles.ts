const staffRoles = new Set(['admin', 'customersupport']);

/** Staff may use /admin; roles are compared case-insensitively. */
export function isStaffRole(role: string | null | undefined): boolean {
  return role != null && staffRoles.has(role.toLowerCase());
}
