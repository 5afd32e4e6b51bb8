import { matchName } from '../../keys/names.ts';

export type MatchedEvent = {
  match_kind: string;
  matched_value: string;
  is_exact: boolean;
  /** The guarded item: an APN and its address, or a name. */
  guarded: { apn: string; address: string } | { name: string };
};

/** Why an event's document hit the guarded item, in a sentence for the subscriber. */
export function reasonOf(e: MatchedEvent): string {
  if ('name' in e.guarded) {
    const match = matchName(e.guarded.name, e.matched_value);
    return match.reason;
  }
  if (e.match_kind === 'apn') return `The document names APN ${e.matched_value}.`;
  return e.is_exact
    ? `The document names the address ${e.matched_value}.`
    : `The document names ${e.matched_value}: the same house number and zip as ${e.guarded.address}, and a similar street.`;
}

/**
 * Why a possible match may be somebody else, in a few words: the rules that are never sure say
 * what they rest on; any other match is possible only because its name is common in the county.
 */
export function possibleBecause(guardedName: string, matchedValue: string): string {
  const match = matchName(guardedName, matchedValue);
  if (match.matched && match.rule === 'part') return 'only one part of a two-part surname matches';
  if (match.matched && match.rule === 'initial') return 'only the first initial matches';
  return 'a common name';
}
