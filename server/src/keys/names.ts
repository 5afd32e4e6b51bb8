/**
 * Name matching: the keys stored beside every guarded name and every recorded
 * party, and the decision the set-based SQL matcher reproduces by joining on those stored keys.
 *
 * A name is read as one of three kinds. A business carries a designator (LLC, INC, BANK ...); a
 * trust carries the word TRUST, or TR beside a trust word (SMITH FAMILY TR); anything else is a
 * person. Businesses and trusts match only by equal keys; people also match by reading (surname,
 * first name, compatible middle) and by a one-edit surname typo.
 */

export type NameKind = 'person' | 'business' | 'trust';
/** One way to read a person's name: surname, first given name, the rest of the given names joined by a space ('' when none). */
export type NameReading = { surname: string; first: string; middle: string };
export type NameKeys = {
  nameKind: NameKind;
  /** Canonical key: two names with equal keys are the same name (an "exact" match). Never empty for a non-empty name. */
  key: string;
  /** person: 1 or 2 readings (surname-first, and first-last when it differs, e.g. "JOHN A SMITH"); a comma fixes surname-first ("SMITH, JOHN A." has one reading). business/trust: []. */
  readings: NameReading[];
};
/** The rule by which two names match; not the match kind (apn, address or name) of an event. */
export type NameRule = 'exact' | 'variant' | 'typo';
export type NameMatch =
  { matched: true; rule: NameRule; reason: string } | { matched: false; reason: string };

/** Surnames shorter than this get no deletion keys beyond themselves: one edit of LEE is a flood. */
export const TYPO_MIN_SURNAME_LENGTH = 4;

/** Confidence of each rule before the commonness of the name is counted. */
export const MATCH_BASE_CONFIDENCE: Readonly<Record<NameRule, number>> = {
  exact: 1,
  variant: 0.85,
  typo: 0.7,
};

const EMPTY: NameKeys = { nameKind: 'person', key: '', readings: [] };

// Letter codes that recorders write dotted or spaced (L.L.C., L L C). Three-letter codes may be
// spaced without periods; two-letter ones need a period, or a person's initials "L P" would
// turn into a partnership. Longer codes first, so P.L.L.C. is not read as P and L.L.C.
// Exported for the static ReDoS check of patterns built at run time.
export const LETTER_CODES: ReadonlyArray<readonly [RegExp, string]> = [
  ...['PLLC', 'LLLP', 'LLC', 'LLP', 'FSB', 'AKA', 'FKA', 'NKA', 'DBA'].map(
    (code) =>
      [
        new RegExp(`(?<![A-Z0-9])${[...code].join('\\.?\\s*')}\\.?(?![A-Z0-9])`, 'g'),
        ` ${code} `,
      ] as const,
  ),
  [/(?<![A-Z0-9])L\.\s*P\.?(?![A-Z0-9])/g, ' LP '],
  [/(?<![A-Z0-9])P\.\s*C\.?(?![A-Z0-9])/g, ' PC '],
  // Bare NA is a Korean surname, so only the dotted form stands for National Association.
  [/(?<![A-Z0-9])N\.\s*A\.?(?![A-Z0-9])/g, ' NATIONAL ASSOCIATION '],
];

// A/K/A, U/A, H/W: single letters joined by slashes are one abbreviation.
const SLASHED_LETTERS = /(?<![A-Z0-9])[A-Z](?:\s*\/\s*[A-Z](?![A-Z0-9]))+/g;
// "C/O" starts a mailing address, not a name; read before slashes are joined (it would become CO).
const CARE_OF = /(?<![A-Z0-9])C\s*\/\s*O(?![A-Z0-9])[\s\S]*$/;

