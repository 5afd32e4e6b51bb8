import type { ParcelFields } from '../engine/parcels/import-parcels.repository.ts';
import { addressKey, apnKey, formatApn, nameKey } from '../keys/normalize.ts';
import { createRandom, type Random } from '../lib/random.ts';

/**
 * The demo data generator. Deterministic (same seed, same rows) and streaming (rows are
 * yielded, never held), so the same code seeds a laptop with a few thousand rows and the
 * benchmarks with millions.
 */

export type DemoCounty = {
  name: string;
  code: string;
  uiMask: string;
  dataMask: string;
  format: string;
  linkUrl: string;
  cities: readonly (readonly [city: string, zips: readonly string[]])[];
};

export const DEMO_COUNTIES: readonly DemoCounty[] = [
  {
    name: 'Sacramento',
    code: 'SAC',
    uiMask: '000-0000-000-0000',
    dataMask: '00000000000000',
    format: '012-0345-006-0000',
    linkUrl: 'https://ccr.saccounty.gov',
    cities: [
      ['SACRAMENTO', ['95814', '95816', '95818', '95822', '95825', '95831']],
      ['ELK GROVE', ['95624', '95757', '95758']],
      ['CITRUS HEIGHTS', ['95610', '95621']],
      ['FOLSOM', ['95630']],
      ['RANCHO CORDOVA', ['95670', '95742']],
    ],
  },
  {
    name: 'Placer',
    code: 'PLA',
    uiMask: '000-000-000-000',
    dataMask: '000000000000',
    format: '012-345-006-000',
    linkUrl: 'https://www.placer.ca.gov/recorder',
    cities: [
      ['ROSEVILLE', ['95661', '95678', '95747']],
      ['ROCKLIN', ['95677', '95765']],
      ['AUBURN', ['95602', '95603']],
      ['LINCOLN', ['95648']],
    ],
  },
  {
    name: 'San Diego',
    code: 'SDG',
    uiMask: '000-000-00-00',
    dataMask: '0000000000',
    format: '123-456-07-00',
    linkUrl: 'https://arcc.sdcounty.ca.gov',
    cities: [
      ['SAN DIEGO', ['92101', '92103', '92104', '92109', '92117', '92122']],
      ['CHULA VISTA', ['91910', '91911', '91913']],
      ['OCEANSIDE', ['92054', '92056']],
      ['ESCONDIDO', ['92025', '92027']],
      ['CARLSBAD', ['92008', '92011']],
    ],
  },
  {
    name: 'Alameda',
    code: 'ALA',
    uiMask: '000a-0000-000-00',
    dataMask: '000a000000000',
    format: '048A-7046-001-00',
    linkUrl: 'https://www.acgov.org/auditor/clerk',
    cities: [
      ['OAKLAND', ['94601', '94606', '94610', '94611', '94619']],
      ['BERKELEY', ['94702', '94703', '94705', '94709']],
      ['FREMONT', ['94536', '94538', '94539']],
      ['HAYWARD', ['94541', '94544', '94545']],
      ['ALAMEDA', ['94501', '94502']],
    ],
  },
];

