import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hostileInputs } from '@deedwatch/rules/hostile-inputs';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { apnPattern, detectApns } from '../src/documents/pdf/apn-detect.ts';
import { parseCsv } from '../src/engine/parcels/csv.ts';
import { COUNTY, PDF_FILE, PRINTABLE, TIMESTAMP } from '../src/engine/feed/feed-line.ts';
import { STORED_PATTERNS } from '../src/i18n/stored.ts';
import { SAID } from '../src/lib/schema.ts';
import { storedAddress } from '../src/keys/match-keys.ts';
import { LETTER_CODES, matchName, nameKeys } from '../src/keys/names.ts';
import { addressKey, apnKey, nameKey } from '../src/keys/normalize.ts';
import { guardName, normaliseDocumentTypes } from '@deedwatch/rules';
import {
  apnPrefix,
  correctableStreetWords,
  parseAddressTerm,
  parseNameTerm,
  parseStreetTerm,
} from '../src/modules/search/search.terms.ts';
import { parsePhone } from '../src/lib/phone.ts';
import { blobKeyProblem } from '../src/storage/blob-store.ts';

// A backtracking regex engine (V8's) can take time quadratic or worse in the input on a
// pattern that matches one string in many ways: /^\S+@\S+$/ took 1.35 s on 32 KiB of '@', and
// one such request blocks every other. Every pattern here is checked statically, by recheck's
// ReDoS analysis, the patterns built at run time included; and the functions that apply them to
// outside input are run on 100 KiB inputs made to drive such a pattern into seconds of work, for
// their answer. How long those answers take is measured by `npm run bench:hostile`.

const HOSTILE = hostileInputs(100 * 1024);

const SOURCE_ROOTS = ['server/src', 'web/src', 'rules/src'];

/** Patterns that never see outside input, each with the reason. */
const NOT_OUTSIDE_INPUT: Record<string, string> = {
  'web/src/api/base-url.ts /\\/+$/': "the build's own API_URL setting",
};

/** Where a RegExp is built at run time, and what checks it here. */
const BUILT_AT_RUN_TIME = [
  'server/src/documents/pdf/apn-detect.ts', // apnPattern of the county masks, below
  'server/src/engine/feed/feed-line.ts', // PRINTABLE and PDF_FILE, below
  'server/src/engine/feed/feed-line.ts',
  'server/src/i18n/stored.ts', // STORED_PATTERNS, below
  'server/src/keys/names.ts', // LETTER_CODES, below
  'server/src/lib/schema.ts', // SAID, below
];

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.(test|gen)\.tsx?$/.test(entry.name))
        files.push(file);
    }
  };
  for (const root of SOURCE_ROOTS) walk(path.join(repoRoot, root));
  return files;
}

type Found = { where: string; source: string; flags: string; literal: string };