function tokenize(raw: string): string[] {
  let s = raw
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(CARE_OF, ' ')
    .replace(SLASHED_LETTERS, (m) => ` ${m.replace(/[\s/]/g, '')} `);
  for (const [re, code] of LETTER_CODES) s = s.replace(re, code);
  return (
    s
      // O'BRIEN = OBRIEN and SMITH-JONES = SMITHJONES: recorders drop the mark as often as not.
      .replace(/['‘’`]/g, '')
      .replace(/(?<=[A-Z0-9])-(?=[A-Z0-9])/g, '')
      .replace(/[^A-Z0-9&,]+/g, ' ')
      .replace(/[&,]/g, ' $& ')
      .split(' ')
      .filter(Boolean)
  );
}

const isWord = (t: string): boolean => t !== ',' && t !== '&';

const TRUSTEE_MARKERS = new Set(['TR', 'TRS', 'TRUSTEE', 'TRUSTEES', 'TTEE', 'TTEES']);
const ROLE_WORDS = new Set([
  'EXECUTOR',
  'EXECUTRIX',
  'ADMINISTRATOR',
  'ADMINISTRATRIX',
  'CONSERVATOR',
  'GUARDIAN',
]);

type TailPattern = {
  words: ReadonlyArray<ReadonlySet<string>>;
  /** How many of the matched words stay with the name. */
  keep: number;
  /** An alias marker: when nothing precedes it, the name is what follows. */
  alias: boolean;
};
const tail = (keep: number, alias: boolean, ...words: string[][]): TailPattern => ({
  words: words.map((w) => new Set(w)),
  keep,
  alias,
});
// Everything from one of these on describes the party, or names it again; the name is the head.
const TAIL_PATTERNS: readonly TailPattern[] = [
  tail(0, true, ['AKA', 'FKA', 'NKA', 'DBA']),
  tail(0, true, ['ALSO', 'FORMERLY', 'NOW'], ['KNOWN'], ['AS']),
  tail(0, true, ['DOING'], ['BUSINESS'], ['AS']),
  tail(0, false, ['A', 'AN'], ['SINGLE', 'MARRIED', 'UNMARRIED', 'WIDOW', 'WIDOWER', 'DIVORCED']),
  tail(0, false, ['HUSBAND', 'WIFE'], ['AND', '&'], ['WIFE', 'HUSBAND']),
  tail(0, false, ['HW', 'JTWROS']),
  tail(
    0,
    false,
    ['AS'],
    [
      'JOINT',
      'TENANTS',
      'COMMUNITY',
      'HIS',
      'HER',
      'THEIR',
      'SUCCESSOR',
      'PERSONAL',
      'ATTORNEY',
      'AGENT',
      'NOMINEE',
      ...TRUSTEE_MARKERS,
      ...ROLE_WORDS,
    ],
  ),
  // "SMITH JOHN A TRUSTEE OF THE SMITH FAMILY TRUST" names the trustee: the person comes first.
  tail(
    1,
    false,
    [...TRUSTEE_MARKERS, ...ROLE_WORDS],
    ['OF', 'FOR', 'UNDER', 'UA', 'UTD', 'UDT', 'UAD'],
  ),
];

function cutTails(tokens: string[]): string[] {
  for (let i = 0; i < tokens.length; i++) {
    for (const p of TAIL_PATTERNS) {
      if (!p.words.every((set, k) => set.has(tokens[i + k] ?? ''))) continue;
      const head = tokens.slice(0, i + p.keep);
      if (p.alias && !head.some(isWord)) return cutTails(tokens.slice(i + p.words.length));
      return head;
    }
  }
  return tokens;
}

const ET_TAILS = new Set(['AL', 'ALS', 'UX', 'VIR']);
const ET_WORDS = new Set(['ETAL', 'ETALS', 'ETUX', 'ETVIR']);

/** Tokens of the name proper: tails cut, ET AL/ET UX/ET VIR and a leading THE dropped. */
function nameTokens(raw: string): string[] {
  const tokens = cutTails(tokenize(raw));
  const out = tokens.filter(
    (t, i) =>
      !ET_WORDS.has(t) &&
      !(t === 'ET' && ET_TAILS.has(tokens[i + 1] ?? '')) &&
      !(ET_TAILS.has(t) && tokens[i - 1] === 'ET'),
  );
  while (out.length > 0 && (!isWord(out[0]!) || out[0] === 'THE')) out.shift();
  while (out.length > 0 && !isWord(out.at(-1)!)) out.pop();
  return out;
}

// Entity designators, each class unified to one form. Different classes are different entity
// types: ACME HOLDINGS LLC and ACME HOLDINGS INC are two companies, not one written two ways.
const DESIGNATORS: Readonly<Record<string, string>> = {
  LLC: 'LLC',
  PLLC: 'PLLC',
  LLLP: 'LLLP',
  LLP: 'LLP',
  LP: 'LP',
  INC: 'INC',
  INCORPORATED: 'INC',
  CORP: 'CORP',
  CORPORATION: 'CORP',
  CO: 'CO',
  COMPANY: 'CO',
  LTD: 'LTD',
  LIMITED: 'LTD',
  PC: 'PC',
  BANK: 'BANK',
  FSB: 'FSB',
  ASSN: 'ASSN',
  ASSOCIATION: 'ASSN',
};
const DESIGNATOR_PHRASES: ReadonlyArray<readonly [string[], string]> = [
  [['PROFESSIONAL', 'LIMITED', 'LIABILITY', 'COMPANY'], 'PLLC'],
  [['LIMITED', 'LIABILITY', 'LIMITED', 'PARTNERSHIP'], 'LLLP'],
  [['LIMITED', 'LIABILITY', 'COMPANY'], 'LLC'],
  [['LIMITED', 'LIABILITY', 'CO'], 'LLC'],
  [['LIMITED', 'LIABILITY', 'PARTNERSHIP'], 'LLP'],
  [['LIMITED', 'PARTNERSHIP'], 'LP'],
  [['PROFESSIONAL', 'CORPORATION'], 'PC'],
  [['FEDERAL', 'SAVINGS', 'BANK'], 'FSB'],
  [['NATIONAL', 'ASSOCIATION'], 'NA'],
];
// Organisations that often carry no designator; they mark a business but keep their words.
const ORGANISATION_WORDS = new Set([
  'AUTHORITY',
  'CONDOMINIUM',
  'DISTRICT',
  'FOUNDATION',
  'HOMEOWNERS',
  'PARTNERS',
  'PARTNERSHIP',
  'UNIVERSITY',
]);
const ORGANISATION_PHRASES: readonly string[][] = [
  ['CITY', 'OF'],
  ['COUNTY', 'OF'],
  ['STATE', 'OF'],
  ['UNITED', 'STATES'],
];

const startsAt = (tokens: readonly string[], i: number, words: readonly string[]): boolean =>
  words.every((w, k) => tokens[i + k] === w);

/** The business key's tokens, or undefined when no designator marks the name as a business. */
function businessTokens(tokens: readonly string[]): string[] | undefined {
  let marked = false;
  const t: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const phrase = DESIGNATOR_PHRASES.find(([words]) => startsAt(tokens, i, words));
    if (phrase) {
      t.push(phrase[1]);
      i += phrase[0].length - 1;
      marked = true;
      continue;
    }
    const token = tokens[i]!;
    const designator = DESIGNATORS[token];
    if (designator !== undefined || ORGANISATION_WORDS.has(token)) marked = true;
    if (ORGANISATION_PHRASES.some((words) => startsAt(tokens, i, words))) marked = true;
    t.push(designator ?? token);
  }
  if (!marked) return undefined;
  // "ACME HOLDINGS, A DELAWARE LIMITED LIABILITY COMPANY": the state of formation is not part
  // of the name, but its designator is when the name itself has none.
  for (let i = 1; i < t.length; i++) {
    if (t[i] !== 'A' && t[i] !== 'AN') continue;
    const head = t.slice(0, i).filter((w) => w !== ',');
    if (t[i - 1] !== ',' && !head.some(isDesignator)) continue;
    const designator = t.slice(i + 1, i + 6).find(isDesignator);
    if (designator === undefined) continue;
    if (!head.some(isDesignator)) head.push(designator);
    return joinInitials(head);
  }
  return joinInitials(t.filter((w) => w !== ','));
}

const isDesignator = (w: string): boolean => w === 'NA' || Object.hasOwn(DESIGNATORS, w);

/** J.P. MORGAN, J P MORGAN and JP MORGAN are one bank: runs of single letters become one word. */
function joinInitials(words: readonly string[]): string[] {
  const out: string[] = [];
  let run = false;
  for (const w of words) {
    const word = w === '&' ? 'AND' : w;
    const letter = /^[A-Z]$/.test(word);
    if (letter && run) out[out.length - 1] += word;
    else out.push(word);
    run = letter;
  }
  return out;
}

const TRUST_WORDS = new Set(['TRUST', 'TRST']);
// Words that make TR mean "trust" rather than "trustee" (SMITH FAMILY TR vs SMITH JOHN A TR).
const TRUST_QUALIFIERS: Readonly<Record<string, string>> = {
  FAMILY: 'FAMILY',
  FAM: 'FAMILY',
  LIVING: 'LIVING',
  LIV: 'LIVING',
  REVOCABLE: 'REVOCABLE',
  REV: 'REVOCABLE',
  IRREVOCABLE: 'IRREVOCABLE',
  IRREV: 'IRREVOCABLE',
  TESTAMENTARY: 'TESTAMENTARY',
  LAND: 'LAND',
  SURVIVORS: 'SURVIVORS',
  BYPASS: 'BYPASS',
  MARITAL: 'MARITAL',
};
// From one of these on, a trust name carries its instrument's date, not its name.
const TRUST_DATE_MARKERS = new Set([
  'DATED',
  'DTD',
  'UA',
  'UAD',
  'UTD',
  'UDT',
  'UNDER',
  'AGREEMENT',
  'AGMT',
]);

/** The trust key's tokens, or undefined when the name is not a trust. */
function trustTokens(tokens: readonly string[]): string[] | undefined {
  let anchor = tokens.findIndex((t) => TRUST_WORDS.has(t));
  if (anchor < 0) {
    const qualifier = tokens.findIndex((t) => Object.hasOwn(TRUST_QUALIFIERS, t));
    anchor = tokens.findIndex(
      (t, i) => i > qualifier && qualifier >= 0 && (t === 'TR' || t === 'TRS'),
    );
  }
  if (anchor < 0) return undefined;
  const head = tokens
    .slice(0, anchor)
    .filter((t) => t !== ',')
    .map((t) => (t === '&' ? 'AND' : (TRUST_QUALIFIERS[t] ?? t)));
  let rest = tokens.slice(anchor + 1).filter(isWord);
  const date = rest.findIndex((t) => TRUST_DATE_MARKERS.has(t));
  if (date >= 0) rest = rest.slice(0, date);
  // "SMITH FAMILY TRUST, JOHN A SMITH TRUSTEE": the trustee is not part of the trust's name.
  if (TRUSTEE_MARKERS.has(rest.at(-1) ?? '')) rest = [];
  return [...head, 'TRUST', ...rest];
}

const PERSON_NOISE = new Set([
  'JR',
  'SR',
  'II',
  'III',
  'IV',
  '2ND',
  '3RD',
  '4TH',
  'DECEASED',
  'DECD',
  ...TRUSTEE_MARKERS,
  ...ROLE_WORDS,
]);
// Surname particles written apart as often as together: MC DONALD = MCDONALD, DE LA CRUZ =
// DELACRUZ. VAN is left alone except at the start or before DER/DEN/DE, because VAN is the most
// common Vietnamese middle name (NGUYEN VAN THANH). LE and MAC are Vietnamese surnames, DU a
// Chinese one: not particles.
const PARTICLES = new Set(['MC', 'DE', 'DEL', 'DELLA', 'DI', 'DA', 'DOS', 'ST', 'VON', 'VAN']);
const PARTICLE_LINKS = new Set(['LA', 'LAS', 'LOS', 'DE', 'DEL', 'DER', 'DEN']);

function joinParticles(words: readonly string[], minWords: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    let j = i + 1;
    while (j < words.length - 1 && PARTICLE_LINKS.has(words[j]!)) j++;
    const next = words[j];
    const joins =
      PARTICLES.has(w) &&
      next !== undefined &&
      next.length > 1 &&
      (w !== 'VAN' || i === 0 || j > i + 1) &&
      out.length + 1 + (words.length - j - 1) >= minWords;
    if (joins) {
      out.push(words.slice(i, j + 1).join(''));
      i = j;
    } else out.push(w);
  }
  return out;
}