// Most common first: pickSkewed makes the head of each list common, as in real indexes.
export const SURNAMES = [
  'SMITH',
  'JOHNSON',
  'WILLIAMS',
  'BROWN',
  'JONES',
  'GARCIA',
  'MILLER',
  'DAVIS',
  'RODRIGUEZ',
  'MARTINEZ',
  'HERNANDEZ',
  'LOPEZ',
  'GONZALEZ',
  'WILSON',
  'ANDERSON',
  'THOMAS',
  'TAYLOR',
  'MOORE',
  'JACKSON',
  'MARTIN',
  'LEE',
  'PEREZ',
  'THOMPSON',
  'WHITE',
  'HARRIS',
  'SANCHEZ',
  'CLARK',
  'RAMIREZ',
  'LEWIS',
  'ROBINSON',
  'WALKER',
  'YOUNG',
  'ALLEN',
  'KING',
  'WRIGHT',
  'SCOTT',
  'TORRES',
  'NGUYEN',
  'HILL',
  'FLORES',
  'GREEN',
  'ADAMS',
  'NELSON',
  'BAKER',
  'HALL',
  'RIVERA',
  'CAMPBELL',
  'MITCHELL',
  'CARTER',
  'ROBERTS',
  'GOMEZ',
  'PHILLIPS',
  'EVANS',
  'TURNER',
  'DIAZ',
  'PARKER',
  'CRUZ',
  'EDWARDS',
  'COLLINS',
  'REYES',
  'STEWART',
  'MORRIS',
  'MORALES',
  'MURPHY',
  'COOK',
  'ROGERS',
  'GUTIERREZ',
  'ORTIZ',
  'MORGAN',
  'COOPER',
  'PETERSON',
  'BAILEY',
  'REED',
  'KELLY',
  'HOWARD',
  'RAMOS',
  'KIM',
  'COX',
  'WARD',
  'RICHARDSON',
  'WATSON',
  'BROOKS',
  'CHAVEZ',
  'WOOD',
  'JAMES',
  'BENNETT',
  'GRAY',
  'MENDOZA',
  'RUIZ',
  'HUGHES',
  'PRICE',
  'ALVAREZ',
  'CASTILLO',
  'SANDERS',
  'PATEL',
  'MYERS',
  'LONG',
  'ROSS',
  'FOSTER',
  'JIMENEZ',
  'OKAFOR',
  'NAKAMURA',
  'SINGH',
  'KOWALSKI',
  'OBRIEN',
  'MACDONALD',
  'VAN DYKE',
  'DE LA CRUZ',
  'CHEN',
  'WONG',
  'TRAN',
] as const;

export const GIVEN_NAMES = [
  'JAMES',
  'MARY',
  'ROBERT',
  'PATRICIA',
  'JOHN',
  'JENNIFER',
  'MICHAEL',
  'LINDA',
  'DAVID',
  'ELIZABETH',
  'WILLIAM',
  'BARBARA',
  'RICHARD',
  'SUSAN',
  'JOSEPH',
  'JESSICA',
  'THOMAS',
  'SARAH',
  'CHARLES',
  'KAREN',
  'CHRISTOPHER',
  'LISA',
  'DANIEL',
  'NANCY',
  'MATTHEW',
  'BETTY',
  'ANTHONY',
  'MARGARET',
  'MARK',
  'SANDRA',
  'DONALD',
  'ASHLEY',
  'STEVEN',
  'KIMBERLY',
  'PAUL',
  'EMILY',
  'ANDREW',
  'DONNA',
  'JOSHUA',
  'MICHELLE',
  'KENNETH',
  'CAROL',
  'KEVIN',
  'AMANDA',
  'BRIAN',
  'DOROTHY',
  'GEORGE',
  'MELISSA',
  'TIMOTHY',
  'DEBORAH',
  'JOSE',
  'MARIA',
  'LUIS',
  'ANA',
  'CARLOS',
  'ROSA',
  'WEI',
  'MEI',
  'HIROSHI',
  'YUKI',
  'PRIYA',
  'ARJUN',
  'CHIDI',
  'NGOZI',
  'ALLEN',
  'JANE',
] as const;

