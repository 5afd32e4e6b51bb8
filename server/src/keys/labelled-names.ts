/**
 * Hand-labelled name pairs: what a careful person expects when a recorded name (candidate) meets
 * a guarded name, decided from the names alone, never by running the matcher.
 *
 * `expected` is the tier matchName should answer when the county holds no namesakes, that is the
 * tier of the rule itself: 'exact' for the same name written another way (punctuation, case,
 * accents, particles, apostrophes, designators, trust dates and trustees, a suffix on one side
 * only); 'strong' for a variant (another order, a middle name or initial on one side), a
 * nickname or a one-letter surname typo; 'possible' for a name that may be the guarded one and
 * may as well not (one part of a two-part surname alone, a first initial for a first name);
 * 'none' for a near miss, a name that looks like the guarded one but belongs to someone else.
 *
 * Matching pairs are grouped by what differs between the two names, near misses by what makes
 * the candidate someone else. name-quality.test.ts measures recall per class and the false
 * positives over the near misses; the matcher's SQL agreement test runs every guarded name
 * against every candidate.
 */

export const MATCHING_CLASSES = [
  'initials',
  'middle names',
  'order',
  'punctuation',
  'suffixes',
  'compound surnames',
  'particles',
  'apostrophes',
  'nicknames',
  'typos',
  'business designators',
  'trust forms',
  'aliases and roles',
] as const;

export const NEAR_MISS_CLASSES = [
  'other given name',
  'other middle name',
  'other surname',
  'other second surname',
  'conflicting suffix',
  'nickname look-alikes',
  'person vs business or trust',
  'other business',
  'other trust',
  'no name',
] as const;

export type MatchingClass = (typeof MATCHING_CLASSES)[number];
export type NearMissClass = (typeof NEAR_MISS_CLASSES)[number];
/** The tier a matching pair should get with no namesakes in the county. */
export type ExpectedTier = 'exact' | 'strong' | 'possible';

export type LabelledName =
  | { guarded: string; candidate: string; expected: ExpectedTier; class: MatchingClass }
  | { guarded: string; candidate: string; expected: 'none'; class: NearMissClass };

type Pair = readonly [guarded: string, candidate: string];

const match = (
  cls: MatchingClass,
  expected: ExpectedTier,
  pairs: readonly Pair[],
): LabelledName[] =>
  pairs.map(([guarded, candidate]) => ({ guarded, candidate, expected, class: cls }));

const miss = (cls: NearMissClass, pairs: readonly Pair[]): LabelledName[] =>
  pairs.map(([guarded, candidate]) => ({ guarded, candidate, expected: 'none', class: cls }));

