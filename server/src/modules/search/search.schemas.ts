import * as v from 'valibot';
import { MAX_TERM_LENGTH } from './search.terms.ts';

export const SearchQuery = v.strictObject({
  SearchTerm: v.pipe(
    v.string(),
    v.maxLength(MAX_TERM_LENGTH, `must be at most ${MAX_TERM_LENGTH} characters`),
    v.description(
      'What the person typed so far. Fewer than 2 characters (after trimming) finds nothing.',
    ),
  ),
  County: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must name a county listed by GET /api/config'),
    v.maxLength(100, 'must be at most 100 characters'),
    v.description('A county as GET /api/config names it, in any letter case'),
  ),
});
export type SearchQuery = v.InferOutput<typeof SearchQuery>;

export const AddressResult = v.object({
  apn: v.pipe(v.string(), v.description('The APN in the county format')),
  address: v.pipe(v.string(), v.description('The street address, as the parcel roll writes it')),
  cityStateZip: v.pipe(v.string(), v.description('Like "SACRAMENTO, CA 95814"')),
  county: v.pipe(v.string(), v.description('The county name, as GET /api/config names it')),
});
export type AddressResult = v.InferOutput<typeof AddressResult>;

export const NameResult = v.object({
  name: v.pipe(v.string(), v.description("The name as the recorder's index writes it")),
  county: v.pipe(v.string(), v.description('The county name, as GET /api/config names it')),
  documentCount: v.pipe(
    v.number(),
    v.integer(),
    v.description(
      'How many recorded documents carry this name: a common name brings alerts about namesakes',
    ),
  ),
});
export type NameResult = v.InferOutput<typeof NameResult>;
