import * as v from 'valibot';

export const MatchKindParam = v.picklist(['name', 'apn', 'address']);

export const ExplainBody = v.strictObject({
  county: v.pipe(v.string(), v.minLength(1, 'county is required'), v.maxLength(100)),
  kind: MatchKindParam,
  guarded: v.pipe(
    v.string(),
    v.minLength(1, 'guarded is required'),
    v.maxLength(200),
    v.description('The guarded item: a name, an APN, or an address'),
  ),
  candidate: v.pipe(
    v.string(),
    v.minLength(1, 'candidate is required'),
    v.maxLength(200),
    v.description("The document's value: a party name, an APN, or an address"),
  ),
});
export type ExplainBody = v.InferOutput<typeof ExplainBody>;

export const Explanation = v.object({
  matched: v.pipe(
    v.boolean(),
    v.description(
      'Whether the document makes an event for this item, at any tier (a possible match is an event too: it waits for the daily digest instead of alerting at once)',
    ),
  ),
  kind: v.pipe(
    v.picklist(['exact', 'variant', 'nickname', 'typo', 'part', 'initial', 'similar', 'none']),
    v.description(
      'Which rule matched: exact (equal keys), variant (same surname and first name), nickname (BOB for ROBERT), typo (a surname one letter off), part (one part of a two-part surname), initial (a first initial), similar (an address with a similar street); none when nothing did',
    ),
  ),
  tier: v.pipe(
    v.picklist(['exact', 'strong', 'possible', 'none']),
    v.description(
      'How sure the match is: exact and strong alert at once; possible goes to the daily digest (or as the subscriber chose for the guarded name); none when nothing matched',
    ),
  ),
  reason: v.string(),
  namesakes: v.pipe(
    v.nullable(v.number()),
    v.description(
      "For names: the county's documents under the commoner of the two names (its surname and first name, any middle name) that set the tier; null for APNs and addresses",
    ),
  ),
  confidence: v.pipe(
    v.number(),
    v.description(
      'The confidence an event would carry: for names it falls with how common the name is in the county; 0 when no rule matched',
    ),
  ),
});
export type Explanation = v.InferOutput<typeof Explanation>;
