import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { clientConnection, findPgTool, serverMajor, userRelationCount } from './db/pg-tools.ts';
import {
  IMPORT_WORK_TABLES,
  whileNoImportReplaces,
} from './engine/parcels/import-parcels.repository.ts';
import { type BlobEntry, type BlobStore, createFileBlobStore } from './storage/blob-store.ts';
import { copyStore } from './storage/copy-store.ts';

const runFile = promisify(execFile);

export const MANIFEST = 'manifest.json';
export const DUMP = 'database.dump';
export const DOCUMENTS_FOLDER = 'documents';
export const DOCUMENT_LIST = 'documents.ndjson';
const FORMAT = 'deedwatch-backup';

/**
 * copy: every object is copied into the backup folder. list: only their keys and sizes are
 * written, for a bucket that keeps its own copies (versioning, replication); the restore then
 * checks the bucket still holds each one.
 */
export type DocumentsMode = 'copy' | 'list';

export type Manifest = {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  database: {
    file: typeof DUMP;
    sha256: string;
    bytes: number;
    serverMajor: number;
    pgDumpMajor: number;
  };
  documents: {
    mode: DocumentsMode;
    /** The store backed up: fs or s3. */
    store: Config['documentStore'];
    objects: number;
    bytes: number;
  };
};

type DocumentLine = BlobEntry & { sha256?: string };

// A backup holds every subscriber's email and phone: only the account that made it may read it,
// whatever the umask. The folder is closed to others before anything goes into it.
const PRIVATE_FOLDER = 0o700;
const PRIVATE_FILE = 0o600;

/** Every folder and file under `folder` (the copied documents) closed to others. */
async function restrictTree(folder: string): Promise<void> {
  await chmod(folder, PRIVATE_FOLDER);
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await chmod(file, PRIVATE_FOLDER);
    else if (entry.isFile()) await chmod(file, PRIVATE_FILE);
  }
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** A client program that cannot be found is the operator's to install: said, not thrown. */
const asBackupError = (err: unknown): never => {
  throw new BackupError((err as Error).message);
};

async function sha256Of(chunks: AsyncIterable<Buffer>): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of chunks) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

const fileSha256 = (file: string) => sha256Of(createReadStream(file) as AsyncIterable<Buffer>);

/** Runs a client program to its end; its stderr is the error when it fails. */
function runTool(file: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-8000)));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${path.basename(file)} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