/** Every regular expression literal of the sources, and every `new RegExp(...)` site. */
function patternsInSources(): { literals: Found[]; built: string[] } {
  const literals: Found[] = [];
  const built: string[] = [];
  for (const file of sourceFiles()) {
    const relative = path.relative(repoRoot, file);
    const text = readFileSync(file, 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = node.getText(sf);
        const end = literal.lastIndexOf('/');
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        literals.push({
          where: `${relative}:${line}`,
          source: literal.slice(1, end),
          flags: literal.slice(end + 1),
          literal,
        });
      } else if (
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'RegExp'
      ) {
        built.push(relative);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { literals, built };
}

function recheck(source: string, flags: string) {
  const result = checkSync(source, flags, { timeout: 30_000, randomSeed: 1 });
  return result.status === 'safe'
    ? 'safe'
    : `${result.status}${result.status === 'vulnerable' ? ` (${result.complexity.type}, e.g. ${result.attack.pattern})` : ''}`;
}

describe('patterns in the sources', () => {
  const { literals, built } = patternsInSources();

  it('finds the patterns it checks', () => {
    expect(literals.length).toBeGreaterThan(50);
  });

  it('every regular expression literal is linear by recheck, or never sees outside input', () => {
    const problems = literals
      .filter((p) => !(`${p.where.replace(/:\d+$/, '')} ${p.literal}` in NOT_OUTSIDE_INPUT))
      .map((p) => ({ ...p, verdict: recheck(p.source, p.flags) }))
      .filter((p) => p.verdict !== 'safe')
      .map((p) => `${p.where} ${p.literal}: ${p.verdict}`);
    expect(problems).toEqual([]);
  });

  it('every RegExp built at run time is one this file checks', () => {
    expect(built.sort()).toEqual(BUILT_AT_RUN_TIME);
  });
});

describe('the patterns built at run time', () => {
  it.each(LETTER_CODES.map(([pattern, code]) => [code.trim(), pattern] as const))(
    'the letter code %s is linear by recheck',
    (_, pattern) => expect(recheck(pattern.source, pattern.flags)).toBe('safe'),
  );

  it.each(STORED_PATTERNS)('the stored reason %s is linear by recheck', (_, pattern) =>
    expect(recheck(pattern.source, pattern.flags)).toBe('safe'),
  );

  it.each(SAID.map(({ key, pattern }) => [key, pattern] as const))(
    "the schema message %s, read back for the caller's language, is linear by recheck",
    (_, pattern) => expect(recheck(pattern.source, pattern.flags)).toBe('safe'),
  );

  // A data mask is groups of 0 and a between single dashes: these are the shapes counties use.
  it.each(['000-0000-000-0000', '000a-0000-000-00', '00000000000000', '000a000000000', 'aaa-000'])(
    'the APN pattern of the mask %s is linear by recheck',
    (mask) => {
      const pattern = apnPattern(mask);
      expect(recheck(pattern.source, pattern.flags)).toBe('safe');
    },
  );
});

describe('the recorder feed patterns', () => {
  const isControl = (c: string) => c <= '\x1F' || (c >= '\x7F' && c <= '\x9F');
  /** PRINTABLE's rule in plain code: something not blank, and no control character. */
  const printable = (s: string) => s.trim() !== '' && ![...s].some(isControl);

  it.each([
    ['PRINTABLE', PRINTABLE, printable],
    ['COUNTY', COUNTY, () => false],
    ['TIMESTAMP', TIMESTAMP, () => false],
    ['PDF_FILE', PDF_FILE, () => false],
  ] as const)(
    '%s is linear by recheck, and gives its verdict on 100 KiB hostile input',
    (_, pattern, expected) => {
      expect(recheck(pattern.source, pattern.flags)).toBe('safe');
      for (const [label, input] of HOSTILE)
        expect(pattern.test(input), label).toBe(expected(input));
    },
  );
});

/** A key as the normalisers write it: the allowed characters, single spaces, nothing around. */
const isKey = (allowed: string) => (key: string) =>
  key === key.trim() &&
  !key.includes('  ') &&
  [...key].every((c) => c === ' ' || /[A-Z0-9]/.test(c) || allowed.includes(c));

describe('normalisers of outside input give their answer on 100 KiB hostile input', () => {
  const csvRecords = async (text: string) => {
    let records = 0;
    for await (const _ of parseCsv(
      (async function* () {
        yield text;
      })(),
    ))
      records++;
    return records;
  };
  const keyOrNone = (check: (key: string) => boolean) => (out: unknown) =>
    out === undefined || check((out as { key: string }).key);
  it.each<[string, (input: string) => unknown, (output: never, input: string) => boolean]>([
    // Its callers bound a name to 200 characters before storedName makes a surname's deletion
    // keys (quadratic in its length); nameKeys is where the patterns are.
    [
      'nameKeys (recorded and parcel owner names)',
      nameKeys,
      (keys: ReturnType<typeof nameKeys>) => isKey('&')(keys.key) && nameKey(keys.key) === keys.key,
    ],
    [
      'matchName (match explain): a name is itself, exactly, unless it has no key',
      (s) => [matchName(s, s), matchName(s, `${s} X`)],
      ([same, other]: ReturnType<typeof matchName>[], s) =>
        (nameKeys(s).key === '' ? !same!.matched : same!.matched && same!.rule === 'exact') &&
        other!.reason !== '',
    ],
    [
      'storedAddress',
      storedAddress,
      (a: ReturnType<typeof storedAddress>) => addressKey(a.streetKey) === a.streetKey,
    ],
    ['addressKey', addressKey, (key: string) => isKey('#')(key) && addressKey(key) === key],
    ['nameKey', nameKey, (key: string) => isKey('&')(key) && nameKey(key) === key],
    ['apnKey', apnKey, (key: string) => isKey('')(key) && !key.includes(' ')],
    ['parseNameTerm', parseNameTerm, keyOrNone((key) => nameKey(key) === key)],
    ['parseAddressTerm', parseAddressTerm, keyOrNone(isKey('#'))],
    ['parseStreetTerm', parseStreetTerm, keyOrNone(isKey('#'))],
    ['apnPrefix', apnPrefix, (key: string | undefined) => key === undefined || apnKey(key) === key],
    [
      'correctableStreetWords: none',
      correctableStreetWords,
      (words: unknown[]) => words.length === 0,
    ],
    [
      'detectApns (PDF text): the labelled APN, and nothing of the hostile text',
      (s) => detectApns(`APN ${s} 012-0345-006-0000`, '000-0000-000-0000'),
      (apns: string[]) => apns.length === 1 && apns[0] === '012-0345-006-0000',
    ],
    [
      'parsePhone: refused',
      (s) => parsePhone(s, ['US']),
      (phone: { ok: boolean }) => phone.ok === false,
    ],
    [
      'normaliseDocumentTypes: the type as a guarded name is written',
      (s) => normaliseDocumentTypes([s]),
      (types: string[], s) => types.length === 1 && types[0] === guardName(s),
    ],
    [
      'blobKeyProblem: refused for its length',
      blobKeyProblem,
      (problem: string | undefined) => problem === 'must be at most 255 bytes long',
    ],
    ['parseCsv (parcel rolls): one record', csvRecords, (records: number) => records === 1],
  ])('%s', async (_, normalise, answered) => {
    for (const [label, input] of HOSTILE) {
      expect(answered((await normalise(input)) as never, input), label).toBe(true);
    }
  });
});
