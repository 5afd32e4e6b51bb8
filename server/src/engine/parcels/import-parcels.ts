import { createReadStream, ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type pg from 'pg';
import { createProgress, type Progress, type ProgressStream } from '../../lib/progress.ts';
import { addressKey, apnKey, formatApn, nameKey } from '../../keys/normalize.ts';
import { CsvError, type CsvRecord, parseCsv } from './csv.ts';
import * as repo from './import-parcels.repository.ts';

/**
 * The assessor's parcel roll of one county (CSV: apn, situs_address, city, state, zip,
 * owner_names with names separated by ';') replaces that county's parcels, in one
 * transaction; owner names join index_names so the name search knows them.
 *
 * The file streams through a COPY into a TEMP staging table; keys are computed here by the
 * normalisers, as every other writer does. Bad rows are skipped and reported; an unknown
 * county, an unreadable file, a wrong header or a file with no good row changes nothing.
 */

export const COLUMNS = ['apn', 'situs_address', 'city', 'state', 'zip', 'owner_names'] as const;
type Column = (typeof COLUMNS)[number];

export const LIMITS = {
  situs_address: 200,
  city: 100,
  state: 50,
  zip: 20,
  ownerName: 200,
  owners: 50,
} as const;

export const MAX_REASONS = 100;

/** The import did not happen: nothing was changed. The message is for the person running it. */
export class ImportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImportError';
  }
}

export type SkippedRow = { line: number; reason: string };

export type ImportSummary = {
  county: string;
  /** Data rows in the file (the header and blank lines not counted). */
  rows: number;
  /** Parcels the county has now. */
  imported: number;
  /** Rows whose APN a later row repeats: the last one is kept. */
  duplicates: number;
  skipped: number;
  /** The first 100 skipped rows. */
  skippedReasons: SkippedRow[];
  /** Owner names index_names did not know yet. */
  namesAdded: number;
  seconds: number;
  /** Reading the file into the staging table, then the replacing transaction. */
  phases: { read: number; replace: number };
};

export type ImportOptions = {
  county: string;
  /** A file path, or the file's bytes as a stream. */
  source: string | AsyncIterable<Uint8Array | string>;
  /** Where to draw a progress bar over the bytes read; none when omitted. */
  progress?: ProgressStream;
  /** Bytes in the source, for the bar's percentage; a path's size is found by itself. */
  size?: number;
};

// A field with no whitespace but single spaces is only trimmed: tested first, as most fields
// are so and the test allocates nothing.
const SPACING = /\s\s|[^\S ]/;
const clean = (s: string) => (SPACING.test(s) ? s.replace(/\s+/g, ' ') : s).trim();
// After clean() the only control characters left are ones no parcel field should hold (NUL,
// escape…); Postgres text cannot even store NUL.
const CONTROL = /[\p{Cc}]/u;

type Header = Record<Column, number>;

function readHeader(record: CsvRecord | undefined): Header {
  const expected = COLUMNS.join(',');
  if (!record) throw new ImportError(`The file is empty: the first line must be ${expected}`);
  if (record.error) throw new ImportError(`The header row cannot be read: ${record.error}`);
  const names = record.fields.map((f) => clean(f).toLowerCase());
  const unknown = names.filter((n) => !(COLUMNS as readonly string[]).includes(n));
  const missing = COLUMNS.filter((c) => !names.includes(c));
  const repeated = names.filter((n, i) => names.indexOf(n) !== i);
  if (unknown.length || missing.length || repeated.length) {
    const problems = [
      unknown.length ? `unknown ${unknown.map((n) => `'${n}'`).join(', ')}` : '',
      missing.length ? `missing ${missing.join(', ')}` : '',
      repeated.length ? `repeated ${repeated.join(', ')}` : '',
    ].filter(Boolean);
    throw new ImportError(
      `The header row must name the columns ${expected} (in any order): ${problems.join('; ')}`,
    );
  }
  return Object.fromEntries(COLUMNS.map((c) => [c, names.indexOf(c)])) as Header;
}

type Checked = { ok: true; parcel: repo.StagedParcel } | { ok: false; reason: string };

