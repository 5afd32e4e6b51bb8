/**
 * Given-name nicknames: which two first names may stand for the same person (BOB ~ ROBERT).
 *
 * The table is the public list in ./data/nicknames.csv (see ./data/NOTICE.md), read as it is,
 * minus the links below that pair two different people's names, plus a few short forms it
 * lacks. Each line of the list is a name followed by names it links to that name; the names after
 * the first are not linked to each other. Two names are nicknames when one line links them
 * directly, in either direction, and never through a third name: BILL ~ WILLIAM and BILL ~ WILLIS
 * do not make WILLIAM ~ WILLIS.
 *
 * Names are upper-case A-Z, as the name keys hold a reading's first name. Entries with anything
 * else (K.C., L.R.) and one-letter names (initials, another rule's business) are skipped.
 */

import { readFileSync } from 'node:fs';

/** Two names, in alphabetical order. */
export type NicknamePair = readonly [string, string];
/** Links of the public list that are not nicknames, grouped by why. */
export type NicknameCorrection = { why: string; pairs: readonly NicknamePair[] };

const NAME = /^[A-Z]{2,}$/;

/**
 * The links the public list makes: each line's first name with every other name on the line,
 * in alphabetical order, deduplicated; self-links and entries that are no name dropped.
 */
export function listedPairs(csv: string): NicknamePair[] {
  const pairs = new Map<string, NicknamePair>();
  for (const line of csv.split(/\r?\n/)) {
    const [head, ...linked] = line.split(',').map((name) => name.trim().toUpperCase());
    if (head === undefined || !NAME.test(head)) continue;
    for (const name of linked) {
      if (!NAME.test(name) || name === head) continue;
      const pair = ordered(head, name);
      pairs.set(pairKey(pair), pair);
    }
  }
  return [...pairs.values()].sort(comparePairs);
}

