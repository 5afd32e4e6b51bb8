/** Registering and choosing what to guard: the form, the property and name pickers. */
export const guards = {};