function checkRow(record: CsvRecord, header: Header, county: repo.ImportCounty): Checked {
  if (record.error) return { ok: false, reason: record.error };
  if (record.fields.length !== COLUMNS.length) {
    return {
      ok: false,
      reason: `expected ${COLUMNS.length} fields, found ${record.fields.length}`,
    };
  }
  const field = (c: Column) => clean(record.fields[header[c]]!);
  // Spelled out, not built from COLUMNS: one small object per row, two million times.
  const values: Record<Column, string> = {
    apn: field('apn'),
    situs_address: field('situs_address'),
    city: field('city'),
    state: field('state'),
    zip: field('zip'),
    owner_names: field('owner_names'),
  };
  for (const c of COLUMNS) {
    if (CONTROL.test(values[c])) return { ok: false, reason: `${c} holds a control character` };
  }
  for (const c of ['situs_address', 'city', 'state', 'zip'] as const) {
    if (values[c].length > LIMITS[c]) {
      return { ok: false, reason: `${c} is longer than ${LIMITS[c]} characters` };
    }
  }
  const apn = values.apn;
  if (apn === '') return { ok: false, reason: 'the APN is empty' };
  const key = apnKey(apn);
  const dataForm = formatApn(key, county.dataMask);
  if (dataForm === undefined) {
    return {
      ok: false,
      reason: `APN '${apn}' does not fit the ${county.code} APN format ${county.uiMask}`,
    };
  }
  const owners = values.owner_names
    .split(';')
    .map(clean)
    .filter((n) => n !== '');
  if (owners.length > LIMITS.owners) {
    return { ok: false, reason: `more than ${LIMITS.owners} owner names` };
  }
  if (owners.some((n) => n.length > LIMITS.ownerName)) {
    return { ok: false, reason: `an owner name is longer than ${LIMITS.ownerName} characters` };
  }
  return {
    ok: true,
    parcel: {
      line: record.line,
      // Stored as people read it, like every other writer of parcels.
      apn: formatApn(key, county.uiMask) ?? dataForm,
      apnKey: key,
      address: values.situs_address,
      addressKey: addressKey(values.situs_address),
      city: values.city,
      state: values.state,
      zip: values.zip,
      ownerNames: owners,
      ownerKeys: owners.map(nameKey),
    },
  };
}

async function* countBytes(
  source: AsyncIterable<Uint8Array | string>,
  progress: Progress | undefined,
): AsyncGenerator<Uint8Array | string> {
  for await (const chunk of source) {
    progress?.tick(typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength);
    yield chunk;
  }
}

async function openSource(options: ImportOptions) {
  if (typeof options.source !== 'string') {
    return { stream: options.source, size: options.size };
  }
  const file = options.source;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new ImportError(`'${file}' is not a file`);
    return { stream: createReadStream(file, { highWaterMark: 256 * 1024 }), size: info.size };
  } catch (err) {
    if (err instanceof ImportError) throw err;
    throw new ImportError(`Cannot read '${file}': ${(err as Error).message}`, { cause: err });
  }
}

async function requireCounty(db: Parameters<typeof repo.findCountyByCode>[0], code: string) {
  const county = await repo.findCountyByCode(db, code);
  if (!county) throw new ImportError(`County '${code}' not found`);
  return county;
}

const seconds = (from: number, to = performance.now()) => Math.round(to - from) / 1000;

/**
 * Imports a parcel roll into the county with code `options.county`. Resolves to the summary;
 * rejects with an ImportError (nothing changed) when the import cannot be done. Uses two
 * connections of `pool`: a county's first import builds its owner names on the second while
 * the first builds its parcels.
 */