// Our corrections. The list links names by history (Nancy began as a pet form of Ann) and
// sometimes by mistake (BILL on ROBERT's line); a deed names people as they are called now, so a
// link stays only when one name is a short form or another spelling of the other in use today.
// A link between two names a person is given in their own right, or a man's and a woman's name,
// would alert on a stranger as if it were the guarded person.
export const NICKNAME_EXCLUSIONS: readonly NicknameCorrection[] = [
  {
    why: 'a mistake in the list: neither name is a short form of the other',
    pairs: [
      ['BILL', 'ROBERT'], // Bill is William's; Robert's are Bob and Rob
      ['BILLY', 'ROBERT'],
      ['BILL', 'FRED'], // Fred is Frederick's, Alfred's, Wilfred's
      ['BILLY', 'FRED'],
      ['FRED', 'WILL'],
      ['FRED', 'WILLIE'],
      ['BOBBY', 'ROGER'], // Roger's are Rog and Hodge; Bobby, Robby, Robin and Rupert are not
      ['ROBBY', 'ROGER'],
      ['ROBIN', 'ROGER'],
      ['ROGER', 'RUPERT'],
      ['BOBBY', 'RODGER'],
      ['ROBBY', 'RODGER'],
      ['ROBIN', 'RODGER'],
      ['RODGER', 'RUPERT'],
      ['BEN', 'JAMIE'], // Jamie is James's
      ['BENJAMIN', 'JAMIE'],
      ['ANGELA', 'JANE'],
      ['BEA', 'BLANCHE'],
      ['BEATRICE', 'TRISHA'], // Trisha is Patricia's
      ['ELIZA', 'LOUISA'],
      ['ELIZA', 'LOUISE'],
      ['CLIFTON', 'TONY'], // Tony is Anthony's
      ['SHELTON', 'TONY'],
      ['COLE', 'NICOLE'],
      ['ADAM', 'EDIE'],
      ['MERCEDES', 'SADIE'], // Sadie is Sarah's
      ['MADISON', 'MATTIE'], // Mattie is Martha's or Matilda's
      ['MARIETTA', 'MERCY'],
      ['ROSE', 'ROXANNA'],
      ['ROSE', 'ROXANNE'],
      ['ANNIE', 'STEPHANIE'],
      ['ANNIE', 'LEANNE'],
      ['LINDA', 'ROSALYN'],
      ['LINA', 'PAULA'],
      ['IGNATIUS', 'NATE'], // Nate is Nathan's or Nathaniel's
      ['CAMERON', 'RON'], // Ron is Ronald's
      ['CAMERON', 'RONNY'],
      ['FRANKY', 'VERONICA'],
      ['BELL', 'WILLIAM'],
      ['BELA', 'WILLIAM'],
      ['EVE', 'MANERVA'],
      ['KENDRA', 'KENJI'],
      ['CASSIE', 'CATHERINE'], // Cassie is Cassandra's
      ['CASSIE', 'CATHLEEN'],
      ['CASSIE', 'KATHERINE'],
      ['CASSIE', 'KATHLEEN'],
      ['CAROL', 'CASSIE'],
      ['CAROLINE', 'CASSIE'],
      ['CAROLYN', 'CASSIE'],
      ['CARRIE', 'CASSIE'],
      ['CATHERINE', 'LENA'], // Lena is a short form of the -lena and -line names
      ['CATHLEEN', 'LENA'],
      ['KATHERINE', 'LENA'],
      ['KATHLEEN', 'LENA'],
      ['ELLEN', 'LENA'],
      ['CAROLINE', 'CHICK'], // Chick is Charles's
      ['CHARLOTTE', 'CHICK'],
      ['LUKE', 'LUTHER'],
      ['ERICK', 'RODERICK'], // Erick is Eric
      ['BECK', 'REBA'], // two short forms of Rebecca, not of each other
      ['BECCA', 'REBA'],
      ['KEN', 'MCKENNA'],
      ['MAC', 'MC'], // MC is part of a surname, never a first name
      ['MACK', 'MC'],
      ['JUNE', 'JUNIOR'], // Junior is a suffix, read apart from the given names
      ['JUNIE', 'JUNIOR'],
      ['JR', 'JUNIOR'],
      ['BILLIEWILHELM', 'WILMA'], // two names run together
      ['MENAALMENA', 'PHILOMENA'],
    ],
  },
  {
    why: 'a man’s name or nickname and a woman’s name',
    pairs: [
      ['ANDREA', 'ANDREW'],
      ['DENISE', 'DENNIS'],
      ['PAUL', 'PAULA'],
      ['PAUL', 'PAULINE'],
      ['PAUL', 'POLLY'],
      ['WILLIAM', 'WILMA'],
      ['GEORGE', 'GEORGIA'],
      ['GEORGE', 'GEORGIANA'],
      ['JUSTIN', 'JUSTINA'],
      ['LOUIS', 'LOUISE'],
      ['EDWIN', 'EDWINA'],
      ['FREDERICA', 'FREDERICK'],
      ['ALEXANDER', 'ALEXANDRIA'],
      ['FELICIA', 'FELIX'],
      ['STEPHANIE', 'STEPHEN'],
      ['EMIL', 'EMILY'],
      ['ADRIAN', 'ADRIENNE'],
      ['CLEMENT', 'CLEMENTINE'],
      ['EARNEST', 'ERNESTINE'],
      ['ERNEST', 'ERNESTINE'],
      ['LUCIA', 'LUCIUS'],
      ['THEODOSIA', 'THEODOSIUS'],
      ['LAVERNE', 'VERNON'],
      ['EVAN', 'EVANGELINE'],
      ['AARON', 'ERIN'],
      ['ANSELM', 'SELMA'],
      ['DELIA', 'DELIUS'],
      ['JUNE', 'JUNIUS'],
      ['AL', 'ALYSSA'],
      ['HANK', 'HENRIETTA'],
      ['JACK', 'JACQUELINE'],
      ['COURTNEY', 'CURT'],
      ['RON', 'VERONICA'],
      ['KENDRA', 'KENNY'],
      ['FREDDIE', 'WINIFRED'],
      ['FREDDIE', 'WINNIFRED'],
      ['FREDDY', 'WINNIFRED'],
      ['FRED', 'WINNIFRED'],
    ],
  },
  {
    why: 'two names a person is given in their own right, however related their history',
    pairs: [
      ['AMOS', 'MOSES'],
      ['PATRICK', 'PETER'],
      ['JOHN', 'JONATHAN'],
      ['JON', 'NATHAN'],
      ['JONATHAN', 'NATHAN'],
      ['JOHANNES', 'JONATHAN'],
      ['MICAH', 'MICHAEL'],
      ['AMELIA', 'EMILY'],
      ['AMELIA', 'PARMELIA'],
      ['EMELINE', 'EMILY'],
      ['EMELINE', 'EMMA'],
      ['EMILY', 'EMMA'],
      ['ANGELA', 'ANGELINA'],
      ['ANGELA', 'ANGELICA'],
      ['ANGELA', 'ANGELINE'],
      ['ANN', 'ANTOINETTE'],
      ['ANN', 'ANTONIA'],
      ['ANN', 'CHRISTIANA'],
      ['ANN', 'DEANNE'],
      ['ANN', 'NANCY'],
      ['ANNE', 'NANCY'],
      ['ANN', 'ROSEANN'],
      ['ANN', 'ROSEANNA'],
      ['ANN', 'ROSEANNE'],
      ['ANN', 'ROXANNA'],
      ['ANN', 'ROXANNE'],
      ['ANNA', 'ANNETTE'],
      ['ANNA', 'HANNAH'],
      ['ANNA', 'SAVANNAH'],
      ['ADELBERT', 'ALBERT'],
      ['ADELBERT', 'DELBERT'],
      ['ALBERT', 'ELBERT'],
      ['AILEEN', 'HELENA'],
      ['ALICE', 'LISA'], // Lisa is Elizabeth's
      ['ALICIA', 'LISA'],
      ['ALICE', 'ELSIE'],
      ['ALICIA', 'ELSIE'],
      ['ALFREDA', 'FRIEDA'],
      ['FRED', 'FRIEDA'],
      ['AUGUST', 'AUGUSTINE'],
      ['AUGUST', 'AUGUSTUS'],
      ['AUGUSTINE', 'AUSTIN'],
      ['AUGUSTUS', 'AUSTIN'],
      ['BRADY', 'BRODERICK'],
      ['BRADY', 'BRODY'],
      ['BRANDY', 'BRENDA'],
      ['BRIAN', 'BRYANT'],
      ['CAROL', 'CAROLINE'],
      ['CAROLE', 'CAROLINE'],
      ['CAROL', 'LYNN'],
      ['CELESTE', 'CELIA'],
      ['CHARLOTTE', 'SHERRY'],
      ['CLAIRE', 'CLARA'],
      ['CLARA', 'CLARE'],
      ['CLARA', 'CLARINDA'],
      ['CLARA', 'CLARISSA'],
      ['CORA', 'CORINNE'],
      ['DAISY', 'MARGARET'],
      ['DAISY', 'MARGARETTA'],
      ['DAISY', 'MARGARITA'],
      ['DEMARIS', 'MARY'],
      ['DEMERIAS', 'MARY'],
      ['DERRICK', 'ERIC'],
      ['DORINDA', 'DOROTHEA'],
      ['DORA', 'DORIS'],
      ['ELAINE', 'ELEANOR'],
      ['ELAINE', 'HELEN'],
      ['ELAINE', 'HELENA'],
      ['ELEANOR', 'ELLEN'],
      ['ELEANOR', 'HELENA'],
      ['ELEANOR', 'LENORA'],
      ['ELLA', 'ELLEN'],
      ['ELLA', 'HELEN'],
      ['ELLA', 'HELENE'],
      ['ELLEN', 'HELEN'],
      ['ELLEN', 'HELENA'],
      ['ELLEN', 'HELENE'],
      ['ELLENDER', 'HELEN'],
      ['EILEEN', 'HELEN'],
      ['EILEEN', 'HELENA'],
      ['ELOISE', 'LOUISE'],
      ['ELOUISE', 'LOUISE'],
      ['HELOISE', 'LOIS'],
      ['LOIS', 'LOUISA'],
      ['LOIS', 'LOUISE'],
      ['ESTHER', 'HESTER'],
      ['EVA', 'EVE'],
      ['EVELINA', 'EVELYN'],
      ['FLORA', 'FLORENCE'],
      ['GENEVIEVE', 'JEAN'],
      ['GEORGIA', 'GEORGIANA'],
      ['GILBERT', 'WILBER'],
      ['GRETCHEN', 'MARGARET'],
      ['HANNAH', 'JOANNA'],
      ['HANNAH', 'JOHANNAH'],
      ['HANNAH', 'SUSAN'],
      ['HANNAH', 'SUSANNAH'],
      ['JOAN', 'JOANNA'],
      ['JOAN', 'JOHANNAH'],
      ['HUBERT', 'HUGH'],
      ['HUGH', 'JEHU'],
      ['IRVIN', 'IRVING'],
      ['JANE', 'JEAN'],
      ['JANE', 'JEANNE'],
      ['JANE', 'JESSIE'], // Jessie is Jessica's
      ['JANET', 'JESSIE'],
      ['JEANETTE', 'JESSIE'],
      ['JENNET', 'JESSIE'],
      ['JANE', 'VIRGINIA'],
      ['JANET', 'JEANETTE'],
      ['JEAN', 'JEANETTE'],
      ['JILL', 'JULIA'],
      ['JUSTIN', 'JUSTUS'],
      ['KAREN', 'KARONHAPPUCK'],
      ['KENDRICK', 'KENNETH'],
      ['KENDRICK', 'KENT'],
      ['LAURA', 'LAURINDA'],
      ['LAURINDA', 'LAWRENCE'],
      ['LEO', 'LEON'],
      ['LEON', 'LEONARD'],
      ['LEON', 'LIONEL'],
      ['ELENOR', 'LEONORE'],
      ['LUCIA', 'LUCY'],
      ['MANOAH', 'NOAH'],
      ['MARGARET', 'MARGERY'],
      ['MARGARETTA', 'MARGERY'],
      ['MARGARITA', 'MEGAN'],
      ['MARIA', 'MARIAH'],
      ['MARIAH', 'MARIETTA'],
      ['MARIAH', 'MARY'],
      ['MARIAN', 'MARIANNA'],
      ['MARIE', 'MARIETTA'],
      ['MARIA', 'MARIETTA'],
      ['MARIETTA', 'MARION'],
      ['MARIETTA', 'MARY'],
      ['MARIETTA', 'MAUREEN'],
      ['MARILYN', 'MARY'],
      ['MARION', 'MARY'],
      ['MARSHA', 'MARY'],
      ['MARY', 'MAUREEN'],
      ['MATILDA', 'MAUD'],
      ['MELCHIZEDEK', 'ZADOCK'],
      ['PHILIPINA', 'PHOEBE'],
      ['RALPH', 'RAPHAEL'],
      ['REGINALD', 'REYNOLD'],
      ['ROSA', 'ROSE'],
      ['SAUL', 'SOLOMON'],
      ['SOPHIA', 'SOPHRONIA'],
      ['THERESA', 'THIRZA'],
      ['THERESA', 'TRACY'],
      ['CASPER', 'JASPER'],
      ['FLOYD', 'LLOYD'],
      ['BASIL', 'BAZALEEL'],
      ['AL', 'BERT'], // two short forms of Albert, not of each other
      ['ANDY', 'DREW'],
      ['BERT', 'BOB'],
      ['BERT', 'BOBBY'],
      ['GABBY', 'GABE'],
      ['GWEN', 'WENDY'],
      ['OSSY', 'WALDO'],
      ['OZZY', 'WALDO'],
    ],
  },
  {
    // Jorge is George in Spanish, Ivan John in Russian: a person is recorded under the one name
    // they were given, and a namesake under the other is someone else.
    why: 'the same name in another language, not a short form',
    pairs: [
      ['GEORGE', 'JORGE'],
      ['IAN', 'JOHN'],
      ['IVAN', 'JOHN'],
      ['JOHANNES', 'JOHN'],
      ['JOHANNES', 'JOHNNY'],
      ['CATHERINE', 'KATARINA'],
      ['EMANUEL', 'MANUEL'],
      ['IMMANUEL', 'MANUEL'],
      ['ELENA', 'HELEN'],
      ['CECILIA', 'SHEILA'],
      ['AGNES', 'INEZ'],
      ['ORLANDO', 'ROLAND'],
      ['JACOB', 'JACOBUS'],
      ['CLAES', 'NICHOLAS'],
      ['CLAAS', 'NICHOLAS'],
      ['CARL', 'CHARLES'],
      ['MARCUS', 'MARK'],
      ['ADELAIDE', 'HEIDI'],
    ],
  },
];