function personKeys(tokens: readonly string[]): NameKeys {
  let t = tokens.filter((w) => !PERSON_NOISE.has(w));
  if (t[0] === 'ESTATE' && t[1] === 'OF') t = t.slice(2);
  if (t.at(-1) === 'ESTATE') t = t.slice(0, -1);

  // One party per name: "SMITH JOHN A AND MARY B" is John. "JOHN AND MARY SMITH" shares the
  // surname at the end, so John borrows it.
  const and = t.findIndex((w) => w === '&' || w === 'AND');
  if (and >= 0) {
    const head = t.slice(0, and);
    const rest = t.slice(and + 1).filter(isWord);
    t = head.filter(isWord).length === 1 && rest.length >= 2 ? [...head, rest.at(-1)!] : head;
  }

  const segments = t
    .join(' ')
    .split(',')
    .map((seg) => seg.split(' ').filter((w) => w !== '' && isWord(w)))
    .filter((seg) => seg.length > 0);
  const [first, ...others] = segments;
  if (first === undefined) return EMPTY;

  // A comma fixes the order: before it the surname (words joined, so GARCIA LOPEZ, MARIA has
  // the surname GARCIALOPEZ like GARCIA-LOPEZ), after it the given names.
  if (others.length > 0) {
    const given = joinParticles(others.flat(), 1);
    const reading: NameReading = {
      surname: joinParticles(first, 1).join(''),
      first: given[0] ?? '',
      middle: given.slice(1).join(' '),
    };
    return { nameKind: 'person', key: readingText(reading), readings: [reading] };
  }

  const words = joinParticles(first, 2);
  const surnameFirst: NameReading = {
    surname: words[0]!,
    first: words[1] ?? '',
    middle: words.slice(2).join(' '),
  };
  const readings = [surnameFirst];
  if (words.length > 1) {
    const firstLast: NameReading = {
      surname: words.at(-1)!,
      first: words[0]!,
      middle: words.slice(1, -1).join(' '),
    };
    if (readingText(firstLast) !== readingText(surnameFirst)) readings.push(firstLast);
  }
  // A single letter is an initial, never a surname: "SMITH JOHN A" is not A, SMITH JOHN.
  const plausible = readings.filter((r) => r.surname.length > 1);
  return {
    nameKind: 'person',
    key: words.join(' '),
    readings: plausible.length > 0 ? plausible : [surnameFirst],
  };
}