const first = (word: string): string => word[0]!;
const titleCase = (name: string): string =>
  name
    .toLowerCase()
    .replace(/(^|[\s'-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());

/**
 * Surname, first name, middle name: names as common in US county records as their
 * generators need (no particles, no suffixes, no two-part surnames).
 */
type Person = readonly [surname: string, first: string, middle: string];
const PEOPLE: readonly Person[] = [
  ['SMITH', 'JOHN', 'ALLEN'],
  ['WILLIAMS', 'ROBERT', 'JAMES'],
  ['JOHNSON', 'MARY', 'ELIZABETH'],
  ['BROWN', 'DAVID', 'LEE'],
  ['JONES', 'PATRICIA', 'ANN'],
  ['GARCIA', 'MARIA', 'ELENA'],
  ['MILLER', 'JAMES', 'EDWARD'],
  ['DAVIS', 'LINDA', 'KAY'],
  ['RODRIGUEZ', 'JOSE', 'LUIS'],
  ['MARTINEZ', 'ANA', 'SOFIA'],
  ['HERNANDEZ', 'CARLOS', 'ALBERTO'],
  ['LOPEZ', 'ROSA', 'MARIA'],
  ['GONZALEZ', 'JUAN', 'CARLOS'],
  ['WILSON', 'THOMAS', 'EUGENE'],
  ['ANDERSON', 'KAREN', 'LYNN'],
  ['TAYLOR', 'MICHAEL', 'SCOTT'],
  ['MOORE', 'JENNIFER', 'RENEE'],
  ['JACKSON', 'WILLIAM', 'HENRY'],
  ['MARTIN', 'ELIZABETH', 'ANNE'],
  ['LEE', 'DANIEL', 'KWAN'],
  ['PEREZ', 'LUIS', 'ANTONIO'],
  ['THOMPSON', 'DAVID', 'RAY'],
  ['WHITE', 'NANCY', 'JEAN'],
  ['HARRIS', 'RICHARD', 'WAYNE'],
  ['SANCHEZ', 'MIGUEL', 'ANGEL'],
  ['CLARK', 'STEVEN', 'PAUL'],
  ['RAMIREZ', 'JORGE', 'ARTURO'],
  ['LEWIS', 'BARBARA', 'JOAN'],
  ['ROBINSON', 'CHARLES', 'EDWARD'],
  ['WALKER', 'DONNA', 'MARIE'],
  ['YOUNG', 'KEVIN', 'MICHAEL'],
  ['ALLEN', 'SANDRA', 'KAY'],
  ['KING', 'GEORGE', 'WILLIAM'],
  ['WRIGHT', 'BRIAN', 'KEITH'],
  ['SCOTT', 'DEBORAH', 'LYNN'],
  ['TORRES', 'ALEJANDRO', 'JOSE'],
  ['PATEL', 'RAJESH', 'KUMAR'],
  ['CHEN', 'WEI', 'MING'],
  ['MURPHY', 'SEAN', 'PATRICK'],
  ['KOWALSKI', 'STANLEY', 'JOSEPH'],
  ['OKAFOR', 'CHINEDU', 'EMEKA'],
  ['COHEN', 'DAVID', 'AARON'],
  ['SULLIVAN', 'KATHLEEN', 'MARIE'],
  ['SCHMIDT', 'HANS', 'PETER'],
  ['RIVERA', 'LUZ', 'MARINA'],
  ['FLORES', 'JESUS', 'MANUEL'],
  ['NAKAMURA', 'KENJI', 'HIRO'],
  ['HUGHES', 'DOROTHY', 'MAE'],
  ['BAKER', 'SUSAN', 'CAROL'],
  ['NGUYEN', 'THANH', 'VAN'],
];

const WOMEN_FIRST_NAMES = new Set([
  'MARY',
  'PATRICIA',
  'MARIA',
  'LINDA',
  'ANA',
  'ROSA',
  'KAREN',
  'JENNIFER',
  'ELIZABETH',
  'NANCY',
  'BARBARA',
  'DONNA',
  'SANDRA',
  'DEBORAH',
  'KATHLEEN',
  'LUZ',
  'DOROTHY',
  'SUSAN',
]);
/** Suffixes are for men. */
const MEN: readonly Person[] = PEOPLE.filter(([, f]) => !WOMEN_FIRST_NAMES.has(f));

/**
 * The product's own examples, kept first: names.test.ts checks each of them for its exact tier,
 * and the agreement test asks the explain endpoint about the first forty pairs of the table.
 */
export const PRODUCT_EXAMPLES: readonly LabelledName[] = [
  ...match('middle names', 'strong', [
    ['SMITH JOHN A', 'SMITH JOHN'],
    ['SMITH JOHN A', 'SMITH JOHN ALLEN'],
    ['WILLIAMS ROBERT J', 'WILLIAMS ROBERT JAMES'],
  ]),
  ...match('order', 'strong', [
    ['SMITH JOHN A', 'JOHN A SMITH'],
    ['WILLIAMS ROBERT J', 'ROBERT WILLIAMS'],
  ]),
  ...match('punctuation', 'exact', [['SMITH JOHN A', 'SMITH, JOHN A.']]),
  ...match('suffixes', 'exact', [
    ['SMITH JOHN A', 'SMITH JOHN A JR'],
    // A suffix on one side only is no conflict.
    ['SMITH JOHN A', 'SMITH JOHN A SR'],
  ]),
  ...match('aliases and roles', 'exact', [
    ['SMITH JOHN A', 'SMITH JOHN A TR'],
    ['SMITH JOHN A', 'SMITH JOHN A TRUSTEE'],
    ['SMITH JOHN A', 'SMITH JOHN A ET AL'],
  ]),
  ...match('typos', 'strong', [
    ['SMITH JOHN A', 'SMTIH JOHN A.'],
    ['WILLIAMS ROBERT J', 'WILIAMS ROBERT J'],
    ['THOMPSON DAVID R', 'THTMPSON DAVID R'],
  ]),
  ...miss('other given name', [['SMITH JOHN A', 'SMITH JANE']]),
  ...miss('other middle name', [['SMITH JOHN A', 'SMITH JOHN B']]),
  ...miss('other surname', [['SMITH JOHN A', 'SMITHSON JOHN A']]),
  ...miss('other given name', [['SMITH JOHN A', 'JOHNSON SMITH']]),
  ...match('business designators', 'exact', [
    ['ACME HOLDINGS LLC', 'ACME HOLDINGS L.L.C.'],
    ['ACME HOLDINGS LLC', 'ACME HOLDINGS, LLC'],
    ['ACME HOLDINGS L.L.C.', 'ACME HOLDINGS, LLC'],
  ]),
  ...match('trust forms', 'exact', [
    ['THE SMITH FAMILY TRUST', 'SMITH FAMILY TRUST DATED 1/2/2003'],
    ['THE SMITH FAMILY TRUST', 'SMITH FAMILY TR'],
    ['SMITH FAMILY TRUST DATED 1/2/2003', 'SMITH FAMILY TR'],
  ]),
  ...match('compound surnames', 'strong', [['GARCIA-LOPEZ MARIA', 'GARCIA LOPEZ MARIA']]),
  // One part of a two-part surname alone may be the same woman, or her sister-in-law.
  ...match('compound surnames', 'possible', [
    ['GARCIA MARIA', 'GARCIA-LOPEZ MARIA'],
    ['SMITH-JONES MARY', 'SMITH MARY'],
  ]),
  ...match('initials', 'possible', [['SMITH JOHN A', 'SMITH J A']]),
  ...match('nicknames', 'strong', [
    ['WILLIAMS ROBERT J', 'WILLIAMS BOB J'],
    ['WILLIAMS ROBERT', 'WILLIAMS ROB'],
    ['WILLIAMS ROBERT J', 'WILLIAMS BOBBY'],
    ['JACKSON WILLIAM H', 'JACKSON BILL H'],
    ['JACKSON WILLIAM', 'JACKSON WILL'],
    ['MARTIN ELIZABETH A', 'MARTIN BETH A'],
    ['MARTIN ELIZABETH', 'MARTIN LIZ'],
    ['SULLIVAN MARGARET', 'SULLIVAN PEGGY'],
    ['SULLIVAN MARGARET R', 'SULLIVAN MAGGIE R'],
    ['HARRIS RICHARD W', 'HARRIS RICK W'],
    ['HARRIS RICHARD', 'HARRIS DICK'],
  ]),
  ...miss('nickname look-alikes', [
    ['WILLIAMS ROBERT', 'WILLIAMS RONALD'],
    ['TAYLOR MICHAEL', 'TAYLOR MICHELLE'],
    ['RUSSO JOSEPH', 'RUSSO JOSEPHINE'],
    ['WILLIAMS ROBERTA', 'WILLIAMS ROBERT'],
  ]),
];

// ---------------------------------------------------------------------------------------------
// Pairs that should match.

/** A first initial for the first name: possible, since J may be JOHN or JAMES. */
const INITIALS: LabelledName[] = [
  ...match('initials', 'possible', [
    ...PEOPLE.slice(1, 26).flatMap(([s, f, m], i): Pair[] => [
      i % 2 === 0 ? [`${s} ${f} ${m}`, `${s} ${first(f)} ${m}`] : [`${s} ${f}`, `${s} ${first(f)}`],
      i % 3 === 0
        ? [`${s} ${first(f)} ${first(m)}`, `${s} ${f} ${first(m)}`]
        : [`${s} ${f} ${first(m)}`, `${s}, ${first(f)}. ${first(m)}.`],
    ]),
    ['BROWN DAVID', 'D BROWN'],
    ['TAYLOR MICHAEL', 'M TAYLOR'],
    ['ROBINSON CHARLES E', 'C E ROBINSON'],
    ['ADAMS JOHN QUINCY', 'ADAMS J QUINCY'],
    ['BAKER, R. L.', 'BAKER ROBERT L'],
  ]),
];

/** A middle name against its initial, or given on one side only. */
const MIDDLE_NAMES: LabelledName[] = [
  ...match('middle names', 'strong', [
    ...PEOPLE.slice(2, 27).flatMap(([s, f, m], i): Pair[] => [
      [`${s} ${f} ${m}`, `${s} ${f} ${first(m)}`],
      i % 2 === 0 ? [`${s} ${f} ${first(m)}`, `${s} ${f}`] : [`${s} ${f}`, `${s} ${f} ${m}`],
    ]),
    ['SMITH JOHN ALLEN', 'SMITH JOHN A'],
    ['SMITH JOHN ALLEN', 'SMITH JOHN ALLEN ROBERT'],
    ['NGUYEN VAN THANH', 'NGUYEN VAN T'],
    ['NGUYEN THI LAN', 'NGUYEN THI L'],
    ['GARCIA MARIA', 'GARCIA MARIA GUADALUPE'],
    ['DAVIS, LINDA KAY', 'DAVIS LINDA K'],
  ]),
];

/** Given names first or surname first: a variant, since the reading is a guess. */
const ORDER: LabelledName[] = [
  ...match('order', 'strong', [
    ...PEOPLE.slice(1, 26).flatMap(([s, f, m], i): Pair[] => [
      i % 2 === 0 ? [`${s} ${f} ${first(m)}`, `${f} ${first(m)} ${s}`] : [`${s} ${f}`, `${f} ${s}`],
      i % 2 === 0 ? [`${s}, ${f} ${m}`, `${f} ${m} ${s}`] : [`${s} ${f} ${m}`, `${f} ${s}`],
    ]),
    ['JOHN SMITH', 'SMITH JOHN'],
    ['LEE JOHN', 'JOHN LEE'],
    ['NG KEVIN', 'KEVIN NG'],
    ['KIM MIN JUN', 'MIN JUN KIM'],
    // THANH is the given name and VAN the middle one: written the Western way round.
    ['NGUYEN VAN THANH', 'THANH VAN NGUYEN'],
  ]),
];

/** Commas, periods, case, accents and spacing: the same name. */
const PUNCTUATION: LabelledName[] = [
  ...match('punctuation', 'exact', [
    ...PEOPLE.slice(2, 22).flatMap(([s, f, m], i): Pair[] => [
      [`${s} ${f} ${m}`, `${s}, ${f} ${m}`],
      i % 2 === 0
        ? [`${s} ${f} ${first(m)}`, `${titleCase(s)}, ${titleCase(f)} ${first(m)}.`]
        : [`${s} ${f} ${first(m)}`, `${s},${f} ${first(m)}.`],
    ]),
    ['GARCIA JOSE', 'GARCÍA, JOSÉ'],
    ['MUNOZ JOSE LUIS', 'MUÑOZ JOSÉ LUIS'],
    ['PENA ROSARIO', 'PEÑA, ROSARIO'],
    ['NUNEZ RAMON', 'NÚÑEZ RAMÓN'],
    ['JIMENEZ SOFIA', 'Jiménez, Sofía'],
    ['GONZALEZ ANGEL', 'GONZÁLEZ ÁNGEL'],
    ['CASTANEDA INES', 'CASTAÑEDA INÉS'],
    ['IBANEZ JOAQUIN', 'IBÁÑEZ JOAQUÍN'],
    ['NGUYEN VAN THANH', 'NGUYỄN VĂN THÀNH'],
    ['TRAN THI HUONG', 'TRẦN THỊ HƯƠNG'],
    ['DANG VAN HUNG', 'ĐẶNG VĂN HÙNG'],
    ['SMITH JOHN A', '  SMITH   JOHN  A  '],
    ['SMITH JOHN A', 'SMITH; JOHN A'],
  ]),
  // A hyphenated given name against the same words apart, as a two-part surname against its
  // spaced form.
  ...match('punctuation', 'strong', [
    ['SMITH MARY ANN', 'SMITH MARY-ANN'],
    ['DUBOIS JEAN PIERRE', 'DUBOIS JEAN-PIERRE'],
  ]),
];

/** Suffixes: the same suffix written two ways, anywhere in the name, or on one side only. */
const SUFFIXES: LabelledName[] = [
  ...match('suffixes', 'exact', [
    ...MEN.slice(3, 13).flatMap(([s, f, m]): Pair[] => [
      [`${s} ${f} ${first(m)}`, `${s} ${f} ${first(m)} JR`],
      [`${s} ${f} JR`, `${s} ${f} JUNIOR`],
      [`${s} ${f} ${first(m)} SR`, `${s}, ${f} ${first(m)}, SR.`],
    ]),
    ...MEN.slice(13, 21).flatMap(([s, f, m], i): Pair[] => [
      [`${s} JR ${f} ${first(m)}`, `${s} ${f} ${first(m)} JR`],
      i % 2 === 0 ? [`${s} ${f} III`, `${s} ${f} 3RD`] : [`${s} ${f} II`, `${s} ${f} 2ND`],
    ]),
    ['SMITH JOHN A', 'SMITH JOHN A III'],
    ['SMITH JOHN A', 'SMITH JOHN A SR.'],
    ['SMITH JOHN A JR', 'SMITH JOHN A'],
    ['KING GEORGE W IV', 'KING GEORGE W 4TH'],
    ['ALLEN KEVIN R SR', 'ALLEN KEVIN R SENIOR'],
    ['DAVIS JAMES K II', 'DAVIS, JAMES K., II'],
  ]),
  ...match('suffixes', 'strong', [
    ['WRIGHT BRIAN JR', 'BRIAN WRIGHT JR'],
    ['SCOTT BRIAN L SR', 'SCOTT BRIAN LEE SR'],
    ['YOUNG KEVIN M JR', 'KEVIN M. YOUNG, JR.'],
    ['TORRES ALEJANDRO JR', 'TORRES ALEJANDRO JOSE JUNIOR'],
    ['PATEL RAJESH K III', 'RAJESH K PATEL III'],
  ]),
];

/** Two-part surname, parts of the surname, first name. */
const COMPOUND_SURNAMES: ReadonlyArray<readonly [string, string, string]> = [
  ['GARCIA', 'LOPEZ', 'MARIA'],
  ['SMITH', 'JONES', 'MARY'],
  ['HERNANDEZ', 'RAMIREZ', 'JOSE'],
  ['RODRIGUEZ', 'SANCHEZ', 'ANA'],
  ['MARTINEZ', 'FLORES', 'LUIS'],
  ['PEREZ', 'GOMEZ', 'CARMEN'],
  ['GONZALEZ', 'TORRES', 'JUAN'],
  ['CASTILLO', 'MORALES', 'ROSA'],
  ['JIMENEZ', 'RUIZ', 'PEDRO'],
  ['VARGAS', 'MENDOZA', 'ELENA'],
  ['ORTIZ', 'CRUZ', 'MIGUEL'],
  ['REYES', 'DIAZ', 'TERESA'],
  ['JOHNSON', 'WHITE', 'ELIZABETH'],
];
const COMPOUNDS: LabelledName[] = [
  // Hyphenated, spaced or run together: the same two-part surname.
  ...match(
    'compound surnames',
    'strong',
    COMPOUND_SURNAMES.filter(([a]) => a !== 'GARCIA').map(([a, b, f]): Pair => [
      `${a}-${b} ${f}`,
      `${a} ${b} ${f}`,
    ]),
  ),
  ...match('compound surnames', 'exact', [
    ...COMPOUND_SURNAMES.map(([a, b, f]): Pair => [`${a}-${b} ${f}`, `${a}${b} ${f}`]),
    ...COMPOUND_SURNAMES.map(([a, b, f]): Pair => [`${a} ${b}, ${f}`, `${a}-${b} ${f}`]),
  ]),
  // One part alone: possible.
  ...match('compound surnames', 'possible', [
    ...COMPOUND_SURNAMES.filter(([a]) => a !== 'GARCIA' && a !== 'SMITH').map(
      ([a, b, f], i): Pair =>
        i % 2 === 0 ? [`${a} ${f}`, `${a}-${b} ${f}`] : [`${a}-${b} ${f}`, `${a} ${f}`],
    ),
    ...COMPOUND_SURNAMES.map(([a, b, f]): Pair => [`${a}-${b} ${f}`, `${b} ${f}`]),
    ['GARCIA MARIA ELENA', 'GARCIA LOPEZ, MARIA ELENA'],
  ]),
  // The Spanish order, given names first.
  ...match('compound surnames', 'strong', [
    ['GARCIA-LOPEZ MARIA', 'MARIA GARCIA-LOPEZ'],
    ['HERNANDEZ RAMIREZ, JOSE', 'JOSE HERNANDEZ-RAMIREZ'],
  ]),
];

/** Particles written apart, together or with a comma: the same surname. */
const PARTICLE_SURNAMES: ReadonlyArray<readonly [apart: string, together: string, first: string]> =
  [
    ['DE LA CRUZ', 'DELACRUZ', 'MARIA'],
    ['DEL RIO', 'DELRIO', 'CARLOS'],
    ['VAN DER BERG', 'VANDERBERG', 'JAN'],
    ['VAN DYKE', 'VANDYKE', 'PETER'],
    ['VON BRAUN', 'VONBRAUN', 'KARL'],
    ['DI MAGGIO', 'DIMAGGIO', 'JOSEPH'],
    ['MC DONALD', 'MCDONALD', 'RONALD'],
    ['ST JOHN', 'STJOHN', 'MARY'],
    ['DE LEON', 'DELEON', 'RAFAEL'],
    ['DE JESUS', 'DEJESUS', 'ANA'],
    ['DOS SANTOS', 'DOSSANTOS', 'PAULO'],
    ['DA SILVA', 'DASILVA', 'JOAO'],
    ['DE LOS SANTOS', 'DELOSSANTOS', 'JUAN'],
    ['VAN DEN BERG', 'VANDENBERG', 'ANNA'],
    ['DELLA ROSA', 'DELLAROSA', 'LUCIA'],
    ['DE LA GARZA', 'DELAGARZA', 'ROBERTO'],
    ['VAN HOUTEN', 'VANHOUTEN', 'LISA'],
    ['MC CARTHY', 'MCCARTHY', 'SEAN'],
    ['DI NAPOLI', 'DINAPOLI', 'ANTHONY'],
  ];
/**
 * MAC, DU and LA are also surnames of their own (MAC and LA Vietnamese, DU Chinese): written
 * apart without a comma, the particle may be that surname, so apart and together are a variant.
 */
const WEAK_PARTICLE_SURNAMES: ReadonlyArray<
  readonly [apart: string, together: string, first: string]
> = [
  ['MAC DONALD', 'MACDONALD', 'ANGUS'],
  ['MAC KENZIE', 'MACKENZIE', 'ANDREW'],
  ['MAC LEOD', 'MACLEOD', 'IAN'],
  ['DU BOIS', 'DUBOIS', 'MICHELLE'],
  ['DU PONT', 'DUPONT', 'PIERRE'],
  ['LA ROSA', 'LAROSA', 'FRANK'],
  ['LA FONTAINE', 'LAFONTAINE', 'MARIE'],
  ['LA PORTE', 'LAPORTE', 'DENISE'],
];
const PARTICLES: LabelledName[] = [
  ...match('particles', 'exact', [
    ...PARTICLE_SURNAMES.flatMap(([apart, together, f], i): Pair[] => [
      i % 2 === 0 ? [`${apart} ${f}`, `${together} ${f}`] : [`${together} ${f}`, `${apart} ${f}`],
      [`${together} ${f}`, `${titleCase(apart)}, ${titleCase(f)}`],
    ]),
    // A comma says where the surname ends.
    ...WEAK_PARTICLE_SURNAMES.map(([apart, together, f]): Pair => [
      `${together} ${f}`,
      `${apart}, ${f}`,
    ]),
    ['ST JOHN MARY', 'SAINT JOHN MARY'],
    ['ST CLAIR ROBERT', 'SAINT CLAIR ROBERT'],
    ['MCDONALD RONALD', 'MC DONALD, RONALD'],
  ]),
  ...match('particles', 'strong', [
    ...WEAK_PARTICLE_SURNAMES.map(([apart, together, f], i): Pair =>
      i % 2 === 0 ? [`${apart} ${f}`, `${together} ${f}`] : [`${together} ${f}`, `${apart} ${f}`],
    ),
    ['DELACRUZ MARIA', 'MARIA DE LA CRUZ'],
    ['VAN DER BERG JAN', 'JAN VANDERBERG'],
    ['MCDONALD RONALD', 'RONALD MCDONALD'],
    ['DE LEON RAFAEL A', 'RAFAEL A DE LEON'],
  ]),
];

/** An apostrophe dropped, written as a space or as another mark: the same name. */
const APOSTROPHE_SURNAMES: ReadonlyArray<readonly [prefix: string, rest: string, first: string]> = [
  ['O', 'BRIEN', 'PATRICK'],
  ['O', 'CONNOR', 'KATHLEEN'],
  ['O', 'NEIL', 'MICHAEL'],
  ['O', 'MALLEY', 'BRIDGET'],
  ['O', 'REILLY', 'SEAN'],
  ['O', 'DONNELL', 'JAMES'],
  ['O', 'HARA', 'MAUREEN'],
  ['O', 'SULLIVAN', 'DENNIS'],
  ['O', 'KEEFE', 'MARGARET'],
  ['O', 'ROURKE', 'THOMAS'],
  ['D', 'ANGELO', 'ANTHONY'],
  ['D', 'AMICO', 'ROSE'],
  ['D', 'ALESSANDRO', 'VINCENT'],
];
const APOSTROPHES: LabelledName[] = [
  ...match('apostrophes', 'exact', [
    ...APOSTROPHE_SURNAMES.flatMap(([p, rest, f], i): Pair[] => [
      [`${p}'${rest} ${f}`, `${p}${rest} ${f}`],
      i % 2 === 0
        ? [`${p}'${rest} ${f}`, `${p}’${rest} ${f}`]
        : [`${p}${rest} ${f}`, `${p}’${rest}, ${f}`],
    ]),
    ['JACKSON DAQUAN', "JACKSON DA'QUAN"],
    ['WASHINGTON SHANIQUA', "WASHINGTON SHA'NIQUA"],
    ["O'NEIL PROPERTIES INC", 'ONEIL PROPERTIES INC'],
    ["O'BRIEN FAMILY TRUST", 'OBRIEN FAMILY TRUST'],
    ["D'ANGELO ANTHONY", 'D`ANGELO ANTHONY'],
  ]),
  // The apostrophe written as a space leaves a letter that may as well be an initial.
  ...match('apostrophes', 'strong', [
    ...APOSTROPHE_SURNAMES.filter((_, i) => i % 2 === 0).map(([p, rest, f]): Pair => [
      `${p}${rest} ${f}`,
      `${p} ${rest} ${f}`,
    ]),
    ["O'BRIEN PATRICK", 'PATRICK OBRIEN'],
    ["O'CONNOR KATHLEEN M", "KATHLEEN M O'CONNOR"],
    ['OMALLEY BRIDGET', "BRIDGET O'MALLEY"],
    ["D'AMICO ROSE", 'ROSE D AMICO'],
  ]),
];

/** Formal name, nickname, surname: nicknames from the common US list, in both directions. */
const NICKNAMED: ReadonlyArray<readonly [formal: string, nickname: string, surname: string]> = [
  ['JAMES', 'JIM', 'MILLER'],
  ['JAMES', 'JIMMY', 'CARTER'],
  ['JOHN', 'JACK', 'SMITH'],
  ['JOHN', 'JOHNNY', 'WALKER'],
  ['THOMAS', 'TOM', 'WILSON'],
  ['THOMAS', 'TOMMY', 'LEE'],
  ['JOSEPH', 'JOE', 'DIMAGGIO'],
  ['JOSEPH', 'JOEY', 'RUSSO'],
  ['CHARLES', 'CHUCK', 'ROBINSON'],
  ['CHARLES', 'CHARLIE', 'BROWN'],
  ['EDWARD', 'TED', 'KENNEDY'],
  ['EDWARD', 'ED', 'MORALES'],
  ['MICHAEL', 'MIKE', 'TAYLOR'],
  ['DANIEL', 'DANNY', 'BROWN'],
  ['DANIEL', 'DAN', 'OKAFOR'],
  ['DAVID', 'DAVE', 'COHEN'],
  ['ANTHONY', 'TONY', 'RUSSO'],
  ['CHRISTOPHER', 'CHRIS', 'PARKER'],
  ['PATRICIA', 'PATTY', 'JONES'],
  ['PATRICIA', 'TRICIA', 'NGUYEN'],
  ['KATHERINE', 'KATHY', 'WALSH'],
  ['KATHERINE', 'KATE', 'MURPHY'],
  ['SUSAN', 'SUE', 'BAKER'],
  ['DEBORAH', 'DEBBIE', 'SCOTT'],
  ['KENNETH', 'KEN', 'ANDERSON'],
  ['STEVEN', 'STEVE', 'CLARK'],
  ['LAWRENCE', 'LARRY', 'FOSTER'],
  ['RONALD', 'RON', 'HOWARD'],
  ['DONALD', 'DON', 'DUNCAN'],
  ['DOUGLAS', 'DOUG', 'STEWART'],
  ['TIMOTHY', 'TIM', 'HUGHES'],
  ['SAMUEL', 'SAM', 'ADAMS'],
  ['BENJAMIN', 'BEN', 'FRANKLIN'],
  ['ALEXANDER', 'ALEX', 'HAMILTON'],
  ['ANDREW', 'ANDY', 'JACKSON'],
  ['NICHOLAS', 'NICK', 'ROMANO'],
  ['FREDERICK', 'FRED', 'DOUGLASS'],
  ['HENRY', 'HANK', 'FORD'],
  ['MATTHEW', 'MATT', 'PERRY'],
  ['JEFFREY', 'JEFF', 'COLEMAN'],
  ['GREGORY', 'GREG', 'PECK'],
  ['RAYMOND', 'RAY', 'MORALES'],
  ['MANUEL', 'MANNY', 'GARCIA'],
  ['ABRAHAM', 'ABE', 'LINCOLN'],
  ['PAMELA', 'PAM', 'ELLIS'],
  ['CYNTHIA', 'CINDY', 'LAUPER'],
  ['JUDITH', 'JUDY', 'MURPHY'],
  ['KIMBERLY', 'KIM', 'NELSON'],
  ['SANDRA', 'SANDY', 'BULLOCK'],
  ['REBECCA', 'BECKY', 'LOPEZ'],
  ['GERALD', 'JERRY', 'FORD'],
  ['VICTORIA', 'VICKY', 'COOPER'],
  ['PHILLIP', 'PHIL', 'HOGAN'],
  ['DOROTHY', 'DOT', 'TURNER'],
  ['SARAH', 'SALLY', 'HALE'],
  ['JOSHUA', 'JOSH', 'BENNETT'],
  ['WALTER', 'WALT', 'HUNT'],
  ['VINCENT', 'VINCE', 'REED'],
];
const NICKNAMES: LabelledName[] = [
  ...match('nicknames', 'strong', [
    ...NICKNAMED.map(([formal, nick, s], i): Pair => {
      if (i % 4 === 1) return [`${s} ${nick}`, `${s} ${formal}`];
      if (i % 4 === 2) return [`${s} ${formal} A`, `${s} ${nick} A`];
      if (i % 4 === 3) return [`${s} ${formal}`, `${nick} ${s}`];
      return [`${s} ${formal}`, `${s} ${nick}`];
    }),
    ['WILLIAMS ROBERT J', 'BOB WILLIAMS'],
    ['JACKSON WILLIAM H', 'BILLY JACKSON'],
    ['MARTIN ELIZABETH ANNE', 'MARTIN BETTY ANNE'],
    ['HARRIS RICHARD', 'RICH HARRIS'],
    ['SMITH BOB', 'SMITH ROBERT'],
    ['JONES BILL', 'JONES WILLIAM H'],
    ['GARCIA PEGGY', 'GARCIA MARGARET'],
    ['PATEL LIZ', 'PATEL ELIZABETH'],
  ]),
];

/** One letter inserted, dropped, changed or two swapped, in a surname of four letters or more. */
const TYPOS: LabelledName[] = [
  ...match('typos', 'strong', [
    ['SMITH JOHN A', 'SMYTH JOHN A'],
    ['GARCIA MARIA', 'GRACIA MARIA'],
    ['JOHNSON ROBERT', 'JONSON ROBERT'],
    ['JOHNSON ROBERT', 'JOHNSTON ROBERT'],
    ['RODRIGUEZ JOSE L', 'RODRIGEZ JOSE L'],
    ['MARTINEZ ANA', 'MARTINES ANA'],
    ['HERNANDEZ CARLOS', 'HERNANDES CARLOS'],
    ['GONZALEZ JUAN', 'GONZALES JUAN'],
    ['ANDERSON KAREN', 'ANDERSEN KAREN'],
    ['JACKSON WILLIAM', 'JAKCSON WILLIAM'],
    ['ROBINSON CHARLES', 'ROBINSEN CHARLES'],
    ['CAMPBELL SCOTT', 'CAMPBEL SCOTT'],
    ['MITCHELL LISA', 'MITCHEL LISA'],
    ['PHILLIPS GARY', 'PHILIPS GARY'],
    ['EVANS DONALD', 'EVENS DONALD'],
    ['TURNER ANGELA', 'TUNRER ANGELA'],
    ['PARKER JOSEPH', 'PARKR JOSEPH'],
    ['COLLINS RUTH', 'COLINS RUTH'],
    ['EDWARDS BRENDA', 'EDWARS BRENDA'],
    ['MORRIS JERRY', 'MORIS JERRY'],
    ['MURPHY SEAN', 'MURPHEY SEAN'],
    ['ROGERS KENNETH', 'RODGERS KENNETH'],
    ['MORGAN HEATHER', 'MORGEN HEATHER'],
    ['PETERSON ERIC', 'PETERSEN ERIC'],
    ['BAILEY DIANE', 'BAILY DIANE'],
    ['KELLY SHANNON', 'KELLEY SHANNON'],
    ['HOWARD CARL', 'HOWERD CARL'],
    ['TORRES ALEJANDRO', 'TORES ALEJANDRO'],
    ['GRAY JOYCE', 'GREY JOYCE'],
    ['RAMIREZ JORGE', 'RAMIRES JORGE'],
    ['WATSON KEITH', 'WATSEN KEITH'],
    ['SANDERS TERESA', 'SAUNDERS TERESA'],
    ['BENNETT GLORIA', 'BENNET GLORIA'],
    ['BARNES PHILIP', 'BARNS PHILIP'],
    ['HENDERSON ROGER', 'HENDRESON ROGER'],
    ['COLEMAN JUDY', 'COLMAN JUDY'],
    ['JENKINS TERRY', 'JENKENS TERRY'],
    ['PATTERSON SHIRLEY', 'PATERSON SHIRLEY'],
    ['HUGHES ALBERT', 'HUGHS ALBERT'],
    ['FLORES JESUS', 'FLOREZ JESUS'],
    ['WASHINGTON DENISE', 'WASHINTON DENISE'],
    ['BUTLER RALPH', 'BUTTLER RALPH'],
    ['NGUYEN THANH', 'NGYUEN THANH'],
    ['NGUYEN MINH', 'NGUEYN MINH'],
    ['PATEL RAJESH', 'PATTEL RAJESH'],
    ['SCHMIDT HANS', 'SCHMITT HANS'],
    ['SCHNEIDER KLAUS', 'SCHNIEDER KLAUS'],
    ['MUELLER FRITZ', 'MULLER FRITZ'],
    ['KOWALSKI STANLEY', 'KOWALSKY STANLEY'],
    ['GARCIA-LOPEZ MARIA', 'GARCIA-LOPES MARIA'],
    ['WILLIAMS ROBERT', 'ROBERT WILIAMS'],
    ['THOMSON DAVID', 'THOMPSON DAVID'],
    ['SULLIVAN KATHLEEN M', 'SULIVAN, KATHLEEN M.'],
  ]),
];

/** Designators of one class written every way recorders write them: the same business. */
const BUSINESSES: ReadonlyArray<readonly [name: string, forms: readonly string[]]> = [
  ['ACME HOLDINGS LLC', ['ACME HOLDINGS L L C', 'THE ACME HOLDINGS LLC', 'Acme Holdings, L.L.C.']],
  [
    'PINNACLE PROPERTIES LLC',
    [
      'PINNACLE PROPERTIES LIMITED LIABILITY COMPANY',
      'PINNACLE PROPERTIES, LLC, A CALIFORNIA LIMITED LIABILITY COMPANY',
    ],
  ],
  [
    'BLUE HERON CAPITAL LLC',
    ['BLUE HERON CAPITAL, A DELAWARE LIMITED LIABILITY COMPANY', 'BLUE HERON CAPITAL, L.L.C.'],
  ],
  ['PACIFIC COAST HOMES LLC', ['PACIFIC COAST HOMES L.L.C.', 'Pacific Coast Homes LLC']],
  ['HIGHLAND RANCH LLC', ['HIGHLAND RANCH, LLC', 'HIGHLAND RANCH LIMITED LIABILITY CO']],
  [
    'MERIDIAN ASSET MANAGEMENT LLC',
    ['MERIDIAN ASSET MANAGEMENT, L.L.C.', 'THE MERIDIAN ASSET MANAGEMENT LLC'],
  ],
  ['NGUYEN BROTHERS LLC', ['NGUYEN BROTHERS, LLC', 'NGUYEN BROTHERS L L C']],
  [
    'GOLDEN STATE INVESTMENTS INC',
    ['GOLDEN STATE INVESTMENTS, INC.', 'GOLDEN STATE INVESTMENTS INCORPORATED'],
  ],
  [
    'CENTRAL VALLEY FARMS INC',
    ['CENTRAL VALLEY FARMS INC.', 'CENTRAL VALLEY FARMS, INC., A CALIFORNIA CORPORATION'],
  ],
  ['OAKWOOD REALTY GROUP INC', ['OAKWOOD REALTY GROUP, INC', 'Oakwood Realty Group Incorporated']],
  [
    'AMERICAN HOME MORTGAGE INC',
    ['AMERICAN HOME MORTGAGE, INC.', 'THE AMERICAN HOME MORTGAGE INC'],
  ],
  ['GARCIA CONSTRUCTION INC', ['GARCIA CONSTRUCTION, INC.', 'GARCÍA CONSTRUCTION INC']],
  [
    'SIERRA VISTA DEVELOPMENT CORP',
    ['SIERRA VISTA DEVELOPMENT CORPORATION', 'SIERRA VISTA DEVELOPMENT CORP.'],
  ],
  ['CAPITOL MORTGAGE CORP', ['CAPITOL MORTGAGE CORPORATION', 'Capitol Mortgage Corp.']],
  ['FIRST AMERICAN TITLE CO', ['FIRST AMERICAN TITLE COMPANY', 'FIRST AMERICAN TITLE CO.']],
  ['OLD REPUBLIC TITLE CO', ['OLD REPUBLIC TITLE COMPANY', 'THE OLD REPUBLIC TITLE COMPANY']],
  ['SMITH & SONS CO', ['SMITH AND SONS COMPANY', 'SMITH & SONS, CO.']],
  [
    'RIVER OAKS PARTNERS LP',
    ['RIVER OAKS PARTNERS, L.P.', 'RIVER OAKS PARTNERS LIMITED PARTNERSHIP'],
  ],
  [
    'LAKESIDE APARTMENTS LP',
    ['LAKESIDE APARTMENTS L.P.', 'LAKESIDE APARTMENTS, A CALIFORNIA LIMITED PARTNERSHIP'],
  ],
  [
    'MAPLE LEAF REAL ESTATE LTD',
    ['MAPLE LEAF REAL ESTATE LIMITED', 'MAPLE LEAF REAL ESTATE, LTD.'],
  ],
  ['WELLS FARGO BANK N.A.', ['WELLS FARGO BANK, NATIONAL ASSOCIATION', 'WELLS FARGO BANK, N.A.']],
  ['U.S. BANK N.A.', ['US BANK NATIONAL ASSOCIATION', 'U S BANK, N.A.']],
  ['J.P. MORGAN CHASE BANK', ['JP MORGAN CHASE BANK', 'J P MORGAN CHASE BANK']],
  ['CITIBANK N.A.', ['CITIBANK, NATIONAL ASSOCIATION', 'CITIBANK, N. A.']],
  ['JOHNSON DENTAL PC', ['JOHNSON DENTAL, P.C.', 'JOHNSON DENTAL PROFESSIONAL CORPORATION']],
  [
    'SUNRISE LANDSCAPING PLLC',
    ['SUNRISE LANDSCAPING, P.L.L.C.', 'SUNRISE LANDSCAPING PROFESSIONAL LIMITED LIABILITY COMPANY'],
  ],
  [
    'GREEN VALLEY HOMEOWNERS ASSOCIATION',
    ['GREEN VALLEY HOMEOWNERS ASSN', 'THE GREEN VALLEY HOMEOWNERS ASSOCIATION'],
  ],
];
const DESIGNATORS: LabelledName[] = [
  ...match('business designators', 'exact', [
    ...BUSINESSES.flatMap(([name, forms]) => forms.map((form): Pair => [name, form])),
    ['ACME HOLDINGS LLC', 'ACME HOLDINGS LLC DBA ACME REALTY'],
    ['ACME HOLDINGS INC', 'ACME HOLDINGS INCORPORATED'],
    ['ACME CORP', 'ACME CORPORATION'],
  ]),
];

/** Trusts with dates, trustees, abbreviations and a leading THE: the same trust. */
const TRUSTS: ReadonlyArray<readonly [name: string, forms: readonly string[]]> = [
  [
    'SMITH FAMILY TRUST',
    ['SMITH FAMILY TRUST U/A DTD 05/01/1999', 'SMITH FAMILY TRUST, JOHN A SMITH TRUSTEE'],
  ],
  ['GARCIA FAMILY TRUST', ['THE GARCIA FAMILY TRUST DATED JUNE 4, 2008', 'GARCIA FAM TR']],
  [
    'NGUYEN FAMILY TRUST',
    ['NGUYEN FAMILY TRUST DTD 3/4/2010', 'THE NGUYEN FAMILY TRUST, THANH VAN NGUYEN TRUSTEE'],
  ],
  ['JOHNSON LIVING TRUST', ['JOHNSON LIVING TR', 'JOHNSON LIV TR UTD 6/7/2001']],
  [
    'WILLIAMS REVOCABLE TRUST',
    ['WILLIAMS REV TRUST', 'THE WILLIAMS REVOCABLE TRUST DATED 12/1/2015'],
  ],
  ['MARTINEZ LIVING TRUST', ['MARTINEZ LIVING TRUST DATED MARCH 4, 2010', 'Martinez Living Trust']],
  [
    'ANDERSON FAMILY TRUST',
    ['ANDERSON FAMILY TRST', 'ANDERSON FAMILY TRUST, WELLS FARGO BANK N.A. TRUSTEE'],
  ],
  [
    'CHEN FAMILY TRUST',
    [
      'CHEN FAMILY TRUST UDT 8/15/2005',
      'CHEN FAMILY TRUST, WEI MING CHEN AND LI HUA CHEN TRUSTEES',
    ],
  ],
  [
    'THOMPSON IRREVOCABLE TRUST',
    ['THOMPSON IRREV TRUST', 'THE THOMPSON IRREVOCABLE TRUST DTD 1/1/2020'],
  ],
  [
    'JOHN A SMITH REVOCABLE TRUST',
    ['JOHN A SMITH REV TR DTD 1/5/2012', 'JOHN A. SMITH REVOCABLE TRUST'],
  ],
  [
    'ROBERT J WILLIAMS LIVING TRUST',
    ['ROBERT J WILLIAMS LIVING TR', 'ROBERT J. WILLIAMS LIVING TRUST U/A 2/2/2002'],
  ],
  ['HERNANDEZ FAMILY TRUST', ['HERNANDEZ FAMILY TRUST DATED 10-12-2011', 'HERNÁNDEZ FAMILY TRUST']],
  ['PATEL FAMILY TRUST', ['PATEL FAM TRUST', 'THE PATEL FAMILY TRUST, RAJESH K PATEL TTEE']],
  [
    'MILLER REVOCABLE LIVING TRUST',
    ['MILLER REV LIV TR', 'MILLER REVOCABLE LIVING TRUST DTD 7/7/2007'],
  ],
  [
    'DAVIS SURVIVORS TRUST',
    ['DAVIS SURVIVORS TR', 'THE DAVIS SURVIVORS TRUST UNDER THE DAVIS FAMILY TRUST DTD 1/2/1990'],
  ],
  [
    'LOPEZ FAMILY REVOCABLE TRUST',
    ['LOPEZ FAMILY REV TR', 'LOPEZ FAMILY REVOCABLE TRUST, ROSA M LOPEZ TRUSTEE'],
  ],
  ['KIM FAMILY TRUST', ['KIM FAMILY TR', 'KIM FAMILY TRUST DATED 4/1/2016']],
  [
    'JONES IRREVOCABLE TRUST',
    ['THE JONES IRREV TRUST', 'JONES IRREVOCABLE TRUST U/A DTD 11/11/2011'],
  ],
  ["O'CONNOR FAMILY TRUST", ['OCONNOR FAMILY TRUST DTD 2/2/2002', "THE O'CONNOR FAM TR"]],
  ['DE LA CRUZ FAMILY TRUST', ['DELACRUZ FAMILY TRUST', 'DE LA CRUZ FAMILY TR DTD 9/9/1999']],
  ['SMITH LIVING TRUST', ['SMITH LIVING TR DATED MARCH 4, 2010', 'SMITH LIV TRUST']],
  ['SMITH JOHN A LIVING TRUST', ['SMITH JOHN A LIVING TR', 'SMITH JOHN A LIV TR']],
  ['JONES TESTAMENTARY TRUST', ['JONES TESTAMENTARY TR', 'THE JONES TESTAMENTARY TRUST']],
  ['RAMIREZ BYPASS TRUST', ['RAMIREZ BYPASS TR', 'RAMIREZ BYPASS TRUST DTD 5/5/2005']],
  ['WALKER MARITAL TRUST', ['WALKER MARITAL TR', 'THE WALKER MARITAL TRUST']],
];
const TRUST_FORMS: LabelledName[] = [
  ...match(
    'trust forms',
    'exact',
    TRUSTS.flatMap(([name, forms]) => forms.map((form): Pair => [name, form])),
  ),
  // A settlor's name is as often indexed surname first.
  ...match('trust forms', 'strong', [
    ['SMITH JOHN A REVOCABLE TRUST', 'JOHN A SMITH REVOCABLE TRUST'],
  ]),
];

/** Trustee and party markers, marital status, estates and aliases around the name itself. */
const ALIASES_AND_ROLES: LabelledName[] = [
  ...match('aliases and roles', 'exact', [
    ['SMITH JOHN A', 'SMITH JOHN A TTEE'],
    ['SMITH JOHN A', 'SMITH JOHN A ETUX'],
    ['SMITH JOHN A', 'SMITH JOHN A ET. VIR'],
    ['SMITH JOHN A', 'SMITH, JOHN A, A MARRIED MAN'],
    ['SMITH JOHN A', 'SMITH JOHN A AKA JOHN ALLEN SMITH'],
    ['SMITH JOHN A', 'SMITH JOHN A & MARY B'],
    ...PEOPLE.slice(1, 36).map(([s, f, m], i): Pair => {
      const name = `${s} ${f} ${first(m)}`;
      const forms = [
        `${name}, TRUSTEE`,
        `${name} ET AL`,
        `${s}, ${f} ${first(m)}, A SINGLE PERSON`,
        `${name} AND CHRIS ${s}`,
        `${name}, HUSBAND AND WIFE`,
        `${name} H/W`,
        `${name} AS JOINT TENANTS`,
        `${name}, AS TRUSTEE OF THE ${s} FAMILY TRUST`,
        `${name} TRUSTEE OF THE ${s} LIVING TRUST`,
        `${name} DECEASED`,
        `${name} ESTATE`,
        `${name} EXECUTOR`,
        `${name} AS EXECUTOR OF THE ESTATE OF PAUL ${s}`,
        `${name} FKA ${f} ${first(m)} WALSH`,
        `${name} DBA ${s} CONSTRUCTION`,
        `${name} A/K/A ${f} ${s}`,
        `${name} JTWROS`,
        `${name}, AN UNMARRIED WOMAN`,
        `${name} AS ATTORNEY IN FACT`,
        `${name} DECD`,
        `${name}, SUCCESSOR TRUSTEE`,
        `${name} ET UX`,
        `${name} TRS`,
        `${name} ETAL`,
        `${name}, CONSERVATOR`,
      ];
      return [name, forms[i % forms.length]!];
    }),
  ]),
  ...match('aliases and roles', 'strong', [
    ['SMITH JOHN A', 'ESTATE OF JOHN A SMITH'],
    ['SMITH JOHN A', 'JOHN A SMITH AS TRUSTEE OF THE SMITH FAMILY TRUST'],
    ['WILLIAMS ROBERT J', 'A/K/A ROBERT J WILLIAMS'],
    ['GARCIA MARIA E', 'ESTATE OF MARIA E. GARCIA, DECEASED'],
    ['JOHNSON MARY', 'JOHN AND MARY JOHNSON'],
    // The second party of a joint name, and a married name given as an alias, are the guarded
    // person as surely as the first.
    ['SMITH MARY B', 'SMITH JOHN A & MARY B'],
    ['SMITH JANE', 'DOE JANE FKA JANE SMITH'],
  ]),
];

// ---------------------------------------------------------------------------------------------
// Near misses: names that must not match.

/** Surname, a first name, another first name (no nickname of each other). */
const OTHER_FIRST_NAMES: ReadonlyArray<readonly [string, string, string]> = [
  ['BROWN', 'DAVID', 'DANIEL'],
  ['WILSON', 'JAMES', 'JASON'],
  ['DAVIS', 'LINDA', 'LISA'],
  ['MILLER', 'KAREN', 'KATHY'],
  ['TAYLOR', 'MICHAEL', 'MITCHELL'],
  ['MOORE', 'JENNIFER', 'JESSICA'],
  ['JACKSON', 'WILLIAM', 'WALTER'],
  ['LEE', 'DANIEL', 'DENNIS'],
  ['HARRIS', 'RICHARD', 'RAYMOND'],
  ['CLARK', 'STEVEN', 'STANLEY'],
  ['LEWIS', 'BARBARA', 'BEVERLY'],
  ['ROBINSON', 'CHARLES', 'CURTIS'],
  ['WALKER', 'DONNA', 'DIANA'],
  ['YOUNG', 'KEVIN', 'KEITH'],
  ['KING', 'GEORGE', 'GARY'],
  ['WRIGHT', 'BRIAN', 'BRUCE'],
  ['SCOTT', 'DEBORAH', 'DOROTHY'],
  ['RODRIGUEZ', 'JOSE', 'JUAN'],
  ['MARTINEZ', 'ANA', 'ALMA'],
  ['HERNANDEZ', 'CARLOS', 'CESAR'],
  ['LOPEZ', 'ROSA', 'ROCIO'],
  ['GONZALEZ', 'JUAN', 'JULIO'],
  ['PEREZ', 'LUIS', 'LORENZO'],
  ['SANCHEZ', 'MIGUEL', 'MANUEL'],
  ['RAMIREZ', 'JORGE', 'JAVIER'],
  ['PATEL', 'RAJESH', 'RAMESH'],
  ['CHEN', 'WEI', 'WEN'],
  ['NGUYEN', 'THANH', 'THAO'],
  ['TRAN', 'MINH', 'MAI'],
];
const OTHER_GIVEN_NAME: LabelledName[] = miss('other given name', [
  ...OTHER_FIRST_NAMES.map(([s, a, b], i): Pair =>
    i % 3 === 0
      ? [`${s} ${a} A`, `${s} ${b} A`]
      : i % 3 === 1
        ? [`${s} ${a}`, `${b} ${s}`]
        : [`${s} ${a}`, `${s} ${b}`],
  ),
  ['SMITH JOHN A', 'SMITH JOHNATHAN A'],
  ['SMITH JOHN', 'SMITH'],
  ['SMITH JOHN A', 'JOHN SMITH B'],
  ['SMITH JOHN A', 'SMTIH JANE'],
  ['NGUYEN VAN THANH', 'NGUYEN VAN MINH'],
  ['NGUYEN THI LAN', 'NGUYEN THI MAI'],
  ['SMITH J A', 'SMITH MARY A'],
  ['WILLIAMS R J', 'WILLIAMS DAVID J'],
  ['GARCIA-LOPEZ MARIA', 'GARCIA JUAN'],
]);

/** Surname, first name, a middle name, another middle name with another initial or spelling. */
const OTHER_MIDDLES: ReadonlyArray<readonly [string, string, string, string]> = [
  ['WILLIAMS', 'ROBERT', 'JAMES', 'KENNETH'],
  ['JOHNSON', 'MARY', 'ELIZABETH', 'LOUISE'],
  ['BROWN', 'DAVID', 'LEE', 'WAYNE'],
  ['JONES', 'PATRICIA', 'ANN', 'LOUISE'],
  ['GARCIA', 'MARIA', 'ELENA', 'GUADALUPE'],
  ['MILLER', 'JAMES', 'EDWARD', 'ROBERT'],
  ['DAVIS', 'LINDA', 'KAY', 'SUE'],
  ['RODRIGUEZ', 'JOSE', 'LUIS', 'MANUEL'],
  ['MARTINEZ', 'ANA', 'SOFIA', 'LUCIA'],
  ['HERNANDEZ', 'CARLOS', 'ALBERTO', 'ANDRES'],
  ['WILSON', 'THOMAS', 'EUGENE', 'EDWARD'],
  ['ANDERSON', 'KAREN', 'LYNN', 'MARIE'],
  ['TAYLOR', 'MICHAEL', 'SCOTT', 'STEVEN'],
  ['JACKSON', 'WILLIAM', 'HENRY', 'HOWARD'],
  ['THOMPSON', 'DAVID', 'RAY', 'ROBERT'],
  ['WHITE', 'NANCY', 'JEAN', 'CAROL'],
  ['HARRIS', 'RICHARD', 'WAYNE', 'ALLEN'],
  ['CLARK', 'STEVEN', 'PAUL', 'MARK'],
  ['LEWIS', 'BARBARA', 'JOAN', 'ELLEN'],
  ['KING', 'GEORGE', 'WILLIAM', 'HENRY'],
  ['SCOTT', 'DEBORAH', 'LYNN', 'ANN'],
  ['PATEL', 'RAJESH', 'KUMAR', 'BHAI'],
  ['MURPHY', 'SEAN', 'PATRICK', 'MICHAEL'],
  ['SULLIVAN', 'KATHLEEN', 'MARIE', 'ANNE'],
  ['BAKER', 'SUSAN', 'CAROL', 'DIANE'],
];
const OTHER_MIDDLE_NAME: LabelledName[] = miss('other middle name', [
  ...OTHER_MIDDLES.map(([s, f, a, b], i): Pair => {
    // Same initial, other name: only the full names tell them apart.
    if (a[0] === b[0]) return [`${s} ${f} ${a}`, `${s} ${f} ${b}`];
    if (i % 3 === 0) return [`${s} ${f} ${a}`, `${s} ${f} ${b}`];
    if (i % 3 === 1) return [`${s} ${f} ${first(a)}`, `${s} ${f} ${first(b)}`];
    return [`${s} ${f} ${first(a)}`, `${s} ${f} ${b}`];
  }),
  ['SMITH JOHN ALLEN', 'SMITH JOHN ALBERT'],
  ['SMITH J A', 'SMITH JOHN B'],
  ['WILLIAMS ROBERT J', 'ROBERT K WILLIAMS'],
]);

const OTHER_SURNAME: LabelledName[] = miss('other surname', [
  ['SMITH JOHN A', 'SMYTHE JOHN A'],
  ['SMITH JOHN A', 'JONES JOHN A'],
  ['GARCIA MARIA', 'GARZA MARIA'],
  // Surnames under four letters are too short for a typo to be told from another name.
  ['LEE JOHN', 'LI JOHN'],
  ['LEE JOHN', 'LEA JOHN'],
  ['LI WEI', 'LIU WEI'],
  ['NG KEVIN', 'NGO KEVIN'],
  ['LE HUNG', 'LEE HUNG'],
  ['VU ANH', 'VO ANH'],
  ['HO LINH', 'HA LINH'],
  ['COX DANIEL', 'FOX DANIEL'],
  ['MCDONALD RONALD', 'DONALD RONALD'],
  ['JOHNSON ROBERT', 'JACKSON ROBERT'],
  ['MARTIN JOSE', 'MARTINEZ JOSE'],
  ['ROBERTS MARY', 'ROBERTSON MARY'],
  ['WILLIAMS DAVID', 'WILLIAMSON DAVID'],
  ['THOMAS SUSAN', 'THOMPSON SUSAN'],
  ['DAVIS JAMES', 'DAVIDSON JAMES'],
  ['NELSON KAREN', 'NIELSEN KAREN'],
  ['PETERS ANN', 'PETERSON ANN'],
  ['ORTIZ LUIS', 'ORTEGA LUIS'],
  ['CASTRO ELENA', 'CASTILLO ELENA'],
  ['GUTIERREZ JUAN', 'GUERRERO JUAN'],
  ['MENDOZA ROSA', 'MENDEZ ROSA'],
  ['ALVAREZ PEDRO', 'ALVARADO PEDRO'],
  ['NGUYEN THANH', 'NGO THANH'],
  ['YANG MIN', 'YOUNG MIN'],
  ['HUANG WEI', 'WANG WEI'],
  ['SMITH JOHN A', 'SMITHERS JOHN A'],
]);

/** First part, second part, another second part, first name. */
const OTHER_SECOND_PARTS: ReadonlyArray<readonly [string, string, string, string]> = [
  ['GARCIA', 'LOPEZ', 'MARTINEZ', 'MARIA'],
  ['HERNANDEZ', 'RAMIREZ', 'CASTRO', 'JOSE'],
  ['RODRIGUEZ', 'SANCHEZ', 'VEGA', 'ANA'],
  ['MARTINEZ', 'FLORES', 'ORTEGA', 'LUIS'],
  ['PEREZ', 'GOMEZ', 'SALAZAR', 'CARMEN'],
  ['GONZALEZ', 'TORRES', 'AGUILAR', 'JUAN'],
  ['CASTILLO', 'MORALES', 'NAVARRO', 'ROSA'],
  ['JIMENEZ', 'RUIZ', 'MEDINA', 'PEDRO'],
  ['VARGAS', 'MENDOZA', 'HERRERA', 'ELENA'],
  ['ORTIZ', 'CRUZ', 'DOMINGUEZ', 'MIGUEL'],
  ['REYES', 'DIAZ', 'CONTRERAS', 'TERESA'],
  ['CHAVEZ', 'ROMERO', 'GUZMAN', 'FRANCISCO'],
  ['SMITH', 'JONES', 'TAYLOR', 'MARY'],
  ['JOHNSON', 'WHITE', 'GREEN', 'ELIZABETH'],
];
const OTHER_SECOND_SURNAME: LabelledName[] = miss('other second surname', [
  ...OTHER_SECOND_PARTS.flatMap(([a, b, c, f]): Pair[] => [
    [`${a}-${b} ${f}`, `${a}-${c} ${f}`],
    [`${a} ${b}, ${f}`, `${a} ${c}, ${f}`],
  ]),
]);

/** Surname, first name, middle initial, a suffix, a conflicting suffix. */
const CONFLICTING_SUFFIXES: ReadonlyArray<readonly [string, string, string, string, string]> = [
  ['SMITH', 'JOHN', 'A', 'JR', 'SR'],
  ['WILLIAMS', 'ROBERT', 'J', 'SR', 'JR'],
  ['JOHNSON', 'DAVID', 'M', 'JR', 'III'],
  ['BROWN', 'JAMES', 'E', 'II', 'III'],
  ['JONES', 'WILLIAM', 'H', 'III', 'IV'],
  ['GARCIA', 'JOSE', 'L', 'SR', 'II'],
  ['MILLER', 'CHARLES', 'R', 'JR', 'II'],
  ['DAVIS', 'THOMAS', 'W', 'SR', 'III'],
  ['RODRIGUEZ', 'JUAN', 'C', 'JUNIOR', 'SENIOR'],
  ['WILSON', 'GEORGE', 'B', '2ND', '3RD'],
  ['TAYLOR', 'RICHARD', 'K', 'JR', 'IV'],
  ['ANDERSON', 'PAUL', 'D', 'III', 'SR'],
  ['THOMAS', 'HENRY', 'L', 'II', 'JR'],
  ['MOORE', 'EDWARD', 'F', 'IV', 'II'],
  ['JACKSON', 'MICHAEL', 'T', 'SR', 'JUNIOR'],
  ['MARTIN', 'LUTHER', 'K', 'JR', 'SENIOR'],
  ['LEE', 'ROBERT', 'E', 'JR', 'SR'],
  ['PHAM', 'DAVID', 'Q', 'JR', 'SR'],
  ['HARRIS', 'FRANK', 'G', 'III', 'JR'],
  ['CLARK', 'JOSEPH', 'P', '3RD', '4TH'],
];
const CONFLICTING_SUFFIX: LabelledName[] = miss('conflicting suffix', [
  ...CONFLICTING_SUFFIXES.map(([s, f, m, a, b], i): Pair =>
    i % 3 === 0
      ? [`${s} ${f} ${m} ${a}`, `${s} ${f} ${m} ${b}`]
      : i % 3 === 1
        ? [`${s} ${f} ${m} ${a}`, `${f} ${m} ${s} ${b}`]
        : [`${s} ${f} ${a}`, `${s}, ${f} ${m}., ${b}.`],
  ),
  ['WILLIAMS ROBERT J JR', 'WILLIAMS BOB J SR'],
  ['SMITH JOHN A JR', 'SMTIH JOHN A SR'],
  ['SMITH JOHN III', 'SMITH JR JOHN'],
  ['KING GEORGE W II', 'KING GEORGE WILLIAM III'],
  ['GARCIA-LOPEZ JOSE JR', 'GARCIA LOPEZ JOSE SR'],
  ["O'BRIEN PATRICK SR", 'OBRIEN PATRICK JR'],
  ['MCDONALD RONALD JR', 'MC DONALD RONALD SR'],
  ['DAVIS JOHN SR', 'DAVIS J JR'],
]);

const NICKNAME_LOOK_ALIKES: LabelledName[] = miss('nickname look-alikes', [
  // Two people's names, however many nicknames they share.
  ['JOHNSON PATRICK', 'JOHNSON PATRICIA'],
  ['HAMILTON ALEXANDER', 'HAMILTON ALEXANDRA'],
  ['BROOKS STEPHEN', 'BROOKS STEPHANIE'],
  ['MORALES DANIEL', 'MORALES DANIELLE'],
  ['FORD GERALD', 'FORD GERALDINE'],
  ['JACKSON ANDREW', 'JACKSON ANDREA'],
  ['NEWMAN PAUL', 'NEWMAN PAULA'],
  ['PARKER CHRISTOPHER', 'PARKER CHRISTINA'],
  ['ADAMS SAMUEL', 'ADAMS SAMANTHA'],
  ['BAKER ALBERT', 'BAKER ROBERT'],
  ['BAKER ALBERT', 'BAKER ROBERTA'],
  ['MILLER DENNIS', 'MILLER DENISE'],
  ['SMITH JOHN', 'SMITH JOAN'],
  ['SMITH JOHN', 'SMITH IAN'],
  ['SMITH JOHN', 'SMITH IVAN'],
  ['SMITH JOHN', 'SMITH NATHAN'],
  ['MURPHY PATRICK', 'MURPHY PETER'],
  ['WAGNER EMIL', 'WAGNER EMILY'],
  ['FLINT WILLIAM', 'FLINT WILMA'],
  ['FORD HENRY', 'FORD HENRIETTA'],
  ['NELSON ERIC', 'NELSON ERICA'],
  ['SAGAN CARL', 'SAGAN CARLA'],
  ['ARMSTRONG LOUIS', 'ARMSTRONG LOUISE'],
  ['RUSSO ANTHONY', 'RUSSO ANTOINETTE'],
  ['BRONTE CHARLES', 'BRONTE CHARLOTTE'],
  ['KEY GEORGE', 'KEY GEORGIA'],
  ['LUTHER MARTIN', 'LUTHER MARTHA'],
  ['HUGO VICTOR', 'HUGO VICTORIA'],
  ['KENNEDY EDWARD', 'KENNEDY EDMUND'],
  ['OWEN FREDERICK', 'OWEN WILFRED'],
  ['GARCIA MARIO', 'GARCIA MARIA'],
  ['TORRES GABRIEL', 'TORRES GABRIELA'],
  ['SMITH BOB', 'SMITH RONALD'],
  ['SMITH RON', 'SMITH ROBERT'],
  ['SMITH BILL', 'SMITH ROBERT'],
  ['TAYLOR MIKE', 'TAYLOR MICHELLE'],
  ['JOHNSON ROBERT', 'JOHNSTON ROBERTA'],
]);

const PERSON_VS_ENTITY: LabelledName[] = miss('person vs business or trust', [
  ['SMITH JOHN A', 'SMITH JOHN A LLC'],
  ['SMITH JOHN A', 'SMITH JOHN A REVOCABLE TRUST'],
  ['SMITH FAMILY TRUST', 'SMITH JOHN A TR'],
  ['SMITH FAMILY TRUST', 'SMITH JOHN A TRUSTEE'],
  ['SMITH FAMILY TRUST', 'SMITH FAMILY'],
  ['SMITH JOHN A REVOCABLE TRUST', 'SMITH JOHN A'],
  ['ACME HOLDINGS LLC', 'ACME JOHN'],
  ...PEOPLE.slice(1, 21).map(([s, f, m], i): Pair => {
    const forms: Pair[] = [
      [`${s} ${f} ${first(m)}`, `${s} ${f} ${first(m)} LLC`],
      [`${s} ${f}`, `${f} ${s} INC`],
      [`${s} ${f} ${first(m)}`, `${f} ${first(m)} ${s} REVOCABLE TRUST`],
      [`${s} FAMILY TRUST`, `${s} ${f} ${first(m)} TRUSTEE`],
      [`${s} ${f} ${first(m)} LIVING TRUST`, `${s} ${f} ${first(m)}`],
    ];
    return forms[i % forms.length]!;
  }),
]);

const OTHER_BUSINESS: LabelledName[] = miss('other business', [
  // Another class of designator is another entity.
  ['ACME HOLDINGS LLC', 'ACME HOLDINGS INC'],
  ['ACME HOLDINGS LLC', 'ACME HOLDINGS LLP'],
  ['ACME HOLDINGS LLC', 'ACME HOLDINGS CORP'],
  ['PINNACLE PROPERTIES LLC', 'PINNACLE PROPERTIES LP'],
  ['GOLDEN STATE INVESTMENTS INC', 'GOLDEN STATE INVESTMENTS LLC'],
  ['CENTRAL VALLEY FARMS INC', 'CENTRAL VALLEY FARMS CO'],
  ['SIERRA VISTA DEVELOPMENT CORP', 'SIERRA VISTA DEVELOPMENT LLC'],
  ['RIVER OAKS PARTNERS LP', 'RIVER OAKS PARTNERS LLC'],
  ['MAPLE LEAF REAL ESTATE LTD', 'MAPLE LEAF REAL ESTATE INC'],
  ['JOHNSON DENTAL PC', 'JOHNSON DENTAL PLLC'],
  // Shared words are not the same business.
  ['ACME HOLDINGS LLC', 'ACME PROPERTIES LLC'],
  ['ACME HOLDINGS LLC', 'ACME HOLDINGS GROUP LLC'],
  ['ACME HOLDINGS LLC', 'ACME HOLDING LLC'],
  ['ACME HOLDINGS LLC', 'PINNACLE HOLDINGS LLC'],
  ['WELLS FARGO BANK N.A.', 'WELLS FARGO FINANCIAL INC'],
  ['WELLS FARGO BANK N.A.', 'WELLS FARGO HOME MORTGAGE INC'],
  ['PINNACLE PROPERTIES LLC', 'PINNACLE PROPERTIES II LLC'],
  ['GOLDEN STATE INVESTMENTS INC', 'GOLDEN STATE INVESTORS INC'],
  ['PACIFIC COAST HOMES LLC', 'PACIFIC COAST HOMES OF NEVADA LLC'],
  ['OAKWOOD REALTY GROUP INC', 'OAKWOOD REALTY INC'],
  ['FIRST AMERICAN TITLE CO', 'FIRST AMERICAN TITLE INSURANCE CO'],
  ['OLD REPUBLIC TITLE CO', 'REPUBLIC TITLE CO'],
  ['SMITH & SONS CO', 'SMITH & DAUGHTERS CO'],
  ['LAKESIDE APARTMENTS LP', 'LAKESIDE APARTMENTS PHASE 2 LP'],
  ['NGUYEN BROTHERS LLC', 'TRAN BROTHERS LLC'],
  ['GARCIA CONSTRUCTION INC', 'GARCIA CONCRETE INC'],
  ['HIGHLAND RANCH LLC', 'HIGHLAND RANCH ESTATES LLC'],
  ['U.S. BANK N.A.', 'U.S. BANK TRUST N.A.'],
]);

const OTHER_TRUST: LabelledName[] = miss('other trust', [
  ['SMITH FAMILY TRUST', 'SMITH LIVING TRUST'],
  ['SMITH FAMILY TRUST', 'SMITH FAMILY IRREVOCABLE TRUST'],
  ['SMITH FAMILY TRUST', 'SMYTH FAMILY TRUST'],
  ['SMITH FAMILY TRUST', 'SMITH FAMILY TRUST B'],
  ['LAND TRUST NO 1234', 'LAND TRUST NO 1235'],
  ['GARCIA FAMILY TRUST', 'GARZA FAMILY TRUST'],
  ['NGUYEN FAMILY TRUST', 'TRAN FAMILY TRUST'],
  ['JOHNSON LIVING TRUST', 'JACKSON LIVING TRUST'],
  ['ANDERSON FAMILY TRUST', 'HENDERSON FAMILY TRUST'],
  ['WILLIAMS REVOCABLE TRUST', 'WILLIAMS IRREVOCABLE TRUST'],
  ['THOMPSON IRREVOCABLE TRUST', 'THOMPSON REVOCABLE TRUST'],
  ['JOHN A SMITH REVOCABLE TRUST', 'MARY B SMITH REVOCABLE TRUST'],
  ['ROBERT J WILLIAMS LIVING TRUST', 'DAVID J WILLIAMS LIVING TRUST'],
  ['DAVIS SURVIVORS TRUST', 'DAVIS BYPASS TRUST'],
  ['RAMIREZ BYPASS TRUST', 'RAMIREZ MARITAL TRUST'],
  ['CHEN FAMILY TRUST A', 'CHEN FAMILY TRUST B'],
  ['PATEL FAMILY TRUST', 'PATEL CHILDRENS TRUST'],
  ['MILLER REVOCABLE LIVING TRUST', 'MILLER IRREVOCABLE LIVING TRUST'],
  ['KIM FAMILY TRUST', 'KIM CHARITABLE TRUST'],
  ['JONES IRREVOCABLE TRUST', 'JONES TESTAMENTARY TRUST'],
  ['HERNANDEZ FAMILY TRUST', 'FERNANDEZ FAMILY TRUST'],
  ['LOPEZ FAMILY REVOCABLE TRUST', 'LOPEZ FAMILY IRREVOCABLE TRUST'],
  ['MARTINEZ LIVING TRUST', 'MARTIN LIVING TRUST'],
  ["O'CONNOR FAMILY TRUST", 'CONNOR FAMILY TRUST'],
  ['WALKER MARITAL TRUST', 'WALKER RESIDUARY TRUST'],
  ['SMITH JOHN A LIVING TRUST', 'SMITH JANE A LIVING TRUST'],
  ['LAND TRUST NO 1234', 'LAND TRUST NO 12345'],
]);

/** A recorded name with no name in it never matches, whatever is guarded. */
const NAMELESS = [
  '',
  '   ',
  ',.;-',
  'ET AL',
  'ETAL',
  'ET UX',
  'JR',
  'SR',
  'THE',
  'TRUSTEE',
  'TTEE',
  'DECEASED',
  'ESTATE OF',
  'A/K/A',
  '&',
];
const NO_NAME: LabelledName[] = miss('no name', [
  ...NAMELESS.map((candidate): Pair => ['SMITH JOHN A', candidate]),
  ...NAMELESS.slice(0, 6).map((candidate): Pair => ['ACME HOLDINGS LLC', candidate]),
  ...NAMELESS.slice(0, 6).map((candidate): Pair => ['SMITH FAMILY TRUST', candidate]),
]);

export const LABELLED_NAMES: readonly LabelledName[] = [
  ...PRODUCT_EXAMPLES,
  ...INITIALS,
  ...MIDDLE_NAMES,
  ...ORDER,
  ...PUNCTUATION,
  ...SUFFIXES,
  ...COMPOUNDS,
  ...PARTICLES,
  ...APOSTROPHES,
  ...NICKNAMES,
  ...TYPOS,
  ...DESIGNATORS,
  ...TRUST_FORMS,
  ...ALIASES_AND_ROLES,
  ...OTHER_GIVEN_NAME,
  ...OTHER_MIDDLE_NAME,
  ...OTHER_SURNAME,
  ...OTHER_SECOND_SURNAME,
  ...CONFLICTING_SUFFIX,
  ...NICKNAME_LOOK_ALIKES,
  ...PERSON_VS_ENTITY,
  ...OTHER_BUSINESS,
  ...OTHER_TRUST,
  ...NO_NAME,
];