// Everyday short forms the list lacks.
export const NICKNAME_ADDITIONS: readonly NicknamePair[] = [
  ['ROBBIE', 'ROBERT'],
  ['ROBBY', 'ROBERT'],
  ['MICHAEL', 'MICKEY'],
  ['KATHERINE', 'KATIE'],
  ['CATHERINE', 'KATIE'],
  ['KATHLEEN', 'KATIE'],
  ['JON', 'JONATHAN'],
  ['ZACH', 'ZACHARY'],
  ['ZACHARY', 'ZACK'],
  ['JEN', 'JENNIFER'],
  ['JESS', 'JESSICA'],
  ['BARB', 'BARBARA'],
];

function ordered(a: string, b: string): NicknamePair {
  return a < b ? [a, b] : [b, a];
}

function pairKey([a, b]: NicknamePair): string {
  return `${a} ${b}`;
}

function comparePairs(x: NicknamePair, y: NicknamePair): number {
  return pairKey(x) < pairKey(y) ? -1 : pairKey(x) > pairKey(y) ? 1 : 0;
}

function buildPairs(csv: string): NicknamePair[] {
  const excluded = new Set(NICKNAME_EXCLUSIONS.flatMap((c) => c.pairs.map((p) => pairKey(p))));
  const pairs = new Map<string, NicknamePair>();
  for (const pair of listedPairs(csv)) {
    if (!excluded.has(pairKey(pair))) pairs.set(pairKey(pair), pair);
  }
  for (const [a, b] of NICKNAME_ADDITIONS) {
    const pair = ordered(a, b);
    pairs.set(pairKey(pair), pair);
  }
  return [...pairs.values()].sort(comparePairs);
}