const readingText = (r: NameReading): string =>
  [r.surname, r.first, r.middle].filter(Boolean).join(' ');

/**
 * The stored keys of a name: its kind, its canonical key, and for a person the readings the
 * variant and typo rules join on. Empty or garbage input gives name kind 'person', key '' and no
 * readings. A person's key is the surname-first reading, which without a comma is the words in
 * their written order: "JOHN A SMITH" has the key JOHN A SMITH and matches SMITH JOHN A only as
 * a variant, through its first-last reading.
 */
export function nameKeys(raw: string): NameKeys {
  let tokens = nameTokens(raw);
  if (!tokens.some(isWord)) return EMPTY;
  // "SMITH FAMILY TRUST, WELLS FARGO BANK TRUSTEE" is the trust, whoever its trustee is.
  const trustWord = tokens.findIndex((t) => TRUST_WORDS.has(t));
  if (trustWord >= 0 && TRUSTEE_MARKERS.has(tokens.at(-1)!))
    tokens = tokens.slice(0, trustWord + 1);
  const business = businessTokens(tokens);
  if (business) return { nameKind: 'business', key: business.join(' '), readings: [] };
  const trust = trustTokens(tokens);
  if (trust) return { nameKind: 'trust', key: trust.join(' '), readings: [] };
  return personKeys(tokens);
}

