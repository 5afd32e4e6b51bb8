import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  NICKNAME_ADDITIONS,
  NICKNAME_EXCLUSIONS,
  NICKNAME_PAIR_COUNT,
  NICKNAME_PAIRS,
  areNicknames,
  listedPairs,
  nicknamesOf,
} from './nicknames.ts';

const CSV = readFileSync(new URL('./data/nicknames.csv', import.meta.url), 'utf8');
const key = ([a, b]: readonly [string, string]) => `${a} ${b}`;
const LISTED = new Set(listedPairs(CSV).map(key));

const SHORT_FORMS: ReadonlyArray<readonly [string, string[]]> = [
  ['ROBERT', ['BOB', 'ROB', 'BOBBY']],
  ['WILLIAM', ['BILL', 'WILL', 'BILLY', 'WILLIE']],
  ['ELIZABETH', ['BETH', 'LIZ', 'BETSY', 'BETTY']],
  ['MARGARET', ['PEGGY', 'MAGGIE', 'MEG']],
  ['RICHARD', ['RICK', 'DICK', 'RICH']],
  ['JAMES', ['JIM', 'JIMMY']],
  ['JOHN', ['JACK', 'JOHNNY']],
  ['KATHERINE', ['KATE', 'KATHY']],
  ['JOSEPH', ['JOE', 'JOEY']],
  ['MICHAEL', ['MIKE', 'MICK']],
];

// Two people's names, whatever the list says.
const NEVER: ReadonlyArray<readonly [string, string]> = [
  ['ROBERT', 'RONALD'],
  ['MICHAEL', 'MICHELLE'],
  ['JOSEPH', 'JOSEPHINE'],
  ['ROBERT', 'ROBERTA'],
  ['BILL', 'ROBERT'],
  ['BILLY', 'ROBERT'],
  ['BILL', 'FRED'],
  ['BILLY', 'FRED'],
  ['WILL', 'FRED'],
  ['WILLIE', 'FRED'],
  ['ANDREA', 'ANDREW'],
  ['DENISE', 'DENNIS'],
  ['PAUL', 'PAULA'],
  ['PAUL', 'PAULINE'],
  ['PAUL', 'POLLY'],
  ['WILMA', 'WILLIAM'],
  ['GEORGIA', 'GEORGE'],
  ['GEORGE', 'JORGE'],
  ['JUSTIN', 'JUSTINA'],
  ['LOUIS', 'LOUISE'],
  ['EDWINA', 'EDWIN'],
  ['FREDERICA', 'FREDERICK'],
  ['ALEXANDRA', 'ALEXANDER'],
  ['ALEXANDRIA', 'ALEXANDER'],
  ['FELICIA', 'FELIX'],
  ['STEPHANIE', 'STEPHEN'],
  ['ROGER', 'ROBBY'],
  ['ROGER', 'BOBBY'],
  ['ROGER', 'RUPERT'],
  ['ROGER', 'ROBIN'],
  ['RODGER', 'ROBBY'],
  ['RODGER', 'BOBBY'],
  ['JAMIE', 'BEN'],
  ['EMIL', 'EMILY'],
  ['PATRICK', 'PETER'],
  ['IAN', 'JOHN'],
  ['IVAN', 'JOHN'],
  ['JON', 'NATHAN'],
  ['LAVERNE', 'VERNON'],
];

