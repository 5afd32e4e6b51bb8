/**
 * Hand-labelled address pairs: the tier an address a recorded document names (candidate) should
 * have for the subscriber whose guarded parcel is at `guarded`, or none. Equal streets match
 * unless both sides give a zip and the zips differ (the same street in another town of the
 * county); a similar street needs the same house number and zip, and is another address when
 * both sides give a unit, a direction or a street type and they differ; a unit on one side only
 * is a possible match. Shared by the SQL agreement test of the matcher and
 * POST admin/match/explain.
 */

export type AddressTier = 'exact' | 'strong' | 'possible' | 'none';
export type LabelledAddress = { guarded: string; candidate: string; expected: AddressTier };

const pair = (guarded: string, candidate: string, expected: AddressTier): LabelledAddress => ({
  guarded,
  candidate,
  expected,
});

const MAIN = '123 Main Street, Sacramento, CA 95814';
const RIVERSIDE = '123 Riverside Boulevard, Sacramento, CA 95814';
const CONDO = '4455 Elkhorn Blvd Unit 5, Sacramento, CA 95842';
const NORTH_MAIN = '700 N Main St, Sacramento, CA 95814';

export const LABELLED_ADDRESSES: readonly LabelledAddress[] = [
  pair(MAIN, '123 MAIN ST, SACRAMENTO, CA 95814', 'exact'),
  pair(MAIN, '123 MAIN ST', 'exact'),
  pair(MAIN, '123 MAIN ST, ELK GROVE, CA 95624', 'none'),
  pair(MAIN, '123 MAIN ST 95624', 'none'),
  pair('123 Main Street', '123 MAIN ST, ELK GROVE, CA 95624', 'exact'),
  pair(MAIN, '125 MAIN ST, SACRAMENTO, CA 95814', 'none'),
  pair(MAIN, '123 ELM ST, SACRAMENTO, CA 95814', 'none'),
  pair(RIVERSIDE, '123 RIVERSIDE BLV, SACRAMENTO CA 95814', 'strong'),
  pair(RIVERSIDE, '123 RIVERSIDE BLV, SACRAMENTO CA 95818', 'none'),
  pair(RIVERSIDE, '123 RIVERSIDE BLV', 'none'),
  pair(RIVERSIDE, '123 RIVERSIDE BOULEVARD, SACRAMENTO, CA 95814-1234', 'exact'),
  // Similar, but under the strong confidence: 0.9 × a similarity of 0.64.
  pair(RIVERSIDE, '123 RVRSIDE BLVD, SACRAMENTO, CA 95814', 'possible'),
  // Another unit, direction or street type is another address.
  pair(CONDO, '4455 ELKHORN BLVD UNIT 7, SACRAMENTO, CA 95842', 'none'),
  pair(CONDO, '4455 ELKHORN BLVD APT 7, SACRAMENTO, CA 95842', 'none'),
  pair(CONDO, '4455 ELKHORN BLVD #5, SACRAMENTO, CA 95842', 'exact'),
  pair(CONDO, '4455 ELKHORN BLVD APT 5, SACRAMENTO, CA 95842', 'strong'),
  pair(NORTH_MAIN, '700 S MAIN ST, SACRAMENTO, CA 95814', 'none'),
  pair(NORTH_MAIN, '700 MAIN ST S, SACRAMENTO, CA 95814', 'none'),
  pair('123 N Main Ave, Sacramento, CA 95814', '123 N MAIN ST, SACRAMENTO, CA 95814', 'none'),
  pair('123 Oak Court, Sacramento, CA 95814', '123 OAK CIRCLE, SACRAMENTO, CA 95814', 'none'),
  // One side gives what the other leaves out: similar, the same address.
  pair(NORTH_MAIN, '700 MAIN ST, SACRAMENTO, CA 95814', 'strong'),
  pair(NORTH_MAIN, '700 N MAIN, SACRAMENTO, CA 95814', 'strong'),
  // A building and one of its units: maybe the guarded unit, never sure.
  pair(CONDO, '4455 ELKHORN BLVD, SACRAMENTO, CA 95842', 'possible'),
  pair('4455 Elkhorn Blvd, Sacramento, CA 95842', '4455 ELKHORN BLVD UNIT 7 95842', 'possible'),
  // Written without commas: the city, state and zip are read off the end.
  pair(CONDO, '4455 ELKHORN BLVD UNIT 5 SACRAMENTO CA 95842', 'exact'),
  pair(CONDO, '4455 ELKHORN BLVD UNIT 7 SACRAMENTO CA 95842', 'none'),
  pair(NORTH_MAIN, '700 N MAIN ST SACRAMENTO CA 95814', 'exact'),
  pair(NORTH_MAIN, '700 N MAIN ST CA 95814', 'exact'),
  pair(NORTH_MAIN, '700 N MAIN ST 95814', 'exact'),
  pair(NORTH_MAIN, '700 N MAIN ST SACRAMENTO CA 95822', 'none'),
  pair('123 Oak Ct 95814', '123 OAK COURT SACRAMENTO CA 95814', 'exact'),
  pair('123 Oak Ct Hartford Ct 06103', '123 OAK CT, HARTFORD, CT 06103', 'exact'),
  pair('700 Main St NE, Seattle, WA 98101', '700 MAIN ST NE SEATTLE WA 981011234', 'exact'),
  // Spelled directions and ordinals.
  pair('18 W 5th St, Sacramento, CA 95814', '18 WEST FIFTH STREET SACRAMENTO CA 95814', 'exact'),
  pair(
    '18 W 21st St, Sacramento, CA 95814',
    '18 WEST TWENTY-FIRST ST, SACRAMENTO, CA 95814',
    'exact',
  ),
  pair('2 Twentieth Ave, Sacramento, CA 95814', '2 20TH AVE SACRAMENTO CA 95814', 'exact'),
  pair('18 W 5th St, Sacramento, CA 95814', '18 E FIFTH ST SACRAMENTO CA 95814', 'none'),
];