/**
 * SymSpell-style keys for a one-edit typo: the surname itself and every string made by deleting
 * one character, without repeats. Two surnames one insertion, deletion, substitution or
 * transposition apart share a key. Surnames shorter than TYPO_MIN_SURNAME_LENGTH return
 * [surname] only, so LEE never reaches LI or LEA; a four-letter surname can still reach a
 * three-letter one (LEEK → LEE), as the SQL join over these keys does. '' has no keys.
 */
export function surnameDeletionKeys(surname: string): string[] {
  if (surname === '') return [];
  if (surname.length < TYPO_MIN_SURNAME_LENGTH) return [surname];
  const keys = new Set([surname]);
  for (let i = 0; i < surname.length; i++) keys.add(surname.slice(0, i) + surname.slice(i + 1));
  return [...keys];
}

/**
 * Middle names are compatible when either is '', or their first words are equal, or one first
 * word is a single letter equal to the first letter of the other ("A" ~ "ALLEN"). Only the first
 * words are compared: "ALLEN ROBERT" ~ "ALLEN". SQL twin: names_middle_compatible (migration 0010).
 */
export function middleCompatible(a: string, b: string): boolean {
  if (a === '' || b === '') return true;
  const wa = a.split(' ')[0]!;
  const wb = b.split(' ')[0]!;
  return wa === wb || (wa.length === 1 && wb[0] === wa) || (wb.length === 1 && wa[0] === wb);
}

