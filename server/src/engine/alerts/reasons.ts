import type { Language } from '@deedwatch/rules';
import { type Translate, translator } from '../../i18n/index.ts';
import { matchName, type NameReasonWords } from '../../keys/names.ts';

export type MatchedEvent = {
  match_kind: string;
  matched_value: string;
  is_exact: boolean;
  /** The guarded item: an APN and its address, or a name. */
  guarded: { apn: string; address: string } | { name: string };
};

/** A name match's reason in the language of `t`. */
const say = (t: Translate, words: NameReasonWords): string =>
  (t as unknown as (key: string, values: Record<string, string>) => string)(
    words.key,
    words.values,
  );

/** Why an event's document hit the guarded item, in a sentence for the subscriber. */
export function reasonOf(e: MatchedEvent, language: Language = 'en'): string {
  const t = translator(language);
  if ('name' in e.guarded) {
    const match = matchName(e.guarded.name, e.matched_value);
    return match.matched ? say(t, match.words) : match.reason;
  }
  // An APN match means the same key: the guarded APN is that parcel, in the county's format.
  if (e.match_kind === 'apn')
    return t('reasons.match.apn', { apn: e.guarded.apn || e.matched_value });
  return e.is_exact
    ? t('reasons.match.address', { address: e.matched_value })
    : t('reasons.match.similarAddress', { matched: e.matched_value, address: e.guarded.address });
}

/**
 * Why a possible match may be somebody else, in a few words: the rules that are never sure say
 * what they rest on; any other match is possible only because its name is common in the county.
 */
export function possibleBecause(
  guardedName: string,
  matchedValue: string,
  language: Language = 'en',
): string {
  const t = translator(language);
  const match = matchName(guardedName, matchedValue);
  if (match.matched && match.rule === 'part') return t('reasons.possible.part');
  if (match.matched && match.rule === 'initial') return t('reasons.possible.initial');
  return t('reasons.possible.common');
}
