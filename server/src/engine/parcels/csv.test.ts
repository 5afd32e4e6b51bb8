import { describe, expect, it } from 'vitest';
import { CsvError, CsvParser, type CsvRecord, parseCsv } from './csv.ts';

function parseText(text: string, options?: { maxRecordChars?: number }): CsvRecord[] {
  const parser = new CsvParser(options);
  return [...parser.push(text), ...parser.end()];
}

/** The same text fed in the given pieces. */
function parsePieces(pieces: string[]): CsvRecord[] {
  const parser = new CsvParser();
  return [...pieces.flatMap((p) => parser.push(p)), ...parser.end()];
}

async function collect(source: AsyncIterable<Uint8Array | string>) {
  const out = [];
  for await (const records of parseCsv(source)) out.push(...records);
  return out;
}

async function* chunks<T>(...items: T[]) {
  yield* items;
}

const TRICKY = [
  'apn,situs_address,owner_names',
  '1,"12 MAIN ST, UNIT 4","SMITH, JOHN;DOE ""JJ"" JANE"',
  '2,"LINE ONE\r\nLINE TWO",',
  '',
  '3,,"" ',
  '4,"",last',
].join('\r\n');

describe('CsvParser', () => {
  it('reads plain records, with LF or CRLF line ends', () => {
    expect(parseText('a,b,c\n1,2,3\r\n4,5,6\n')).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', '2', '3'] },
      { line: 3, fields: ['4', '5', '6'] },
    ]);
  });

  it('reads quoted fields: commas, doubled quotes, line breaks, empty', () => {
    expect(parseText(TRICKY)).toEqual([
      { line: 1, fields: ['apn', 'situs_address', 'owner_names'] },
      { line: 2, fields: ['1', '12 MAIN ST, UNIT 4', 'SMITH, JOHN;DOE "JJ" JANE'] },
      { line: 3, fields: ['2', 'LINE ONE\r\nLINE TWO', ''] },
      {
        line: 6,
        fields: ['3', '', ' '],
        error: 'a quoted field must end at a comma or at the end of the line',
      },
      { line: 7, fields: ['4', '', 'last'] },
    ]);
  });

  it('skips blank lines but keeps a record of one quoted empty field', () => {
    expect(parseText('\n\na\n\n""\n\n')).toEqual([
      { line: 3, fields: ['a'] },
      { line: 5, fields: [''] },
    ]);
  });

  it('keeps empty fields at either end, and a last record without a line end', () => {
    expect(parseText(',a,\n,')).toEqual([
      { line: 1, fields: ['', 'a', ''] },
      { line: 2, fields: ['', ''] },
    ]);
  });

  it('ends a record at a lone CR too', () => {
    expect(parseText('a,b\rc,d\r')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['c', 'd'] },
    ]);
  });

  it('drops a byte-order mark at the start only', () => {
    expect(parseText('\uFEFFapn,zip\n\uFEFF1,2')).toEqual([
      { line: 1, fields: ['apn', 'zip'] },
      { line: 2, fields: ['\uFEFF1', '2'] },
    ]);
  });

  it('keeps a quote inside an unquoted field as a character', () => {
    expect(parseText('12" PIPE,x\n')).toEqual([{ line: 1, fields: ['12" PIPE', 'x'] }]);
  });

  it('gives the same records however the text is cut into chunks', () => {
    const whole = parseText(TRICKY);
    for (let cut = 0; cut <= TRICKY.length; cut++) {
      expect(parsePieces([TRICKY.slice(0, cut), TRICKY.slice(cut)]), `cut at ${cut}`).toEqual(
        whole,
      );
    }
    expect(parsePieces([...TRICKY])).toEqual(whole);
  });

  it('reports a quoted field that is never closed', () => {
    expect(parseText('a,b\n1,"open\n2,3\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      {
        line: 2,
        fields: ['1', 'open\n2,3\n'],
        error: 'a quoted field is not closed: its closing " is missing',
      },
    ]);
  });

  it('reports an oversized record without holding it, and reads on', () => {
    const records = parseText(`1,${'x'.repeat(50)}\n2,ok\n`, { maxRecordChars: 20 });
    expect(records).toEqual([
      { line: 1, fields: ['1', ''], error: 'the record is longer than 20 characters' },
      { line: 2, fields: ['2', 'ok'] },
    ]);
  });
});

describe('parseCsv', () => {
  it('decodes UTF-8 bytes, a character split across chunks included', async () => {
    const bytes = Buffer.from('apn,owner\n1,NÚÑEZ JOSÉ\n');
    const at = bytes.indexOf(0xc3); // the first byte of Ú
    expect(await collect(chunks(bytes.subarray(0, at + 1), bytes.subarray(at + 1)))).toEqual([
      { line: 1, fields: ['apn', 'owner'] },
      { line: 2, fields: ['1', 'NÚÑEZ JOSÉ'] },
    ]);
  });

  it('gives the records each chunk completes as one array, and no empty array', async () => {
    const batches: CsvRecord[][] = [];
    for await (const records of parseCsv(chunks('apn\n1\n', '2', '\n3'))) batches.push(records);
    expect(batches).toEqual([
      [
        { line: 1, fields: ['apn'] },
        { line: 2, fields: ['1'] },
      ],
      [{ line: 3, fields: ['2'] }],
      [{ line: 4, fields: ['3'] }],
    ]);
  });

  it('drops a UTF-8 byte-order mark', async () => {
    expect(await collect(chunks(Buffer.from('\uFEFFapn\n1\n')))).toEqual([
      { line: 1, fields: ['apn'] },
      { line: 2, fields: ['1'] },
    ]);
  });

  it('refuses bytes that are not UTF-8, naming the line', async () => {
    const latin1 = Buffer.from('apn,owner\n1,SMITH\n2,NU\u00d1EZ\n', 'latin1');
    const error = await collect(chunks(latin1)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CsvError);
    expect((error as CsvError).line).toBe(3);
    expect((error as CsvError).message).toBe(
      'the file is not UTF-8 text (near line 3); save it as UTF-8 and try again',
    );
  });
});
