import type { GuardKind } from '../guards/guard-items';

/** The toasts of a failed change to the guarded items, by kind. */
export const ADD_GUARD_FAILED = {
  name: 'dashboard.guarded.addNameFailed',
  apn: 'dashboard.guarded.addApnFailed',
} as const satisfies Record<GuardKind, string>;
export const REMOVE_GUARD_FAILED = {
  name: 'dashboard.guarded.removeNameFailed',
  apn: 'dashboard.guarded.removeApnFailed',
} as const satisfies Record<GuardKind, string>;