const NAME_SUFFIXES = ['JR', 'SR', 'II', 'III'] as const;
const BUSINESS_WORDS = [
  'ACME',
  'GOLDEN STATE',
  'PACIFIC',
  'SIERRA',
  'DELTA',
  'CAPITOL',
  'RIVER CITY',
  'OAK PARK',
  'SUMMIT',
  'HARBOR',
  'REDWOOD',
  'BAYSIDE',
  'PIONEER',
  'AMERICAN RIVER',
  'SUNRISE',
  'COASTAL',
] as const;
export const BUSINESS_KINDS = [
  'HOLDINGS',
  'PROPERTIES',
  'INVESTMENTS',
  'REALTY',
  'DEVELOPMENT',
  'CAPITAL',
  'HOMES',
  'LAND',
] as const;
export const BUSINESS_FORMS = ['LLC', 'INC', 'LP', 'CORP', 'LLC', 'LLC'] as const;
export const LENDERS = [
  'WELLS FARGO BANK NA',
  'JPMORGAN CHASE BANK NA',
  'BANK OF AMERICA NA',
  'US BANK NA',
  'ROCKET MORTGAGE LLC',
  'GOLDEN 1 CREDIT UNION',
  'FIRST AMERICAN TITLE COMPANY',
  'MORTGAGE ELECTRONIC REGISTRATION SYSTEMS INC',
] as const;
export const STREETS = [
  'MAIN',
  'OAK',
  'PINE',
  'MAPLE',
  'CEDAR',
  'ELM',
  'WASHINGTON',
  'LAKE',
  'HILL',
  'PARK',
  'VIEW',
  'SUNSET',
  'RIVER',
  'MEADOW',
  'FOLSOM',
  'BROADWAY',
  'FRANKLIN',
  'JEFFERSON',
  'LINCOLN',
  'MADISON',
  'WILLOW',
  'ASPEN',
  'SIERRA',
  'VISTA',
  'MISSION',
  'ALTA',
  'EL CAMINO',
  'LAS PALMAS',
  'CAMINO REAL',
  'FAIR OAKS',
  'AMERICAN RIVER',
  'HIGHLAND',
  'GARDEN',
  'LAUREL',
  'MAGNOLIA',
  'ORCHARD',
  'VALLEY',
  'CANYON',
  'HARBOR',
  'OCEAN',
  'BAY',
  'MARINA',
  'POPLAR',
  'SYCAMORE',
  'JUNIPER',
  'HAWTHORNE',
  'CYPRESS',
  'REDWOOD',
  'SEQUOIA',
  'MONTEREY',
  '1ST',
  '2ND',
  '3RD',
  '4TH',
  '5TH',
  '12TH',
  '16TH',
  '21ST',
  'J',
  'K',
  'L',
  'P',
  'Q',
] as const;
export const STREET_SUFFIXES = [
  'ST',
  'AVE',
  'BLVD',
  'DR',
  'CT',
  'LN',
  'WAY',
  'RD',
  'PL',
  'CIR',
  'ST',
  'AVE',
  'DR',
  'WAY',
] as const;
const DIRECTIONS = ['N', 'S', 'E', 'W'] as const;

/** A demo parcel: the fields an imported roll's parcel has. */
export type ParcelRow = ParcelFields;

export type IndexNameRow = {
  name: string;
  nameKey: string;
  documentCount: number;
  lastRecordedAt: Date;
};

function personName(r: Random): string {
  const parts: string[] = [r.pickSkewed(SURNAMES), r.pickSkewed(GIVEN_NAMES)];
  if (r.chance(0.7))
    parts.push(r.chance(0.8) ? String.fromCharCode(65 + r.int(0, 25)) : r.pick(GIVEN_NAMES));
  if (r.chance(0.05)) parts.push(r.pick(NAME_SUFFIXES));
  return parts.join(' ');
}

function businessName(r: Random): string {
  return `${r.pick(BUSINESS_WORDS)} ${r.pick(BUSINESS_KINDS)} ${r.pick(BUSINESS_FORMS)}`;
}

function trustName(r: Random): string {
  const surname = r.pickSkewed(SURNAMES);
  switch (r.int(0, 3)) {
    case 0:
      return `THE ${surname} FAMILY TRUST`;
    case 1:
      return `${surname} FAMILY TRUST`;
    case 2:
      return `${surname} ${r.pickSkewed(GIVEN_NAMES)} ${String.fromCharCode(65 + r.int(0, 25))} TR`;
    default:
      return `${surname} LIVING TRUST`;
  }
}