const sameReading = (g: NameReading, c: NameReading): boolean =>
  g.surname === c.surname && g.first === c.first && middleCompatible(g.middle, c.middle);

const typoReading = (g: NameReading, c: NameReading): boolean =>
  g.surname !== c.surname &&
  g.first === c.first &&
  middleCompatible(g.middle, c.middle) &&
  surnameDeletionKeys(g.surname).some((k) => surnameDeletionKeys(c.surname).includes(k));

function variantReason(g: NameReading, c: NameReading): string {
  const name = `${g.surname} ${g.first}`.trim();
  if (g.middle === '' && c.middle === '') return `Same surname and first name: ${name}`;
  if (g.middle === '' || c.middle === '')
    return `Same surname and first name: ${name}, middle name ${g.middle || c.middle} given on one side only`;
  const gm = g.middle.split(' ')[0]!;
  const cm = c.middle.split(' ')[0]!;
  if (gm === cm) return `Same surname, first and middle name: ${name} ${gm}`;
  const [initial, full] = gm.length === 1 ? [gm, cm] : [cm, gm];
  return `Same surname and first name, middle initial ${initial} matches ${full}`;
}

function missReason(guarded: readonly NameReading[], candidate: readonly NameReading[]): string {
  for (const g of guarded) {
    for (const c of candidate) {
      const near =
        g.surname === c.surname ||
        surnameDeletionKeys(g.surname).some((k) => surnameDeletionKeys(c.surname).includes(k));
      if (!near) continue;
      if (g.first !== c.first)
        return `Different first name: ${c.first || '(none)'} vs ${g.first || '(none)'}`;
      return `Different middle name: ${c.middle} vs ${g.middle}`;
    }
  }
  return `Different surname: ${candidate[0]?.surname ?? ''} vs ${guarded[0]?.surname ?? ''}`;
}

