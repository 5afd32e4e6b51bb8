import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { feedLineJsonSchema, parseFeedLine, PRINTABLE } from './feed-line.ts';

const GOOD = {
  county: 'SAC',
  documentNumber: '202611200001234',
  recordedAt: '2026-11-20T09:15:00-08:00',
  documentType: 'GRANT DEED',
  grantors: ['SMITH JOHN A'],
  grantees: ['GARCIA ROSA'],
  apns: ['012-0345-006-0000'],
  addresses: ['123 N MAIN ST'],
  file: '202611200001234.pdf',
};

const line = (changes: Record<string, unknown> = {}) => JSON.stringify({ ...GOOD, ...changes });
const reasonOf = (text: string) => {
  const result = parseFeedLine(text);
  if (result.ok) throw new Error(`expected ${text} to be rejected`);
  return result.reason;
};

const FIELDS =
  'county, documentNumber, recordedAt, documentType, grantors, grantees, apns, addresses, file';
const TIMESTAMP_RULE =
  'recordedAt must be an ISO 8601 timestamp with an offset, e.g. 2026-11-20T09:15:00-08:00';
const FILE_RULE =
  "file must be a file name ending in .pdf, with no '/', '\\', '..' or control characters";

describe('the published JSON Schema', () => {
  it('is what @valibot/to-json-schema makes of the valibot schema', async () => {
    const file = path.join(repoRoot, 'docs/recorder-feed-v1.schema.json');
    const published = JSON.parse(await readFile(file, 'utf8'));
    expect(
      published,
      'docs/recorder-feed-v1.schema.json is out of date. Regenerate it: npx node -e "import(\'./server/src/engine/feed/feed-line.ts\').then(m => console.log(JSON.stringify(m.feedLineJsonSchema(), null, 2)))" > docs/recorder-feed-v1.schema.json && npx prettier --write docs/recorder-feed-v1.schema.json',
    ).toEqual(feedLineJsonSchema());
  });

  it('states every rule JSON Schema can: bounds, patterns, no extra fields, one party', () => {
    const schema = feedLineJsonSchema() as {
      additionalProperties: boolean;
      required: string[];
      anyOf: unknown[];
      examples: unknown[];
      properties: Record<string, Record<string, unknown>>;
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required.join(', ')).toBe(FIELDS);
    expect(schema.anyOf).toHaveLength(2);
    expect(schema.properties.recordedAt!.format).toBe('date-time');
    expect(schema.properties.grantors!.maxItems).toBe(50);
    expect(schema.properties.apns!.maxItems).toBe(20);
    expect(schema.properties.file!.maxLength).toBe(255);
    // The patterns are plain ECMA-262 (no flags) and agree with the parser on samples.
    const filePattern = new RegExp(schema.properties.file!.pattern as string);
    expect(['a.pdf', 'B.PDF', 'doc 1.Pdf'].every((f) => filePattern.test(f))).toBe(true);
    expect(
      ['a.txt', '../a.pdf', 'a/b.pdf', 'a\\b.pdf', '.pdf'].some((f) => filePattern.test(f)),
    ).toBe(false);
  });

  it('has an example that the parser accepts', () => {
    const schema = feedLineJsonSchema() as { examples: unknown[] };
    for (const example of schema.examples) {
      expect(parseFeedLine(JSON.stringify(example)).ok).toBe(true);
    }
  });
});

describe('parseFeedLine accepts', () => {
  it('a good line, with recordedAt as the instant it names', () => {
    const result = parseFeedLine(line());
    expect(result).toEqual({ ok: true, line: { ...GOOD, recordedAt: expect.any(Date) } });
    expect(result.ok && result.line.recordedAt.toISOString()).toBe('2026-11-20T17:15:00.000Z');
  });

  it.each([
    ['UTC with Z', { recordedAt: '2026-11-20T17:15:00Z' }],
    ['fractional seconds', { recordedAt: '2026-11-20T09:15:00.123-08:00' }],
    ['a leap day', { recordedAt: '2028-02-29T00:00:00+00:00' }],
    ['only grantees', { grantors: [] }],
    ['only grantors', { grantees: [] }],
    ['no APNs or addresses', { apns: [], addresses: [] }],
    ['.PDF in capitals', { file: 'SCAN 0001.PDF' }],
    ['county with digits and underscore', { county: 'CA_06067' }],
    [
      'every bound at its limit',
      {
        documentNumber: '9'.repeat(64),
        grantors: Array.from({ length: 50 }, (_, i) => `${'N'.repeat(195)} ${i}`.slice(-200)),
        apns: Array.from({ length: 20 }, (_, i) => `012-0345-006-${String(i).padStart(4, '0')}`),
        addresses: ['A'.repeat(200)],
        file: `${'f'.repeat(251)}.pdf`,
      },
    ],
  ])('%s', (_, changes) => {
    const result = parseFeedLine(line(changes));
    expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  });

  it('unicode names exactly as written', () => {
    const names = ['NÚÑEZ JOSÉ', '李小龍', 'Ødegård, Åse', "O'BRIEN MARY-KATE", 'Zoë 👩‍👩‍👧 Trust'];
    const result = parseFeedLine(line({ grantors: names, grantees: ['Ελένη Παπαδοπούλου'] }));
    expect(result.ok && result.line.grantors).toEqual(names);
    expect(result.ok && result.line.grantees).toEqual(['Ελένη Παπαδοπούλου']);
  });
});