export async function importParcels(pool: pg.Pool, options: ImportOptions): Promise<ImportSummary> {
  if ((pool.options.max ?? 10) < 2) {
    throw new Error('importParcels needs a pool of at least 2 connections');
  }
  const started = performance.now();
  const client = await pool.connect();
  let namesClient: pg.PoolClient | undefined;
  let staging: repo.Staging | undefined;
  let healthy = false;
  let source: ReadStream | undefined;
  try {
    const db = repo.sessionDatabase(client);
    const county = await requireCounty(db, options.county);
    const { stream, size } = await openSource(options);
    if (stream instanceof ReadStream) source = stream;

    const progress = options.progress
      ? createProgress({ label: `Reading ${county.code}`, total: size, stream: options.progress })
      : undefined;
    let rows = 0;
    let skipped = 0;
    const skippedReasons: SkippedRow[] = [];
    let header: Header | undefined;
    // The good rows of some records, checked as they are taken: a row is written out before
    // the next one is made, so none outlives the young generation of the garbage collector.
    function* checked(records: CsvRecord[]): Generator<repo.StagedParcel> {
      for (const record of records) {
        if (!header) {
          header = readHeader(record);
          continue;
        }
        rows++;
        const row = checkRow(record, header, county);
        if (row.ok) {
          yield row.parcel;
        } else {
          skipped++;
          if (skippedReasons.length < MAX_REASONS) {
            skippedReasons.push({ line: record.line, reason: row.reason });
          }
        }
      }
    }
    // The rows of the file, a chunk's records at a time (csv.ts says why not one by one).
    async function* parcels(): AsyncGenerator<Iterable<repo.StagedParcel>> {
      for await (const records of parseCsv(countBytes(stream, progress))) {
        yield checked(records);
      }
      if (!header) readHeader(undefined);
    }

    staging = await repo.createStaging(db);
    let staged: number;
    try {
      staged = await repo.copyIntoStaging(client, staging, parcels());
    } catch (err) {
      if (err instanceof ImportError) throw err;
      if (err instanceof CsvError) throw new ImportError(`Cannot import: ${err.message}`);
      throw new ImportError(
        `The import stopped while reading the file; nothing was changed: ${(err as Error).message}`,
        { cause: err },
      );
    } finally {
      progress?.done();
    }
    const read = performance.now();
    if (staged === 0) {
      // Every row had the same fault, most likely: the first ones say which.
      const why = skippedReasons
        .slice(0, 3)
        .map((s) => `line ${s.line}: ${s.reason}`)
        .join('; ');
      throw new ImportError(
        `No row of the file could be imported (${rows} rows, ${skipped} skipped); the parcels of ${county.code} were left as they were${why ? `. ${why}` : ''}`,
      );
    }
    options.progress?.write(`Replacing the parcels of ${county.code} (${staged} rows)…\n`);
    namesClient = await pool.connect();
    const namesDb = repo.sessionDatabase(namesClient);
    const inStaging = staging;
    let result: Awaited<ReturnType<typeof repo.replaceCountyParcels>>;
    try {
      result = await db.transaction().execute((trx) =>
        repo.replaceCountyParcels(
          trx,
          county.id,
          inStaging,
          staged,
          () =>
            namesDb
              .transaction()
              .execute((names) => repo.buildOwnerNames(names, county.id, inStaging)),
          () => options.progress?.write('Waiting for a backup to finish its dump…\n'),
        ),
      );
    } catch (err) {
      // A first import's names table was committed on its own connection. Should dropping it
      // fail too, the county's next import drops it before building its own.
      await repo.dropBuiltNames(namesDb, county.id).catch(() => {});
      throw new ImportError(
        `The import failed and the parcels of ${county.code} were left as they were: ${(err as Error).message}`,
        { cause: err },
      );
    }
    await repo.dropStaging(db, staging);
    staging = undefined;
    healthy = true;
    const end = performance.now();
    return {
      county: county.code,
      rows,
      imported: result.imported,
      duplicates: result.duplicates,
      skipped,
      skippedReasons,
      namesAdded: result.namesAdded,
      seconds: seconds(started, end),
      phases: { read: seconds(started, read), replace: seconds(read, end) },
    };
  } finally {
    // After a failure the session may be mid-protocol (a COPY cut short): discarded, and its
    // staging table dropped from another connection once the server has let go of it.
    client.release(!healthy);
    // A file the COPY never got to read must not stay open.
    source?.destroy();
    if (staging) await dropLeftStaging(pool, staging);
    namesClient?.release(!healthy);
  }
}

/**
 * Should this fail too, the table is dropped by the next import: its name says its backend is
 * gone. The import's own error is the one to report.
 */
async function dropLeftStaging(pool: pg.Pool, staging: repo.Staging): Promise<void> {
  try {
    const cleaner = await pool.connect();
    try {
      await repo.dropStaging(repo.sessionDatabase(cleaner), staging);
    } finally {
      cleaner.release();
    }
  } catch {
    // As said above.
  }
}
