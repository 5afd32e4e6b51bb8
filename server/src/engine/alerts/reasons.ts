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