describe('nickname equivalence', () => {
  it.each(SHORT_FORMS)('links %s with its short forms, both ways', (name, shortForms) => {
    for (const short of shortForms) {
      expect(areNicknames(name, short), `${name} ~ ${short}`).toBe(true);
      expect(areNicknames(short, name), `${short} ~ ${name}`).toBe(true);
      expect(nicknamesOf(name)).toContain(short);
      expect(nicknamesOf(short)).toContain(name);
    }
  });

  it.each(NEVER)('never links %s and %s', (a, b) => {
    expect(areNicknames(a, b)).toBe(false);
    expect(areNicknames(b, a)).toBe(false);
    expect(nicknamesOf(a)).not.toContain(b);
    expect(nicknamesOf(b)).not.toContain(a);
  });

  it("answers ROBERT's short forms exactly, without the list's BILL and BILLY", () => {
    expect(nicknamesOf('ROBERT')).toEqual([
      'BOB',
      'BOBBY',
      'DOB',
      'DOBBIN',
      'HOB',
      'HOBKIN',
      'ROB',
      'ROBBIE',
      'ROBBY',
    ]);
  });

  it('is never transitive: two full names sharing a short form stay apart', () => {
    // BILL is WILLIAM's and WILLIS's; ED is EDWARD's and EDGAR's; RICK is RICHARD's and ERIC's.
    for (const [short, a, b] of [
      ['BILL', 'WILLIAM', 'WILLIS'],
      ['ED', 'EDWARD', 'EDGAR'],
      ['RICK', 'RICHARD', 'ERIC'],
      ['RON', 'RONALD', 'AARON'],
      ['SANDY', 'ALEXANDER', 'SANDRA'],
    ] as const) {
      expect(areNicknames(short, a)).toBe(true);
      expect(areNicknames(short, b)).toBe(true);
      expect(areNicknames(a, b), `${a} ~ ${b}`).toBe(false);
    }
  });

  it('links only names one line of the list links directly, or one of our additions', () => {
    const additions = new Set(NICKNAME_ADDITIONS.map(key));
    for (const pair of NICKNAME_PAIRS) {
      expect(LISTED.has(key(pair)) || additions.has(key(pair)), key(pair)).toBe(true);
    }
  });

  it('answers nothing for a name it does not hold', () => {
    for (const name of ['ZZYZX', 'J', 'B', '', 'bob', 'K.C.', 'KC', 'SMITH JOHN']) {
      expect(nicknamesOf(name), name).toEqual([]);
    }
    expect(areNicknames('J', 'JOHN')).toBe(false);
    expect(areNicknames('ZZYZX', 'ROBERT')).toBe(false);
    expect(areNicknames('', '')).toBe(false);
  });

  it('is symmetric and irreflexive over the whole table, each list sorted and distinct', () => {
    const names = new Set(NICKNAME_PAIRS.flat());
    let links = 0;
    for (const name of names) {
      const linked = nicknamesOf(name);
      expect(linked.length, name).toBeGreaterThan(0);
      expect([...linked].sort(), name).toEqual(linked);
      expect(new Set(linked).size, name).toBe(linked.length);
      expect(linked, name).not.toContain(name);
      expect(areNicknames(name, name), name).toBe(false);
      for (const other of linked) {
        expect(areNicknames(name, other), `${name} ~ ${other}`).toBe(true);
        expect(areNicknames(other, name), `${other} ~ ${name}`).toBe(true);
        expect(nicknamesOf(other), `${other} ~ ${name}`).toContain(name);
      }
      links += linked.length;
    }
    expect(links).toBe(2 * NICKNAME_PAIR_COUNT);
  });

  it('hands out lists a caller cannot change', () => {
    expect(Object.isFrozen(nicknamesOf('ROBERT'))).toBe(true);
    expect(Object.isFrozen(nicknamesOf('ZZYZX'))).toBe(true);
  });
});

describe('the public list and our corrections', () => {
  it('holds the upstream file unmodified', () => {
    expect(createHash('sha256').update(CSV).digest('hex')).toBe(
      'fa209e2db29b2b08b3dd84adfcd3aa4b4455e9c99b62d368a0f19d7ef8559621',
    );
  });

  it('reads every line as a group, skipping self-links and entries that are no name', () => {
    expect(LISTED.size).toBe(2078);
    expect(LISTED.has('BOB ROBERT')).toBe(true);
    expect(LISTED.has('HOB ROBERT')).toBe(true);
    // "pat,patrick,pat" and "cliff,clifford,cliff" link a name to itself; "casey,k.c." to no name.
    expect(LISTED.has('PAT PAT')).toBe(false);
    expect(LISTED.has('CLIFF CLIFF')).toBe(false);
    expect([...LISTED].some((pair) => /[^A-Z ]/.test(pair))).toBe(false);
    // The names after the first on a line are not linked to each other (WILLIAM and ROBERT are both on BILL's line).
    expect(LISTED.has('ROBERT WILLIAM')).toBe(false);
  });

  it('excludes only links the list makes, each once, in alphabetical order', () => {
    const seen = new Set<string>();
    for (const { why, pairs } of NICKNAME_EXCLUSIONS) {
      expect(why).not.toBe('');
      for (const pair of pairs) {
        expect(pair[0] < pair[1], key(pair)).toBe(true);
        expect(LISTED.has(key(pair)), `${key(pair)} is a link of the list`).toBe(true);
        expect(seen.has(key(pair)), `${key(pair)} excluded twice`).toBe(false);
        seen.add(key(pair));
        expect(areNicknames(pair[0], pair[1]), key(pair)).toBe(false);
      }
    }
  });

  it('adds only short forms the list lacks', () => {
    for (const pair of NICKNAME_ADDITIONS) {
      expect(pair[0] < pair[1], key(pair)).toBe(true);
      expect(
        pair.every((name) => /^[A-Z]{2,}$/.test(name)),
        key(pair),
      ).toBe(true);
      expect(LISTED.has(key(pair)), `${key(pair)} is already listed`).toBe(false);
      expect(areNicknames(pair[0], pair[1]), key(pair)).toBe(true);
    }
  });

  it('counts the corrected pairs', () => {
    const excluded = NICKNAME_EXCLUSIONS.reduce((n, c) => n + c.pairs.length, 0);
    expect(NICKNAME_PAIR_COUNT).toBe(LISTED.size - excluded + NICKNAME_ADDITIONS.length);
    expect(NICKNAME_PAIRS).toHaveLength(NICKNAME_PAIR_COUNT);
  });
});
