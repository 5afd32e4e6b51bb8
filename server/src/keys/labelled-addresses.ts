/**
 * Hand-labelled address pairs: whether an address a recorded document names (candidate) should
 * alert the subscriber whose guarded parcel is at `guarded`. Equal streets match unless both
 * sides give a zip and the zips differ (the same street in another town of the county); a
 * similar street needs the same house number and zip. Shared by the SQL agreement test of the
 * matcher and POST admin/match/explain.
 */

export type LabelledAddress = { guarded: string; candidate: string; expected: boolean };

const pair = (guarded: string, candidate: string, expected: boolean): LabelledAddress => ({
  guarded,
  candidate,
  expected,
});

const MAIN = '123 Main Street, Sacramento, CA 95814';
const RIVERSIDE = '123 Riverside Boulevard, Sacramento, CA 95814';

export const LABELLED_ADDRESSES: readonly LabelledAddress[] = [
  pair(MAIN, '123 MAIN ST, SACRAMENTO, CA 95814', true),
  pair(MAIN, '123 MAIN ST', true),
  pair(MAIN, '123 MAIN ST, ELK GROVE, CA 95624', false),
  pair(MAIN, '123 MAIN ST 95624', false),
  pair('123 Main Street', '123 MAIN ST, ELK GROVE, CA 95624', true),
  pair(MAIN, '125 MAIN ST, SACRAMENTO, CA 95814', false),
  pair(MAIN, '123 ELM ST, SACRAMENTO, CA 95814', false),
  pair(RIVERSIDE, '123 RIVERSIDE BLV, SACRAMENTO CA 95814', true),
  pair(RIVERSIDE, '123 RIVERSIDE BLV, SACRAMENTO CA 95818', false),
  pair(RIVERSIDE, '123 RIVERSIDE BLV', false),
  pair(RIVERSIDE, '123 RIVERSIDE BOULEVARD, SACRAMENTO, CA 95814-1234', true),
];
