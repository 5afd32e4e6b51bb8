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
      'Whether the document alerts for this item: a variant or typo under the confidence floor (0.6) does not',
    ),
  ),
  kind: v.pipe(
    v.picklist(['exact', 'variant', 'typo', 'similar', 'none']),
    v.description('Which rule matched; none when nothing did'),
  ),
  reason: v.string(),
  confidence: v.pipe(
    v.number(),
    v.description(
      'The score an event would carry: for names it falls with how common the name is in the county (for a variant or typo, the commoner of the two names with any middle name); 0 when no rule matched',
    ),
  ),
});
export type Explanation = v.InferOutput<typeof Explanation>;
