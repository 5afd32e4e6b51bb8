import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hostileInputs } from '@deedwatch/rules/hostile-inputs';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { detectApns } from '../src/documents/pdf/apn-detect.ts';
import { parseCsv } from '../src/engine/parcels/csv.ts';
import { COUNTY, PDF_FILE, PRINTABLE, TIMESTAMP } from '../src/engine/feed/feed-line.ts';
import { storedAddress } from '../src/keys/match-keys.ts';
import { matchName, nameKeys } from '../src/keys/names.ts';
import { addressKey, apnKey, nameKey } from '../src/keys/normalize.ts';
import { normaliseDocumentTypes } from '@deedwatch/rules';
import {
  apnPrefix,
  correctableStreetWords,
  parseAddressTerm,
  parseNameTerm,
  parseStreetTerm,
} from '../src/modules/search/search.terms.ts';
import { normalisePhone } from '../src/modules/user/user.service.ts';
import { blobKeyProblem } from '../src/storage/blob-store.ts';

// A backtracking regex engine (V8's) can take time quadratic or worse in the input on a
// pattern that matches one string in many ways: /^\S+@\S+$/ took 1.35 s on 32 KiB of '@', and
// one such request blocks every other. Every pattern here is checked two ways: statically, by
// recheck's ReDoS analysis, and on 100 KiB inputs made to drive such a pattern into seconds
// of work, where a linear pattern takes milliseconds.

/** Generous: a linear pass over 100 KiB takes a few ms, a quadratic one several seconds. */
const BOUND_MS = 1000;
const HOSTILE = hostileInputs(100 * 1024);

const SOURCE_ROOTS = ['server/src', 'web/src', 'rules/src'];

/** Patterns that never see outside input, each with the reason. */
const NOT_OUTSIDE_INPUT: Record<string, string> = {
  'web/src/api/base-url.ts /\\/+$/': "the build's own API_URL setting",
};

/** Where a RegExp is built at run time, and what checks it here. */
const BUILT_AT_RUN_TIME = [
  'server/src/documents/pdf/apn-detect.ts', // detectApns on hostile text, below
  'server/src/engine/feed/feed-line.ts', // PRINTABLE and PDF_FILE, below
  'server/src/engine/feed/feed-line.ts',
  'server/src/keys/names.ts', // nameKeys and matchName on hostile names, below
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

describe('the recorder feed patterns', () => {
  it.each([
    ['PRINTABLE', PRINTABLE],
    ['COUNTY', COUNTY],
    ['TIMESTAMP', TIMESTAMP],
    ['PDF_FILE', PDF_FILE],
  ])('%s is linear by recheck and on 100 KiB hostile input', (_, pattern) => {
    expect(recheck(pattern.source, pattern.flags)).toBe('safe');
    for (const [label, input] of HOSTILE) {
      const started = performance.now();
      pattern.test(input);
      expect(performance.now() - started, label).toBeLessThan(BOUND_MS);
    }
  });
});

describe('normalisers of outside input answer 100 KiB hostile input at once', () => {
  const csv = async (text: string) => {
    for await (const _ of parseCsv(
      (async function* () {
        yield text;
      })(),
    )) {
      // read to the end
    }
  };
  it.each<[string, (input: string) => unknown]>([
    // Its callers bound a name to 200 characters before storedName makes a surname's deletion
    // keys (quadratic in its length); nameKeys is where the patterns are.
    ['nameKeys (recorded and parcel owner names)', nameKeys],
    ['matchName (match explain)', (s) => matchName(s, `${s} X`)],
    ['storedAddress', storedAddress],
    ['addressKey', addressKey],
    ['nameKey', nameKey],
    ['apnKey', apnKey],
    ['parseNameTerm', parseNameTerm],
    ['parseAddressTerm', parseAddressTerm],
    ['parseStreetTerm', parseStreetTerm],
    ['apnPrefix', apnPrefix],
    ['correctableStreetWords', correctableStreetWords],
    ['detectApns (PDF text)', (s) => detectApns(`APN ${s} 012-0345-006-0000`, '000-0000-000-0000')],
    ['normalisePhone', normalisePhone],
    ['normaliseDocumentTypes', (s) => normaliseDocumentTypes([s])],
    ['blobKeyProblem', blobKeyProblem],
    ['parseCsv (parcel rolls)', csv],
  ])('%s', async (_, normalise) => {
    for (const [label, input] of HOSTILE) {
      const started = performance.now();
      await normalise(input);
      expect(performance.now() - started, label).toBeLessThan(BOUND_MS);
    }
  });
});