// Read once when the module loads; the file travels with the sources (server/src is copied into
// the image whole), so it sits beside this module wherever the server runs.
const CSV = readFileSync(new URL('./data/nicknames.csv', import.meta.url), 'utf8');

/** Every nickname pair, each once, in alphabetical order: the list, corrected. */
export const NICKNAME_PAIRS: readonly NicknamePair[] = buildPairs(CSV);
export const NICKNAME_PAIR_COUNT = NICKNAME_PAIRS.length;

const LINKED = new Map<string, string[]>();
for (const [a, b] of NICKNAME_PAIRS) {
  LINKED.set(a, [...(LINKED.get(a) ?? []), b]);
  LINKED.set(b, [...(LINKED.get(b) ?? []), a]);
}
for (const names of LINKED.values()) Object.freeze(names.sort());

const NONE: readonly string[] = Object.freeze([]);

/**
 * The first names directly linked to `first`, sorted, never `first` itself; [] for a name the
 * table does not hold (an initial, a name with no nickname, anything not upper-case A-Z).
 */
export function nicknamesOf(first: string): readonly string[] {
  return LINKED.get(first) ?? NONE;
}

/** Whether two different first names are nicknames of one another (BOB ~ ROBERT). */
export function areNicknames(a: string, b: string): boolean {
  return a !== b && (LINKED.get(a)?.includes(b) ?? false);
}
