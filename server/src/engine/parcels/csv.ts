/**
 * A streaming CSV reader (RFC 4180): fields separated by commas, records by CRLF, LF or CR;
 * a field in double quotes may hold commas, line breaks and doubled quotes (""). Fed in chunks
 * of any size — a record, a quoted field or a CRLF may straddle two chunks.
 *
 * Lenient where assessor exports commonly are and the meaning is plain: a quote inside an
 * unquoted field is kept as a character (12" PIPE). Strict where the meaning is lost: text
 * after a closing quote, a quoted field never closed and an oversized record make that record
 * an error (reported with its line), and reading goes on with the next one.
 */

export type CsvRecord = {
  /** The line the record starts on, counting from 1. */
  line: number;
  fields: string[];
  /** Why the record cannot be trusted; its fields are then as far as they could be read. */
  error?: string;
};

export type CsvOptions = {
  /** Characters one record may hold; past that it is an error and its text is dropped. */
  maxRecordChars?: number;
};

export class CsvError extends Error {
  readonly line: number;
  constructor(message: string, line: number) {
    super(message);
    this.name = 'CsvError';
    this.line = line;
  }
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

type State = 'start' | 'unquoted' | 'quoted' | 'quote';

export const MAX_RECORD_CHARS = 1024 * 1024;

export class CsvParser {
  #max: number;
  #records: CsvRecord[] = [];
  #fields: string[] = [];
  #field = '';
  #state: State = 'start';
  #line = 1;
  #recordLine = 1;
  #chars = 0;
  #quoted = false;
  #error: string | undefined;
  #skipLF = false;
  #first = true;

  constructor(options: CsvOptions = {}) {
    this.#max = options.maxRecordChars ?? MAX_RECORD_CHARS;
  }

  /** The line being read: where an error in the input is. */
  get line(): number {
    return this.#line;
  }

  /** Reads a chunk; returns the records it completed. */
  push(chunk: string): CsvRecord[] {
    const s = chunk;
    const n = s.length;
    let i = 0;
    if (this.#first && n > 0) {
      this.#first = false;
      if (s.charCodeAt(0) === 0xfeff) i = 1;
    }
    if (this.#skipLF && i < n) {
      this.#skipLF = false;
      if (s.charCodeAt(i) === LF) i++;
    }
    while (i < n) {
      switch (this.#state) {
        case 'start':
          if (s.charCodeAt(i) === QUOTE) {
            this.#quoted = true;
            this.#state = 'quoted';
            i++;
          } else {
            this.#state = 'unquoted';
          }
          break;
        case 'unquoted': {
          let j = i;
          let c = 0;
          while (j < n) {
            c = s.charCodeAt(j);
            if (c === COMMA || c === LF || c === CR) break;
            j++;
          }
          this.#append(s, i, j);
          if (j === n) {
            i = n;
            break;
          }
          i = j + 1;
          this.#endField();
          if (c === COMMA) break;
          this.#endRecord();
          if (c === CR) {
            if (i === n) this.#skipLF = true;
            else if (s.charCodeAt(i) === LF) i++;
          }
          break;
        }
        case 'quoted': {
          const j = s.indexOf('"', i);
          const end = j === -1 ? n : j;
          for (let k = s.indexOf('\n', i); k !== -1 && k < end; k = s.indexOf('\n', k + 1)) {
            this.#line++;
          }
          this.#append(s, i, end);
          if (j === -1) {
            i = n;
          } else {
            this.#state = 'quote';
            i = j + 1;
          }
          break;
        }
        case 'quote': {
          const c = s.charCodeAt(i);
          if (c === QUOTE) {
            this.#append('"', 0, 1);
            this.#state = 'quoted';
            i++;
          } else {
            if (c !== COMMA && c !== LF && c !== CR) {
              this.#fail('a quoted field must end at a comma or at the end of the line');
            }
            this.#state = 'unquoted';
          }
          break;
        }
      }
    }
    const out = this.#records;
    this.#records = [];
    return out;
  }

  /** Ends the input; returns the last record, if the input did not end with a line break. */
  end(): CsvRecord[] {
    if (this.#state === 'quoted') {
      this.#fail('a quoted field is not closed: its closing " is missing');
    }
    if (this.#state !== 'start' || this.#fields.length > 0) {
      this.#endField();
      this.#endRecord();
    }
    const out = this.#records;
    this.#records = [];
    return out;
  }

  #append(s: string, from: number, to: number) {
    if (to <= from) return;
    this.#chars += to - from;
    if (this.#chars > this.#max) {
      this.#fail(`the record is longer than ${this.#max.toLocaleString('en-US')} characters`);
      return;
    }
    this.#field += s.slice(from, to);
  }

  #fail(reason: string) {
    this.#error ??= reason;
  }

  #endField() {
    this.#fields.push(this.#field);
    this.#field = '';
    this.#state = 'start';
  }

  #endRecord() {
    const blank = this.#fields.length === 1 && this.#fields[0] === '' && !this.#quoted;
    if (!blank) {
      const record: CsvRecord = { line: this.#recordLine, fields: this.#fields };
      if (this.#error !== undefined) record.error = this.#error;
      this.#records.push(record);
    }
    this.#fields = [];
    this.#chars = 0;
    this.#quoted = false;
    this.#error = undefined;
    this.#line++;
    this.#recordLine = this.#line;
  }
}

/**
 * The records of a CSV byte (or text) stream, read as they are consumed: the records each chunk
 * of the source completes, as one array (never an empty one). An array per chunk rather than a
 * record at a time, because every step of an async iteration is a round through the microtask
 * queue: for a 2M-row parcel roll, a record at a time through the import's steps cost over a
 * second. Bytes must be UTF-8 (a byte-order mark is dropped); anything else throws a CsvError
 * with the line, rather than storing garbled names.
 */
export async function* parseCsv(
  source: AsyncIterable<Uint8Array | string>,
  options: CsvOptions = {},
): AsyncGenerator<CsvRecord[]> {
  const parser = new CsvParser(options);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (bytes?: Uint8Array) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      // Read up to the first bad byte so the error can say where it is.
      if (bytes) {
        const text = new TextDecoder().decode(bytes);
        const bad = text.indexOf('\uFFFD');
        parser.push(bad === -1 ? text : text.slice(0, bad));
      }
      throw new CsvError(
        `the file is not UTF-8 text (near line ${parser.line}); save it as UTF-8 and try again`,
        parser.line,
      );
    }
  };
  for await (const chunk of source) {
    const records = parser.push(typeof chunk === 'string' ? chunk : decode(chunk));
    if (records.length > 0) yield records;
  }
  const last = [...parser.push(decode()), ...parser.end()];
  if (last.length > 0) yield last;
}