/**
 * Whether a recorded name (candidate) is the guarded name, and why. The decision uses only
 * nameKeys, surnameDeletionKeys and middleCompatible, so the SQL join over the same stored values
 * reproduces it exactly, taking the first rule that holds:
 *  exact   = equal, non-empty keys (any kind);
 *  variant = some pair of person readings with equal surname, equal first, compatible middle;
 *  typo    = some pair of person readings whose surnames differ but share a deletion key, equal
 *            first, compatible middle.
 * Business and trust names match only by equal key; an empty key never matches.
 */
export function matchName(guarded: string, candidate: string): NameMatch {
  const g = nameKeys(guarded);
  const c = nameKeys(candidate);
  if (g.key === '' || c.key === '') return { matched: false, reason: 'No name to compare' };
  if (g.key === c.key) {
    const what = g.nameKind === 'person' ? 'name' : `${g.nameKind} name`;
    return { matched: true, rule: 'exact', reason: `Same ${what}: ${g.key}` };
  }
  if (g.nameKind !== c.nameKind)
    return { matched: false, reason: `${c.key} is a ${c.nameKind}, ${g.key} a ${g.nameKind}` };
  if (g.nameKind !== 'person')
    return { matched: false, reason: `Different ${g.nameKind} names: ${c.key} vs ${g.key}` };

  for (const gr of g.readings) {
    for (const cr of c.readings) {
      if (sameReading(gr, cr))
        return { matched: true, rule: 'variant', reason: variantReason(gr, cr) };
    }
  }
  for (const gr of g.readings) {
    for (const cr of c.readings) {
      if (typoReading(gr, cr)) {
        const reason = `Surname ${cr.surname} is one letter from ${gr.surname}, same first name ${gr.first || '(none)'}`;
        return { matched: true, rule: 'typo', reason };
      }
    }
  }
  return { matched: false, reason: missReason(g.readings, c.readings) };
}

/**
 * The key prefixes under which the county's index holds the namesakes a variant or typo of
 * `guarded` cannot tell apart: "SURNAME FIRST" of each of its person readings. An index name
 * counts when its name_key equals a prefix or starts with the prefix and a space (SMITH JOHN,
 * SMITH JOHN A, SMITH JOHN ALLEN TR; not SMITH JOHNNY). Businesses and trusts have none.
 */
export function namesakePrefixes(guarded: string): string[] {
  return nameKeys(guarded).readings.map((r) => `${r.surname} ${r.first}`.trimEnd());
}

/**
 * Confidence in [0, 1] of a name match: the rule's base (exact 1, variant 0.85, typo 0.7) divided
 * by 1 + log10(1 + nameCount / 25), rounded to 3 decimals, so a name carried by many documents
 * in the county counts for less. nameCount (0 when unknown) is what the match cannot tell apart:
 * for exact, the index_names.document_count of the guarded name; for variant and typo, the
 * documents of the county's index under a name's namesakePrefixes, summed, for the guarded and
 * for the recorded name, whichever is larger (a common name one letter from a rare guarded one
 * is most likely that common name).
 * SQL twin: round((base / (1 + log(1 + nameCount / 25.0)))::numeric, 3) in the matcher
 * (engine/matching/match.repository.ts), which writes no event for a variant or typo under
 * MIN_VARIANT_CONFIDENCE.
 */
export function matchConfidence(rule: NameRule, nameCount: number): number {
  const count = Number.isFinite(nameCount) && nameCount > 0 ? nameCount : 0;
  const confidence = MATCH_BASE_CONFIDENCE[rule] / (1 + Math.log10(1 + count / 25));
  return Math.round(confidence * 1000) / 1000;
}
