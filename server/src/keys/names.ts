/**
 * Name matching: the keys stored beside every guarded name and every recorded party, and the
 * decision the set-based SQL matcher reproduces by joining on those stored keys.
 *
 * A name is read as one of three kinds. A business carries a designator (LLC, INC, BANK ...); a
 * trust carries the word TRUST, or TR beside a trust word (SMITH FAMILY TR); anything else is a
 * person. Businesses and trusts match only by equal keys. People also match by reading (surname,
 * first name, compatible middle), by a nickname of the first name, by a one-edit surname typo, by
 * one part of a two-part surname, and by a first initial; two people's generational suffixes
 * (JR, SR, II ...) must not differ.
 *
 * Every match has a tier: exact (equal keys), strong (a rule the matcher is sure of, for a name
 * with few namesakes in the county) or possible (a common name's variant, where namesakes are
 * likely, or a rule that is never sure). No match is dropped for being unsure: a possible match
 * is shown and mailed differently, not thrown away.
 */
import { foldLetters } from '@deedwatch/rules';
import { areNicknames } from './nicknames.ts';

export type NameKind = 'person' | 'business' | 'trust';
/** A person's generational suffix; '' for none. JR = JUNIOR, II = 2ND, and so on. */
export type NameSuffix = '' | 'JR' | 'SR' | 'II' | 'III' | 'IV';
/**
 * How a reading was found, which decides the rules it takes part in:
 * - base: the name's own words, surname first (every rule);
 * - reversed: the same words read first-last, JOHN A SMITH as SMITH JOHN A (every rule, but a
 *   typo needs the other side's reading not to be reversed too: in WILLIAMS ROBERTA and
 *   WILLIAMS ROBERT, ROBERTA and ROBERT are given names, not a surname one letter off);
 * - alt: the same name written another way — a weak particle joined to the next word (O BRIEN
 *   = OBRIEN), the first two words read as one surname (GARCIA LOPEZ MARIA = GARCIALOPEZ MARIA):
 *   variant, nickname and initial rules, no typos;
 * - part: one part of a two-part surname alone (any rule, but only ever a possible match).
 */
export type ReadingForm = 'base' | 'reversed' | 'alt' | 'part';
/** One way to read a person's name: surname, first given name, the rest of the given names joined by a space ('' when none). */
export type NameReading = {
  surname: string;
  first: string;
  middle: string;
  form: ReadingForm;
  /** For a part reading: the whole surname it is a part of, as written (GARCIA-LOPEZ). */
  whole?: string;
};
export type NameKeys = {
  nameKind: NameKind;
  /** Canonical key: two names with equal keys (and suffixes that do not differ) are the same name, an "exact" match. Never empty for a non-empty name. */
  key: string;
  /** A person's generational suffix, '' for none and for businesses and trusts. */
  suffix: NameSuffix;
  /** person: the readings (base: surname-first, and first-last when it differs, e.g. "JOHN A SMITH"; a comma fixes surname-first; then alt and part readings). business/trust: []. */
  readings: NameReading[];
};
/** The rule by which two names match; not the match kind (apn, address or name) of an event. */
export type NameRule = 'exact' | 'variant' | 'nickname' | 'typo' | 'part' | 'initial';
/** How sure a match is: exact and strong alert at once, possible goes to the daily digest. */
export type MatchTier = 'exact' | 'strong' | 'possible';
/**
 * A match's reason as a catalog entry and its values, so that it can be said in the
 * subscriber's language; `reason` is the same in English.
 */
export type NameReasonWords = {
  key:
    | 'reasons.name.same'
    | 'reasons.name.sameSuffixOneSide'
    | 'reasons.name.sameOrganisation'
    | 'reasons.name.sameFirst'
    | 'reasons.name.middleOneSide'
    | 'reasons.name.sameMiddle'
    | 'reasons.name.middleInitial'
    | 'reasons.name.nickname'
    | 'reasons.name.initial'
    | 'reasons.name.part'
    | 'reasons.name.typo'
    | 'reasons.name.typoNoFirst';
  values: Record<string, string>;
};
export type NameMatch =
  | { matched: true; rule: NameRule; tier: MatchTier; reason: string; words: NameReasonWords }
  | { matched: false; reason: string };
type Found = { rule: NameRule; reason: string; words: NameReasonWords };

/** Surnames shorter than this get no deletion keys beyond themselves: one edit of LEE is a flood. */
export const TYPO_MIN_SURNAME_LENGTH = 4;

