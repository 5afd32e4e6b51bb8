import type { SessionUser } from '../../api/types';
import { apnKey, nameKey } from './apn-mask';

export type GuardKind = 'name' | 'apn';

/** An item picked in the guard modal, not saved yet. */
export type PendingItem =
  | { kind: 'name'; county: string; name: string }
  | { kind: 'apn'; county: string; apn: string; description: string };

/** One key per county and item, compared as the server compares them. */
export function itemKey(item: PendingItem): string {
  const county = item.county.trim().toLowerCase();
  return item.kind === 'name' ? `${county}|${nameKey(item.name)}` : `${county}|${apnKey(item.apn)}`;
}

/** Keys of what the user already guards, of one kind. */
export function guardedKeys(user: SessionUser, kind: GuardKind): Set<string> {
  const items: PendingItem[] =
    kind === 'name'
      ? user.nameSubscriptions.map((s) => ({ kind: 'name', county: s.county, name: s.name }))
      : user.apnSubscriptions.map((s) => ({
          kind: 'apn',
          county: s.county,
          apn: s.apn,
          description: s.description,
        }));
  return new Set(items.map(itemKey));
}

export const guardTypeLabel = (kind: GuardKind) => (kind === 'name' ? 'Name' : 'Apn');
export const addGuardFailed = (kind: GuardKind) =>
  `Failed to add Guard ${guardTypeLabel(kind)} Subscriptions`;
export const removeGuardFailed = (kind: GuardKind) =>
  `Failed to remove Guard ${guardTypeLabel(kind)} Subscription`;

/** An address or 'Unknown' (spec §3). */
export const addressOrUnknown = (description: string) => description.trim() || 'Unknown';