describe('parseFeedLine rejects, naming the field', () => {
  it.each([
    ['a line that is not JSON', '{"county": "SAC",', /^invalid JSON: /],
    ['a JSON array', '[1, 2]', 'a line must be a JSON object with the fields of recorder feed v1'],
    ['a JSON string', '"SAC"', 'a line must be a JSON object with the fields of recorder feed v1'],
    ['JSON null', 'null', 'a line must be a JSON object with the fields of recorder feed v1'],
    ['an empty object', '{}', `missing fields: ${FIELDS}`],
    ['a missing file', JSON.stringify({ ...GOOD, file: undefined }), 'missing field: file'],
    ['a blank line', '  \t ', 'the line is empty'],
  ])('%s', (_, text, expected) => {
    if (typeof expected === 'string') expect(reasonOf(text)).toBe(expected);
    else expect(reasonOf(text)).toMatch(expected);
  });

  const COUNTY =
    'county must be a county code: 1 to 16 capital letters, digits or underscores, e.g. SAC';
  const NUMBER = 'documentNumber must be 1 to 64 characters, not blank, with no control characters';
  const TYPE = 'documentType must be 1 to 100 characters, not blank, with no control characters';
  const name = (at: string) =>
    `${at} must be a name of 1 to 200 characters, not blank, with no control characters`;

  it.each([
    ['county in lower case', { county: 'sac' }, COUNTY],
    ['county too long', { county: 'A'.repeat(17) }, COUNTY],
    ['county empty', { county: '' }, COUNTY],
    ['county a number', { county: 6067 }, COUNTY],
    ['documentNumber empty', { documentNumber: '' }, NUMBER],
    ['documentNumber blank', { documentNumber: '   ' }, NUMBER],
    ['documentNumber too long', { documentNumber: '9'.repeat(65) }, NUMBER],
    ['documentNumber with a line break', { documentNumber: '12\n34' }, NUMBER],
    ['recordedAt without an offset', { recordedAt: '2026-11-20T09:15:00' }, TIMESTAMP_RULE],
    ['recordedAt a date only', { recordedAt: '2026-11-20' }, TIMESTAMP_RULE],
    ['recordedAt without seconds', { recordedAt: '2026-11-20T09:15-08:00' }, TIMESTAMP_RULE],
    ['recordedAt with a ±hhmm offset', { recordedAt: '2026-11-20T09:15:00-0800' }, TIMESTAMP_RULE],
    ['recordedAt with a space for T', { recordedAt: '2026-11-20 09:15:00Z' }, TIMESTAMP_RULE],
    ['recordedAt on 30 February', { recordedAt: '2026-02-30T09:15:00Z' }, TIMESTAMP_RULE],
    [
      'recordedAt on 29 February of a common year',
      { recordedAt: '2026-02-29T09:15:00Z' },
      TIMESTAMP_RULE,
    ],
    ['recordedAt at 24:00', { recordedAt: '2026-11-20T24:00:00Z' }, TIMESTAMP_RULE],
    ['recordedAt as epoch milliseconds', { recordedAt: 1795187700000 }, TIMESTAMP_RULE],
    ['documentType blank', { documentType: ' ' }, TYPE],
    [
      'grantors not a list',
      { grantors: 'SMITH JOHN' },
      'grantors must be a list of at most 50 names',
    ],
    [
      '51 grantees',
      { grantees: Array(51).fill('X') },
      'grantees must be a list of at most 50 names',
    ],
    ['a grantor that is not text', { grantors: ['A', 5] }, name('grantors[1]')],
    ['a grantee too long', { grantees: ['N'.repeat(201)] }, name('grantees[0]')],
    ['a grantee with a control character', { grantees: ['SMITH\u0007'] }, name('grantees[0]')],
    ['a blank grantor', { grantors: [''] }, name('grantors[0]')],
    [
      'no party at all',
      { grantors: [], grantees: [] },
      'a document needs at least one grantor or grantee',
    ],
    ['21 APNs', { apns: Array(21).fill('1') }, 'apns must be a list of at most 20 APNs'],
    [
      'an empty APN',
      { apns: [''] },
      'apns[0] must be 1 to 64 characters, not blank, with no control characters',
    ],
    ['addresses not a list', { addresses: {} }, 'addresses must be a list of at most 20 addresses'],
    [
      'an address too long',
      { addresses: ['1 MAIN ST', 'A'.repeat(201)] },
      'addresses[1] must be 1 to 200 characters, not blank, with no control characters',
    ],
    ['file not a PDF', { file: 'doc.tiff' }, FILE_RULE],
    ['file that climbs out', { file: '../etc/doc.pdf' }, FILE_RULE],
    ['file in a folder', { file: 'docs/doc.pdf' }, FILE_RULE],
    ['file with a backslash', { file: 'docs\\doc.pdf' }, FILE_RULE],
    ['file with ..', { file: 'a..pdf' }, FILE_RULE],
    ['file with no name', { file: '.pdf' }, FILE_RULE],
    ['file with a line break', { file: 'a\n.pdf' }, FILE_RULE],
    ['file with a bidi mark (a blob key rule)', { file: 'a\u202egnp.pdf' }, FILE_RULE],
    ['file named like a partial write', { file: '.partial-x.pdf' }, FILE_RULE],
    ['file too long', { file: `${'f'.repeat(252)}.pdf` }, FILE_RULE],
  ])('%s', (_, changes, expected) => {
    expect(reasonOf(line(changes))).toBe(expected);
  });

  it('an extra field', () => {
    expect(reasonOf(line({ note: 'hello' }))).toBe(
      `field 'note' is not part of recorder feed v1 (allowed: ${FIELDS})`,
    );
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'a %s key, without touching prototypes',
    (key) => {
      const text = line().replace(/}$/, `,"${key}":{"polluted":true}}`);
      expect(reasonOf(text)).toBe(
        `field '${key}' is not part of recorder feed v1 (allowed: ${FIELDS})`,
      );
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it('several problems in one sentence, at most three spelled out', () => {
    expect(reasonOf(line({ county: 'sac', file: 'a.txt' }))).toBe(`${COUNTY}; ${FILE_RULE}`);
    expect(
      reasonOf(line({ county: 'sac', documentNumber: '', documentType: '', file: 'a.txt' })),
    ).toBe(`${COUNTY}; ${NUMBER}; ${TYPE}; and 1 more`);
  });
});

describe('hostile lines', () => {
  const isControl = (c: string) => c <= '\x1F' || (c >= '\x7F' && c <= '\x9F');
  /** The rule in plain code: something not blank, and no control character. */
  const printable = (s: string) => /\S/.test(s) && ![...s].some(isControl);

  it('PRINTABLE accepts exactly the strings with something not blank and no control character', () => {
    const alphabet = [' ', 'a', '\t', '\x00', '\x85', '\u00a0', '\u3000', '\ufeff', '\u2028'];
    let strings = [''];
    for (let length = 1; length <= 4; length++) {
      strings = strings.flatMap((s) => alphabet.map((c) => s + c));
      for (const s of strings) expect(PRINTABLE.test(s), JSON.stringify(s)).toBe(printable(s));
    }
  });

  // The field is 100 KiB: the length check refuses it before PRINTABLE runs, and PRINTABLE
  // itself is linear by recheck (server/test/hostile-patterns.test.ts; the old pattern took ~4 s
  // on the first of these). The time each takes is measured by `npm run bench:hostile`.
  it.each([
    ['text then a control character', '!'.repeat(100 * 1024) + '\u0000'],
    ['blanks then a control character', ' '.repeat(100 * 1024) + '\u0000'],
    ['a letter, blanks, a control character', 'a' + ' '.repeat(100 * 1024) + '\u0001'],
  ])('a 100 KiB field of %s is refused, each field with its rule', (_, value) => {
    expect(PRINTABLE.test(value)).toBe(false);
    expect(reasonOf(line({ documentNumber: value, grantors: [value], file: value }))).toBe(
      'documentNumber must be 1 to 64 characters, not blank, with no control characters; ' +
        'grantors[0] must be a name of 1 to 200 characters, not blank, with no control characters; ' +
        FILE_RULE,
    );
  });
});