/**
 * Confidence of each rule before the commonness of the name is counted. A part of a two-part
 * surname and a first initial start under STRONG_CONFIDENCE: they are possible matches however
 * rare the name.
 */
export const MATCH_BASE_CONFIDENCE: Readonly<Record<NameRule, number>> = {
  exact: 1,
  variant: 0.85,
  nickname: 0.8,
  typo: 0.7,
  part: 0.5,
  initial: 0.5,
};

/**
 * A match that is not exact is strong at this confidence or above, possible under it. With 0.6,
 * a variant is strong while the commoner of the two names has at most 40 documents under its
 * surname and first name in the county, a nickname at most 28, a typo at most 11.
 */
export const STRONG_CONFIDENCE = 0.6;

const EMPTY: NameKeys = { nameKind: 'person', key: '', suffix: '', readings: [] };

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
  // Accents dropped as the index key does (rules' foldLetters): NUÑEZ = NUNEZ.
  let s = foldLetters(raw)
    .toUpperCase()
    .replace(CARE_OF, ' ')
    .replace(SLASHED_LETTERS, (m) => ` ${m.replace(/[\s/]/g, '')} `);
  for (const [re, code] of LETTER_CODES) s = s.replace(re, code);
  return (
    s
      // O'BRIEN = OBRIEN: recorders drop the mark as often as not (O BRIEN, with a space, is
      // read by the weak particles below). A hyphen inside a word stays, for now: a hyphenated
      // surname is one word (GARCIA-LOPEZ = GARCIALOPEZ) whose parts the person rules still need.
      .replace(/['‘’`]/g, '')
      .replace(/[^A-Z0-9&,-]+/g, ' ')
      .replace(/(?<![A-Z0-9])-+|-+(?![A-Z0-9])/g, ' ')
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

/** The name proper (the head), and the name given after an alias marker when a head precedes it (DOE JANE FKA JANE SMITH: JANE SMITH). */
function cutTails(tokens: string[]): { head: string[]; alias?: string[] } {
  for (let i = 0; i < tokens.length; i++) {
    for (const p of TAIL_PATTERNS) {
      if (!p.words.every((set, k) => set.has(tokens[i + k] ?? ''))) continue;
      const head = tokens.slice(0, i + p.keep);
      if (p.alias && !head.some(isWord)) return cutTails(tokens.slice(i + p.words.length));
      return p.alias ? { head, alias: cutTails(tokens.slice(i + p.words.length)).head } : { head };
    }
  }
  return { head: tokens };
}

const ET_TAILS = new Set(['AL', 'ALS', 'UX', 'VIR']);
const ET_WORDS = new Set(['ETAL', 'ETALS', 'ETUX', 'ETVIR']);

/** Tokens of the name proper, and of an alias: tails cut, ET AL/ET UX/ET VIR and a leading THE dropped. */
function nameTokens(raw: string): { tokens: string[]; alias?: string[] } {
  const { head, alias } = cutTails(tokenize(raw));
  return alias
    ? { tokens: properTokens(head), alias: properTokens(alias) }
    : { tokens: properTokens(head) };
}

function properTokens(tokens: string[]): string[] {
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
  const head = joinParticles(
    tokens
      .slice(0, anchor)
      .filter((t) => t !== ',')
      .map((t) => (t === '&' ? 'AND' : (TRUST_QUALIFIERS[t] ?? t))),
    1,
  );
  let rest = tokens.slice(anchor + 1).filter(isWord);
  const date = rest.findIndex((t) => TRUST_DATE_MARKERS.has(t));
  if (date >= 0) rest = rest.slice(0, date);
  // "SMITH FAMILY TRUST, JOHN A SMITH TRUSTEE": the trustee is not part of the trust's name.
  if (TRUSTEE_MARKERS.has(rest.at(-1) ?? '')) rest = [];
  return [...head, 'TRUST', ...rest];
}

const PERSON_NOISE = new Set([
  'DECEASED',
  'DECD',
  'SUCCESSOR',
  'SUCC',
  'CO-TRUSTEE',
  'CO-TRUSTEES',
  'COTRUSTEE',
  'COTRUSTEES',
  ...TRUSTEE_MARKERS,
  ...ROLE_WORDS,
]);
// Generational suffixes in their spellings. V is left out: it is as often a middle initial.
const SUFFIXES: Readonly<Record<string, Exclude<NameSuffix, ''>>> = {
  JR: 'JR',
  JNR: 'JR',
  JUNIOR: 'JR',
  SR: 'SR',
  SNR: 'SR',
  SENIOR: 'SR',
  II: 'II',
  '2ND': 'II',
  III: 'III',
  '3RD': 'III',
  IV: 'IV',
  '4TH': 'IV',
};
// Surname particles written apart as often as together: MC DONALD = MCDONALD, DE LA CRUZ =
// DELACRUZ. VAN is left alone except at the start or before DER/DEN/DE, because VAN is the most
// common Vietnamese middle name (NGUYEN VAN THANH).
const PARTICLES = new Set(['MC', 'DE', 'DEL', 'DELLA', 'DI', 'DA', 'DOS', 'ST', 'VON', 'VAN']);
const PARTICLE_LINKS = new Set(['LA', 'LAS', 'LOS', 'DE', 'DEL', 'DER', 'DEN']);
// Particles that are also names of their own (MAC and LE are Vietnamese surnames, DU a Chinese
// one, LA a Chinese and Vietnamese one) or the letter left when an apostrophe is written as a
// space (O BRIEN, D ANGELO): joined to the next word only in an extra reading, never in the key.
const WEAK_PARTICLES = new Set(['MAC', 'DU', 'LA', 'LE', 'O', 'D']);

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

/** The words with each weak particle joined to the word after it, or undefined when none is. */
function joinWeakParticles(words: readonly string[]): string[] | undefined {
  const out: string[] = [];
  let joined = false;
  for (let i = 0; i < words.length; i++) {
    const next = words[i + 1];
    if (
      WEAK_PARTICLES.has(words[i]!) &&
      next !== undefined &&
      next.length > 1 &&
      words.length > 2
    ) {
      out.push(words[i]! + next);
      i++;
      joined = true;
    } else out.push(words[i]!);
  }
  return joined ? out : undefined;
}

const readingText = (r: Pick<NameReading, 'surname' | 'first' | 'middle'>): string =>
  [r.surname, r.first, r.middle].filter(Boolean).join(' ');

const reading = (
  surname: string,
  given: readonly string[],
  form: ReadingForm,
  whole?: string,
): NameReading => ({
  surname,
  first: given[0] ?? '',
  middle: given.slice(1).join(' '),
  form,
  ...(whole === undefined ? {} : { whole }),
});

/** Surname-first, and first-last when it reads differently (no comma fixes the order). */
function orderReadings(words: readonly string[], form: 'base' | 'alt'): NameReading[] {
  const out = [reading(words[0]!, words.slice(1), form)];
  if (words.length > 1)
    out.push(reading(words.at(-1)!, words.slice(0, -1), form === 'base' ? 'reversed' : 'alt'));
  return out;
}

const unhyphen = (w: string): string => w.replaceAll('-', '');

/**
 * The person whose estate a name is: ESTATE OF JOHN A SMITH, and as recorders index it, surname
 * first with the words after the name (SMITH JOHN A ESTATE OF, SMITH JOHN A, ESTATE OF, SMITH
 * JOHN A ESTATE), are all SMITH JOHN A. A comma left at the end is dropped with them, so that it
 * fixes no order.
 */
function withoutEstate(tokens: readonly string[]): string[] {
  let t = tokens[0] === 'ESTATE' && tokens[1] === 'OF' ? tokens.slice(2) : [...tokens];
  for (;;) {
    while (t.length > 0 && !isWord(t.at(-1)!)) t.pop();
    if (t.at(-2) === 'ESTATE' && t.at(-1) === 'OF') t = t.slice(0, -2);
    else if (t.at(-1) === 'ESTATE') t = t.slice(0, -1);
    else return t;
  }
}

function personKeys(tokens: readonly string[], alias?: readonly string[]): NameKeys {
  let t = withoutEstate(tokens.filter((w) => !PERSON_NOISE.has(w)));

  // One key per name: "SMITH JOHN A JR AND MARY B" is John's, and JR is his. "JOHN AND MARY
  // SMITH" shares the surname at the end, so John borrows it. The other party is a party to the
  // document too: her readings are kept as alt readings (MARY B, and SMITH MARY B), and so are
  // an alias's (DOE JANE FKA JANE SMITH).
  const isAnd = (w: string) => w === '&' || w === 'AND';
  const headEnd = t.findIndex(isAnd);
  const suffix = t.slice(0, headEnd < 0 ? t.length : headEnd).find((w) => SUFFIXES[w]);
  t = t.filter((w) => SUFFIXES[w] === undefined);
  // SAINT JOHN is written ST JOHN as often, and ST is a particle.
  t = t.map((w, i) => (w === 'SAINT' && (t[i + 1]?.length ?? 0) > 1 ? 'ST' : w));
  const others: string[][] = alias
    ? [alias.filter((w) => isWord(w) && !PERSON_NOISE.has(w) && SUFFIXES[w] === undefined)]
    : [];
  const and = t.findIndex(isAnd);
  if (and >= 0) {
    const head = t.slice(0, and);
    const headWords = head.filter(isWord);
    const rest = t.slice(and + 1).filter(isWord);
    if (headWords.length === 1 && rest.length >= 2) {
      t = [...head, rest.at(-1)!];
      others.push(rest);
    } else {
      t = head;
      if (rest.length >= 2) others.push(rest);
      if (headWords.length >= 2 && rest.length >= 1) others.push([headWords[0]!, ...rest]);
    }
  }

  const segments = t
    .join(' ')
    .split(',')
    .map((seg) => seg.split(' ').filter((w) => w !== '' && isWord(w)))
    .filter((seg) => seg.length > 0);
  const [first, ...given] = segments;
  if (first === undefined) return EMPTY;
  const otherReadings = others
    .filter((words) => words.length >= 2)
    .flatMap((words) => orderReadings(joinParticles(words.map(unhyphen), 2), 'alt'));
  const keys = (key: string, readings: NameReading[]): NameKeys => ({
    nameKind: 'person',
    key,
    suffix: suffix === undefined ? '' : SUFFIXES[suffix]!,
    readings: withParts([...readings, ...otherReadings]),
  });

  // A comma fixes the order: before it the surname (words joined, so GARCIA LOPEZ, MARIA has
  // the surname GARCIALOPEZ like GARCIA-LOPEZ), after it the given names.
  if (given.length > 0) {
    const givenWords = joinParticles(given.flat().map(unhyphen), 1);
    const surnameWords = joinParticles(first, 1);
    const base = reading(surnameWords.map(unhyphen).join(''), givenWords, 'base');
    // Two words before the comma, or one hyphenated word, make a two-part surname.
    const parts = surnameWords.flatMap((w) => w.split('-'));
    if (parts.length === 2) base.whole = parts.join('-');
    return keys(readingText(base), [base]);
  }

  const written = joinParticles(first, 2);
  const words = written.map(unhyphen);
  const readings = orderReadings(words, 'base');
  // The hyphenated word of a base reading's surname: the two parts it may be written as alone.
  for (const r of readings) {
    const hyphenated = written[words.indexOf(r.surname)];
    if (hyphenated?.split('-').length === 2) r.whole = hyphenated;
  }
  // SMITH MARY-ANN as SMITH MARY ANN: a hyphen written as a space, surname first only (read
  // first-last, GARCIA-LOPEZ MARIA would become MARIA GARCIA with the middle name LOPEZ).
  if (written.some((w) => w.includes('-'))) {
    const spaced = joinParticles(
      first.flatMap((w) => w.split('-')),
      2,
    );
    readings.push(reading(spaced[0]!, spaced.slice(1), 'alt'));
  }
  const weak = joinWeakParticles(words);
  if (weak) readings.push(...orderReadings(weak, 'alt'));
  // GARCIA LOPEZ MARIA may be the surname GARCIALOPEZ (written GARCIA-LOPEZ or joined
  // elsewhere): the first two words as one surname, surname first only. Its parts alone are not
  // read: without a hyphen or a comma nothing says the two words are one surname.
  if (words.length >= 3) readings.push(reading(words[0]! + words[1]!, words.slice(2), 'alt'));

  // A single letter is an initial, never a surname: "SMITH JOHN A" is not A, SMITH JOHN.
  const plausible = readings.filter((r) => r.surname.length > 1);
  return keys(words.join(' '), plausible.length > 0 ? plausible : [readings[0]!]);
}

/**
 * The readings without repeats (the first found kept: base before alt), then a part reading
 * for each part of every two-part surname: GARCIA-LOPEZ MARIA may be written GARCIA MARIA.
 */
function withParts(readings: readonly NameReading[]): NameReading[] {
  const out = new Map<string, NameReading>();
  const add = (r: NameReading) => {
    if (!out.has(readingText(r))) out.set(readingText(r), r);
  };
  for (const r of readings)
    if (r.surname.length > 1 || out.size === 0)
      add({ surname: r.surname, first: r.first, middle: r.middle, form: r.form });
  for (const r of readings) {
    const parts = r.whole?.split('-') ?? [];
    // MAC DONALD, LA ROSA: a weak particle is not a surname of its own.
    if (parts.length !== 2 || parts.some((p) => p.length < 2) || WEAK_PARTICLES.has(parts[0]!))
      continue;
    for (const part of parts)
      add({ surname: part, first: r.first, middle: r.middle, form: 'part', whole: r.whole! });
  }
  return [...out.values()];
}

/**
 * The stored keys of a name: its kind, its canonical key, its suffix, and for a person the
 * readings the variant, nickname, typo, part and initial rules join on. Empty or garbage input
 * gives name kind 'person', key '' and no readings. A person's key is the surname-first reading,
 * which without a comma is the words in their written order: "JOHN A SMITH" has the key JOHN A
 * SMITH and matches SMITH JOHN A only as a variant, through its first-last reading.
 */
export function nameKeys(raw: string): NameKeys {
  const named = nameTokens(raw);
  let tokens = named.tokens;
  if (!tokens.some(isWord)) return EMPTY;
  // "SMITH FAMILY TRUST, WELLS FARGO BANK TRUSTEE" is the trust, whoever its trustee is.
  const trustWord = tokens.findIndex((t) => TRUST_WORDS.has(t));
  if (trustWord >= 0 && TRUSTEE_MARKERS.has(tokens.at(-1)!))
    tokens = tokens.slice(0, trustWord + 1);
  const joined = tokens.map(unhyphen);
  const business = businessTokens(joined);
  if (business) return { nameKind: 'business', key: business.join(' '), suffix: '', readings: [] };
  const trust = trustTokens(joined);
  if (trust) return { nameKind: 'trust', key: trust.join(' '), suffix: '', readings: [] };
  // An alias that is a business or a trust (DBA ACME REALTY) is not another name of the person.
  const alias = named.alias?.map(unhyphen);
  const personAlias =
    alias && !businessTokens(alias) && !trustTokens(alias) ? named.alias : undefined;
  return personKeys(tokens, personAlias);
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

/** The deletion keys stored for a reading: a base or reversed reading's surname's; an alt or part reading takes no typos. */
export const readingDeletionKeys = (r: NameReading): string[] =>
  r.form === 'base' || r.form === 'reversed' ? surnameDeletionKeys(r.surname) : [];

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

/** A suffix on one side only, or none, is compatible; JR and SR are two people. SQL twin: names_suffix_compatible (migration 0018). */
export const suffixesCompatible = (a: NameSuffix, b: NameSuffix): boolean =>
  a === '' || b === '' || a === b;

/** One first name is the initial of the other: J ~ JOHN. */
const initialOf = (a: string, b: string): boolean =>
  (a.length === 1 && b.length > 1 && b[0] === a) || (b.length === 1 && a.length > 1 && a[0] === b);

const shareDeletionKey = (g: NameReading, c: NameReading): boolean => {
  const keys = readingDeletionKeys(c);
  return readingDeletionKeys(g).some((k) => keys.includes(k));
};

const surnameOf = (r: NameReading): string => (r.form === 'part' ? r.whole! : r.surname);

/** The rule by which two readings match, with its reason, or undefined. */
function readingRule(g: NameReading, c: NameReading): Found | undefined {
  // One part of a two-part surname meets only a whole surname: GARCIA-LOPEZ MARIA and
  // GARCIA-MARTINEZ MARIA share GARCIA, and are two people.
  if (g.form === 'part' && c.form === 'part') return undefined;
  if (!middleCompatible(g.middle, c.middle)) return undefined;
  if (g.surname === c.surname) {
    let found: Found;
    if (g.first === c.first) found = { rule: 'variant', ...variantReason(g, c) };
    else if (areNicknames(g.first, c.first))
      found = {
        rule: 'nickname',
        reason: `Same surname ${g.surname}, and ${c.first} and ${g.first} are forms of one given name`,
        words: {
          key: 'reasons.name.nickname',
          values: { surname: g.surname, first: c.first, other: g.first },
        },
      };
    else if (initialOf(g.first, c.first)) {
      const [initial, full] = g.first.length === 1 ? [g.first, c.first] : [c.first, g.first];
      return {
        rule: 'initial',
        reason: `Same surname ${g.surname}, and first initial ${initial} may stand for ${full}`,
        words: { key: 'reasons.name.initial', values: { surname: g.surname, initial, full } },
      };
    } else return undefined;
    if (g.form !== 'part' && c.form !== 'part') return found;
    const whole = (g.form === 'part' ? g.whole : c.whole) ?? '';
    return {
      rule: 'part',
      reason: `${c.surname} is one part of the two-part surname ${whole}, same first name ${c.first}`,
      words: { key: 'reasons.name.part', values: { part: c.surname, whole, first: c.first } },
    };
  }
  if (
    g.first === c.first &&
    !(g.form === 'reversed' && c.form === 'reversed') &&
    shareDeletionKey(g, c)
  )
    return {
      rule: 'typo',
      reason: `Surname ${surnameOf(c)} is one letter from ${surnameOf(g)}, same first name ${g.first || '(none)'}`,
      words: {
        key: g.first ? 'reasons.name.typo' : 'reasons.name.typoNoFirst',
        values: { surname: surnameOf(c), other: surnameOf(g), first: g.first },
      },
    };
  return undefined;
}

function variantReason(g: NameReading, c: NameReading): Omit<Found, 'rule'> {
  const name = `${g.surname} ${g.first}`.trim();
  if (g.middle === '' && c.middle === '')
    return {
      reason: `Same surname and first name: ${name}`,
      words: { key: 'reasons.name.sameFirst', values: { name } },
    };
  if (g.middle === '' || c.middle === '') {
    const middle = g.middle || c.middle;
    return {
      reason: `Same surname and first name: ${name}, middle name ${middle} given on one side only`,
      words: { key: 'reasons.name.middleOneSide', values: { name, middle } },
    };
  }
  const gm = g.middle.split(' ')[0]!;
  const cm = c.middle.split(' ')[0]!;
  if (gm === cm)
    return {
      reason: `Same surname, first and middle name: ${name} ${gm}`,
      words: { key: 'reasons.name.sameMiddle', values: { name, middle: gm } },
    };
  const [initial, full] = gm.length === 1 ? [gm, cm] : [cm, gm];
  return {
    reason: `Same surname and first name, middle initial ${initial} matches ${full}`,
    words: { key: 'reasons.name.middleInitial', values: { initial, full } },
  };
}

function missReason(guarded: readonly NameReading[], candidate: readonly NameReading[]): string {
  for (const g of guarded) {
    for (const c of candidate) {
      const near = g.surname === c.surname || shareDeletionKey(g, c);
      if (!near) continue;
      if (g.first !== c.first)
        return `Different first name: ${c.first || '(none)'} vs ${g.first || '(none)'}`;
      return `Different middle name: ${c.middle} vs ${g.middle}`;
    }
  }
  return `Different surname: ${candidate[0]?.surname ?? ''} vs ${guarded[0]?.surname ?? ''}`;
}

/**
 * Whether a recorded name (candidate) is the guarded name, by which rule, and why. The decision
 * uses only the stored keys (nameKeys, readingDeletionKeys, middleCompatible,
 * suffixesCompatible, the nickname table), so the SQL join over the same stored values
 * reproduces it exactly:
 *  - people whose suffixes differ never match;
 *  exact    = equal, non-empty keys (any kind);
 *  variant  = two readings with equal surname, equal first, compatible middle;
 *  nickname = the same, but the first names are nicknames of one another (BOB ~ ROBERT);
 *  typo     = two base readings whose surnames differ but share a deletion key, equal first,
 *             compatible middle;
 *  part     = a variant or nickname through a part reading (GARCIA MARIA ~ GARCIA-LOPEZ MARIA);
 *  initial  = equal surname, one first name the initial of the other, compatible middle.
 * The rule with the highest base confidence wins (so does the matcher: every pair of readings
 * is tried and the most confident event kept). Business and trust names match only by equal
 * key; an empty key never matches. The tier is the one the match has in a county where neither
 * name has namesakes: matchTier(rule, matchConfidence(rule, 0)).
 */
export function matchName(guarded: string, candidate: string): NameMatch {
  return matchNameKeys(nameKeys(guarded), nameKeys(candidate));
}

/** matchName over names already read by nameKeys: for callers that compare one name with many. */
export function matchNameKeys(g: NameKeys, c: NameKeys): NameMatch {
  if (g.key === '' || c.key === '') return { matched: false, reason: 'No name to compare' };
  if (g.nameKind === 'person' && c.nameKind === 'person' && !suffixesCompatible(g.suffix, c.suffix))
    return { matched: false, reason: `Different suffixes: ${c.suffix} vs ${g.suffix}, two people` };
  const matched = (rule: NameRule, reason: string, words: NameReasonWords): NameMatch => ({
    matched: true,
    rule,
    tier: matchTier(rule, matchConfidence(rule, 0)),
    reason,
    words,
  });
  if (g.key === c.key) {
    if (g.nameKind !== 'person') {
      return matched('exact', `Same ${g.nameKind} name: ${g.key}`, {
        key: 'reasons.name.sameOrganisation',
        values: { kind: g.nameKind, name: g.key },
      });
    }
    // The key leaves the suffix out; the reason names it (compatible: the same, or on one side).
    const name = g.suffix !== '' && g.suffix === c.suffix ? `${g.key} ${g.suffix}` : g.key;
    const oneSide = g.suffix === c.suffix ? '' : g.suffix || c.suffix;
    return oneSide
      ? matched('exact', `Same name: ${name}, suffix ${oneSide} given on one side only`, {
          key: 'reasons.name.sameSuffixOneSide',
          values: { name, suffix: oneSide },
        })
      : matched('exact', `Same name: ${name}`, { key: 'reasons.name.same', values: { name } });
  }
  if (g.nameKind !== c.nameKind)
    return { matched: false, reason: `${c.key} is a ${c.nameKind}, ${g.key} a ${g.nameKind}` };
  if (g.nameKind !== 'person')
    return { matched: false, reason: `Different ${g.nameKind} names: ${c.key} vs ${g.key}` };

  let best: Found | undefined;
  for (const gr of g.readings) {
    for (const cr of c.readings) {
      const found = readingRule(gr, cr);
      if (found && (!best || MATCH_BASE_CONFIDENCE[found.rule] > MATCH_BASE_CONFIDENCE[best.rule]))
        best = found;
    }
  }
  return best
    ? matched(best.rule, best.reason, best.words)
    : { matched: false, reason: missReason(g.readings, c.readings) };
}

/**
 * The key prefixes under which the county's index holds the namesakes a match other than exact
 * cannot tell apart: "SURNAME FIRST" of each of the name's readings but its part readings (one
 * part of a two-part surname is somebody else's whole surname). An index name counts when its
 * name_key equals a prefix or starts with the prefix and a space (SMITH JOHN, SMITH JOHN A,
 * SMITH JOHN ALLEN TR; not SMITH JOHNNY). Businesses and trusts have none.
 */
export function namesakePrefixes(name: string): string[] {
  const prefixes = nameKeys(name)
    .readings.filter((r) => r.form !== 'part')
    .map((r) => `${r.surname} ${r.first}`.trimEnd());
  return [...new Set(prefixes)];
}

/**
 * Confidence in [0, 1] of a name match: the rule's base (MATCH_BASE_CONFIDENCE) divided by
 * 1 + log10(1 + nameCount / 25), rounded to 3 decimals, so a name carried by many documents in
 * the county counts for less. nameCount (0 when unknown) is what the match cannot tell apart:
 * for exact, the index_names.document_count of the guarded name; otherwise the documents of the
 * county's index under the namesakePrefixes of a name, summed, for the guarded and for the
 * recorded name, whichever is larger (a common name one letter from a rare guarded one is most
 * likely that common name).
 * SQL twin: round((base / (1 + log(1 + nameCount / 25)))::numeric, 3) in the matcher
 * (engine/matching/match.repository.ts).
 */
export function matchConfidence(rule: NameRule, nameCount: number): number {
  const count = Number.isFinite(nameCount) && nameCount > 0 ? nameCount : 0;
  const confidence = MATCH_BASE_CONFIDENCE[rule] / (1 + Math.log10(1 + count / 25));
  return Math.round(confidence * 1000) / 1000;
}

/** The tier of a match by its rule and confidence. SQL twin: the tier of insertEvents. */
export function matchTier(rule: NameRule, confidence: number): MatchTier {
  if (rule === 'exact') return 'exact';
  return confidence >= STRONG_CONFIDENCE ? 'strong' : 'possible';
}