const byKey = (a: BlobEntry, b: BlobEntry) => {
  const ka = `${a.container}/${a.name}`;
  const kb = `${b.container}/${b.name}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

/**
 * Writes a backup into `folder` (created; it must be empty): the database as pg_dump's custom
 * format, then the document store, then manifest.json, last, so that a folder without one is
 * an interrupted backup. The dump is one consistent snapshot, without the work tables of an
 * import that is running (IMPORT_WORK_TABLES), and no import replaces a county's parcels while
 * it runs (whileNoImportReplaces: one that reaches that step waits). The store is read after
 * it, and a document's file is stored before its row commits (ingest, alert excerpts), so every
 * document the dump holds is in the copy — documents that arrived meanwhile are in it too, unused.
 */
export async function backup(
  deps: { db: Database; databaseUrl: string; store: BlobStore; storeKind: Config['documentStore'] },
  folder: string,
  mode: DocumentsMode,
  /** Called when the dump must first wait for an import's replacing step to commit. */
  onWaitForImport?: () => void,
): Promise<Manifest> {
  // The tool first: a backup that cannot run leaves no folder behind.
  const major = await serverMajor(deps.db);
  const pgDump = await findPgTool('pg_dump', major).catch(asBackupError);
  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER });
  if ((await readdir(folder)).length > 0) {
    throw new BackupError(`${folder} is not empty: a backup goes into a new or empty folder.`);
  }
  await chmod(folder, PRIVATE_FOLDER);
  const connection = clientConnection(deps.databaseUrl);
  const dumpFile = path.join(folder, DUMP);
  // Made here, private: pg_dump writes into the file it finds and keeps its mode.
  await (await open(dumpFile, 'wx', PRIVATE_FILE)).close();
  await whileNoImportReplaces(
    deps.db,
    () =>
      runTool(
        pgDump.path,
        [
          '--format=custom',
          '--no-password',
          `--file=${dumpFile}`,
          `--dbname=${connection.dbname}`,
          ...IMPORT_WORK_TABLES.map((pattern) => `--exclude-table=${pattern}`),
        ],
        connection.env,
      ),
    onWaitForImport,
  );
  await chmod(dumpFile, PRIVATE_FILE);
  const dump = await fileSha256(dumpFile);

  const lines: DocumentLine[] = [];
  if (mode === 'copy') {
    const documentsFolder = path.join(folder, DOCUMENTS_FOLDER);
    await mkdir(documentsFolder, { mode: PRIVATE_FOLDER });
    const target = createFileBlobStore(documentsFolder);
    await copyStore(deps.store, target, {
      overwrite: true,
      onObject: (o) =>
        lines.push({ container: o.container, name: o.name, size: o.size, sha256: o.sha256 }),
    });
    await restrictTree(documentsFolder);
  } else {
    for await (const o of deps.store.list()) lines.push(o);
  }
  lines.sort(byKey);
  await writeFile(
    path.join(folder, DOCUMENT_LIST),
    lines.map((l) => `${JSON.stringify(l)}\n`).join(''),
    { mode: PRIVATE_FILE },
  );

  const manifest: Manifest = {
    format: FORMAT,
    version: 1,
    createdAt: new Date().toISOString(),
    database: {
      file: DUMP,
      sha256: dump.sha256,
      bytes: dump.bytes,
      serverMajor: major,
      pgDumpMajor: pgDump.major,
    },
    documents: {
      mode,
      store: deps.storeKind,
      objects: lines.length,
      bytes: lines.reduce((sum, l) => sum + l.size, 0),
    },
  };
  await writeFile(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: PRIVATE_FILE,
  });
  return manifest;
}

export type RestoreSummary = {
  tables: number;
  documents: { mode: DocumentsMode; objects: number; copied: number; checked: number };
};

async function readManifest(folder: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(folder, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(
      `${folder} holds no ${MANIFEST}: not a backup, or one that did not finish.`,
    );
  }
  if (manifest.format !== FORMAT || manifest.version !== 1) {
    throw new BackupError(`${folder}/${MANIFEST} is not a DeedWatch backup of version 1.`);
  }
  return manifest;
}

/**
 * The documents a backup copied that are not as its list says: listed but missing or with
 * another checksum, or there but not listed. Read through a blob store, so a link or a name
 * that is not a safe key is never followed.
 */
async function documentsNotAsListed(folder: string, documents: DocumentLine[]): Promise<string[]> {
  const copies = createFileBlobStore(path.join(folder, DOCUMENTS_FOLDER));
  const listed = new Set<string>();
  const wrong: string[] = [];
  for (const d of documents) {
    const key = `${d.container}/${d.name}`;
    listed.add(key);
    const blob = await copies.get(d.container, d.name).catch(() => undefined);
    const held = blob && (await sha256Of(blob.stream as AsyncIterable<Buffer>));
    if (held?.sha256 !== d.sha256) wrong.push(key);
  }
  for await (const o of copies.list()) {
    if (!listed.has(`${o.container}/${o.name}`)) wrong.push(`${o.container}/${o.name}`);
  }
  return wrong;
}

async function readDocumentList(folder: string): Promise<DocumentLine[]> {
  const text = await readFile(path.join(folder, DOCUMENT_LIST), 'utf8');
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as DocumentLine);
}

/**
 * Brings a backup back into an empty database and, for a backup that copied its documents, an
 * empty document store. Checked first, before anything is written: the manifest, the dump's
 * checksum, each copied document's checksum against the backup's list, that the database holds
 * no table and the store no object. The database is restored in one transaction (all or
 * nothing), without the dump's owners and grants, so the role that runs it owns what it
 * restores; comments on extensions (which only their owner may set) are left out. Each document
 * copied back is checked again as it is copied; for a backup of the object list only, the store
 * must still hold every object with its size. Nothing is written into the backup's folder.
 */
export async function restore(
  deps: { db: Database; databaseUrl: string; store: BlobStore },
  folder: string,
): Promise<RestoreSummary> {
  const manifest = await readManifest(folder);
  const dumpFile = path.join(folder, DUMP);
  const dump = await fileSha256(dumpFile).catch(() => undefined);
  if (dump?.sha256 !== manifest.database.sha256) {
    throw new BackupError(`${dumpFile} is missing or not the file the backup wrote (checksum).`);
  }
  const documents = await readDocumentList(folder);
  if (manifest.documents.mode === 'copy') {
    const wrong = await documentsNotAsListed(folder, documents);
    if (wrong.length > 0) {
      throw new BackupError(
        `The backup's documents do not match its list (${wrong.length} missing, changed or not listed, e.g. ${wrong.slice(0, 5).join(', ')}): nothing was restored.`,
      );
    }
  }
  if ((await userRelationCount(deps.db)) > 0) {
    throw new BackupError(
      'The database is not empty: restore into a new, empty database (CREATE DATABASE …), then point DATABASE_URL at it.',
    );
  }
  if (manifest.documents.mode === 'copy') {
    for await (const o of deps.store.list()) {
      throw new BackupError(
        `The document store is not empty (it holds ${o.container}/${o.name}): restore into an empty folder or bucket.`,
      );
    }
  }
  const pgRestore = await findPgTool('pg_restore', manifest.database.pgDumpMajor).catch(
    asBackupError,
  );
  const { stdout: toc } = await runFile(pgRestore.path, ['--list', dumpFile], {
    maxBuffer: 64 * 1024 * 1024,
  });
  // What pg_restore is to restore, in a folder of our own: the backup's may be read-only.
  const work = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-restore-'));
  const listFile = path.join(work, 'restore-list');
  try {
    await writeFile(
      listFile,
      toc
        .split('\n')
        .filter((line) => !/^\d+; \d+ \d+ COMMENT - EXTENSION /.test(line))
        .join('\n'),
      { mode: PRIVATE_FILE },
    );
    const connection = clientConnection(deps.databaseUrl);
    await runTool(
      pgRestore.path,
      [
        '--exit-on-error',
        '--single-transaction',
        '--no-owner',
        '--no-privileges',
        '--no-password',
        `--use-list=${listFile}`,
        `--dbname=${connection.dbname}`,
        dumpFile,
      ],
      connection.env,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const tables = await userRelationCount(deps.db);

  let copied = 0;
  let checked = 0;
  if (manifest.documents.mode === 'copy') {
    const expected = new Map(documents.map((d) => [`${d.container}/${d.name}`, d.sha256]));
    const mismatched: string[] = [];
    const result = await copyStore(
      createFileBlobStore(path.join(folder, DOCUMENTS_FOLDER)),
      deps.store,
      {
        overwrite: true,
        onObject: (o) => {
          const key = `${o.container}/${o.name}`;
          if (expected.get(key) !== o.sha256) mismatched.push(key);
        },
      },
    );
    copied = result.copied;
    if (copied !== documents.length || mismatched.length > 0) {
      throw new BackupError(
        `The database is restored, but the backup's documents changed while they were copied: ${copied} of ${documents.length} copied, ${mismatched.length} with another checksum (${mismatched.slice(0, 5).join(', ')}).`,
      );
    }
  } else {
    const held = new Map<string, number>();
    for await (const o of deps.store.list()) held.set(`${o.container}/${o.name}`, o.size);
    const missing = documents.filter((d) => held.get(`${d.container}/${d.name}`) !== d.size);
    checked = documents.length - missing.length;
    if (missing.length > 0) {
      throw new BackupError(
        `The database is restored, but the document store lacks ${missing.length} of the ${documents.length} objects the backup listed (or holds them with another size), e.g. ${missing
          .slice(0, 5)
          .map((d) => `${d.container}/${d.name}`)
          .join(', ')}.`,
      );
    }
  }
  return {
    tables,
    documents: { mode: manifest.documents.mode, objects: documents.length, copied, checked },
  };
}
