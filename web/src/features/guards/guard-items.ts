import { apnKey, nameKey } from '@deedwatch/rules';
import type { TFunction } from 'i18next';
import { i18n } from '../../i18n';

/** A name to guard in a county. */
export interface GuardName {
  county: string;
  name: string;
}

/** A property to guard in a county: its APN and, when known, its address. */
export interface GuardApn {
  county: string;
  apn: string;
  /** The address; empty when unknown. */
  description: string;
}

export type GuardKind = 'name' | 'apn';

/**
 * What a property's address column shows: the address, or 'Unknown' in `t`'s language (by
 * default the language shown now).
 */
export function addressOrUnknown(description: string, t: TFunction = i18n.t): string {
  return description.trim() === '' ? t('guards.unknown') : description;
}

const sameCounty = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** By the server's name key: what it would take as a repeat of a guarded name shows as Guarded. */
export function isNameGuarded(list: readonly GuardName[], item: GuardName): boolean {
  const key = nameKey(item.name);
  return list.some((g) => sameCounty(g.county, item.county) && nameKey(g.name) === key);
}

/** By the server's APN key, as the name by its name key. */
export function isApnGuarded(list: readonly GuardApn[], item: Pick<GuardApn, 'county' | 'apn'>) {
  const key = apnKey(item.apn);
  return list.some((g) => sameCounty(g.county, item.county) && apnKey(g.apn) === key);
}

/**
 * The register page's remove rule: the item is removed only when the list holds more
 * than one; with exactly one, the list is emptied.
 */
export function removeAt<T>(list: readonly T[], index: number): T[] {
  if (list.length > 1) return list.filter((_, i) => i !== index);
  return [];
}
