import type { GuardKind } from '../guards/guard-items';

/** The subscription kind as the server and the toasts name it: 'Name' or 'Apn'. */
export const guardTypeLabel = (kind: GuardKind) => (kind === 'name' ? 'Name' : 'Apn');
export const addGuardFailed = (kind: GuardKind) =>
  `Failed to add Guard ${guardTypeLabel(kind)} Subscriptions`;
export const removeGuardFailed = (kind: GuardKind) =>
  `Failed to remove Guard ${guardTypeLabel(kind)} Subscription`;