/** A name as the recorder's index writes it: people last-first, businesses, trusts, lenders. */
export function indexName(r: Random): string {
  const roll = r.next();
  if (roll < 0.72) return personName(r);
  if (roll < 0.84) return businessName(r);
  if (roll < 0.95) return trustName(r);
  return r.pick(LENDERS);
}

/**
 * An APN for parcel number `n` of a county. n is spread over the mask's digits by an affine
 * bijection modulo 10^digits (the multiplier is coprime with 10), so every n gives a distinct
 * key at any scale, and the digits look like a real book-page-parcel number.
 */
export function demoApn(county: DemoCounty, n: number, r: Random): { apn: string; apnKey: string } {
  const digitCount = [...county.dataMask].filter((c) => c === '0').length;
  const modulus = 10n ** BigInt(digitCount);
  if (BigInt(n) >= modulus) throw new Error(`too many parcels for the ${county.code} mask`);
  const digits = ((BigInt(n) * 7_654_321n + 1_234_567n) % modulus)
    .toString()
    .padStart(digitCount, '0');
  let digitIndex = 0;
  let key = '';
  for (const m of county.dataMask) {
    if (m === '0') key += digits[digitIndex++];
    else if (m === 'a') key += String.fromCharCode(65 + r.int(0, 7));
  }
  const apn = formatApn(key, county.uiMask);
  if (!apn) throw new Error(`demo APN ${key} does not fit ${county.uiMask}`);
  return { apn, apnKey: apnKey(apn) };
}

export function* demoParcels(
  county: DemoCounty,
  count: number,
  seed: number,
): Generator<ParcelRow> {
  const r = createRandom(seed ^ hash(county.code));
  for (let n = 1; n <= count; n++) {
    const { apn, apnKey: key } = demoApn(county, n, r);
    const [city, zips] = r.pick(county.cities);
    let address = `${r.int(1, 19999)} ${r.chance(0.15) ? `${r.pick(DIRECTIONS)} ` : ''}${r.pick(STREETS)} ${r.pick(STREET_SUFFIXES)}`;
    if (r.chance(0.08)) address += ` APT ${r.int(1, 40)}`;
    const owners = [
      r.chance(0.85) ? personName(r) : r.chance(0.5) ? trustName(r) : businessName(r),
    ];
    if (r.chance(0.45)) owners.push(personName(r));
    yield {
      apn,
      apnKey: key,
      address,
      addressKey: addressKey(address),
      city,
      state: 'CA',
      zip: r.pick(zips),
      ownerNames: owners,
    };
  }
}

/**
 * Distinct index names with how many documents carry each. Draws more names than asked for
 * (popular names repeat, as in a real index) and counts the repeats.
 */
export function* demoIndexNames(
  county: DemoCounty,
  count: number,
  seed: number,
): Generator<IndexNameRow> {
  const r = createRandom((seed * 31) ^ hash(`${county.code}:names`));
  const seen = new Set<string>();
  const now = Date.UTC(2026, 10, 1);
  let attempts = 0;
  while (seen.size < count && attempts < count * 20) {
    attempts++;
    const name = indexName(r);
    const key = nameKey(name);
    if (seen.has(key)) continue;
    seen.add(key);
    yield {
      name,
      nameKey: key,
      documentCount: documentCount(name, r),
      lastRecordedAt: new Date(now - r.int(0, 3650) * 86_400_000),
    };
  }
}

const VERY_COMMON = new Set<string>(SURNAMES.slice(0, 6));

/** Most names appear on a document or two; the commonest surnames on dozens. */
function documentCount(name: string, r: Random): number {
  const base = 1 + Math.floor(40 * r.next() ** 6);
  return VERY_COMMON.has(name.split(' ')[0] ?? '') ? base + r.int(5, 60) : base;
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
