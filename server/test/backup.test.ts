import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase as openDatabase, createPool, type Database } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { findPgTool, userRelationCount } from '../src/db/pg-tools.ts';
import { ingestFolder } from '../src/engine/ingest/ingest.service.ts';
import { importParcels } from '../src/engine/parcels/import-parcels.ts';
import {
  builtNamesTable,
  builtParcelsTable,
  createStaging,
} from '../src/engine/parcels/import-parcels.repository.ts';
import { SEND_ALERT } from '../src/jobs/queues.ts';
import { apnKey, nameKey } from '../src/keys/normalize.ts';
import { insertNameSubscriptions } from '../src/modules/user/user.repository.ts';
import type { BlobStore } from '../src/storage/blob-store.ts';
import { createBlobStore } from '../src/storage/document-store.ts';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  uniqueDatabaseName,
  withAdminClient,
} from './helpers/database-admin.ts';
import { createCounty, createSubscriber, type CountyRow } from './helpers/factories.ts';
import { feedFolder, feedLine, feedPdf, writeFeed } from './helpers/feed.ts';
import { holding, waitsOn, waitsOnAdvisoryLock } from './helpers/locks.ts';
import { runScript } from './helpers/run-script.ts';
import { type LocalS3, startLocalS3 } from './helpers/s3rver.ts';
import { startTestApp, TEST_SESSION_SECRET, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

// npm run backup and npm run restore as an operator runs them: a database with subscribers,
// guarded items, ingested documents, events and alerts sent, backed up, wiped, restored into an
// empty database and an empty store, and everything found again, byte for byte.

const log = pino({ level: 'silent' });
const runFile = promisify(execFile);
const serverUrl = () => inject('testDatabase').serverUrl;

// A backup needs pg_dump as new as the server. The embedded Postgres ships none, so on a machine
// with no client programs of its version (a newcomer's, running the tests on the embedded
// default) the round trips cannot run; what a backup does there — refuse, say what to install,
// leave nothing behind — is tested instead.
const testServerMajor = await withAdminClient(serverUrl(), async (c) => {
  const { rows } = await c.query<{ v: string }>(
    `SELECT current_setting('server_version_num') AS v`,
  );
  return Math.floor(Number(rows[0]!.v) / 10_000);
});
const pgDumpFound = await findPgTool('pg_dump', testServerMajor).then(
  () => true,
  () => false,
);
if (!pgDumpFound) {
  console.warn(
    `backup.test.ts: no pg_dump of PostgreSQL ${testServerMajor} or newer here; the backup and restore round trips are skipped`,
  );
}

/** A new database with nothing in it (not the migrated template): where a restore goes. */
async function emptyDatabase() {
  const name = uniqueDatabaseName('deedwatch_restore');
  await createDatabase(serverUrl(), name);
  const url = databaseUrl(serverUrl(), name);
  const db = openDatabase(createPool(url, 2, log));
  return {
    url,
    db,
    drop: async () => {
      await db.destroy();
      await dropDatabase(serverUrl(), name);
    },
  };
}

/** Everything a restore must bring back, in a stable order. */
async function snapshot(db: Database) {
  const rows = async (query: ReturnType<typeof sql>) =>
    (await query.execute(db)).rows as Record<string, unknown>[];
  return {
    users: await rows(sql`SELECT id, email, email_verified_at FROM users ORDER BY id`),
    methods: await rows(
      sql`SELECT id, user_id, email, verified_at FROM notification_methods ORDER BY id`,
    ),
    names: await rows(
      sql`SELECT id, user_id, county_id, name, name_key FROM name_subscriptions ORDER BY id`,
    ),
    apns: await rows(
      sql`SELECT id, user_id, county_id, apn, apn_key FROM apn_subscriptions ORDER BY id`,
    ),
    documents: await rows(
      sql`SELECT id, document_number, container, file_name, excerpt_file, matched_at FROM recorded_documents ORDER BY id`,
    ),
    events: await rows(
      sql`SELECT id, user_id, document_id, match_kind, tier FROM events ORDER BY id`,
    ),
    deliveries: await rows(sql`SELECT id, kind, status, document_id FROM deliveries ORDER BY id`),
    outbox: await rows(sql`SELECT id, recipient, subject FROM outbox_messages ORDER BY id`),
  };
}

/** Every object of a store and the SHA-256 of its bytes. */
async function objects(store: BlobStore): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for await (const o of store.list()) {
    const blob = await store.get(o.container, o.name);
    found[`${o.container}/${o.name}`] = createHash('sha256')
      .update(await buffer(blob!.stream))
      .digest('hex');
  }
  return found;
}

/** Subscribers guarding names and a parcel, and `count` documents ingested, alerted and mailed. */
async function fill(t: TestApp, code: string, count: number) {
  const county: CountyRow = await createCounty(t.db, { name: `Backup ${code}`, code });
  const since = new Date(Date.now() - 3_600_000);
  const users = [];
  for (const name of ['DOE RICHARD', 'ROE JANE']) {
    const user = await createSubscriber(t.db, { verified: true });
    await insertNameSubscriptions(
      t.db,
      user.id,
      [{ countyId: county.id, name, nameKey: nameKey(name), tokens: name.split(' ') }],
      since,
    );
    users.push(user);
  }
  await t.db
    .insertInto('apn_subscriptions')
    .values({
      user_id: users[0]!.id,
      county_id: county.id,
      apn: '123-4567-890-1234',
      apn_key: apnKey('123-4567-890-1234')!,
      activated_at: since,
    })
    .execute();
  const folder = await feedFolder();
  const lines = Array.from({ length: count }, (_, i) =>
    feedLine(code, new Date(), {
      documentNumber: `${code}-${i}`,
      grantors: [i % 2 === 0 ? 'DOE RICHARD' : 'SOMEBODY ELSE'],
      apns: i === 1 ? ['123-4567-890-1234'] : [],
    }),
  );
  const pdfs: Record<string, Uint8Array> = {};
  for (const l of lines) pdfs[l.file] = await feedPdf(l, 3, l.apns, `Backup ${code}`);
  await writeFeed(folder, lines, pdfs);
  const summary = await ingestFolder(t.engine, folder);
  await rm(folder, { recursive: true, force: true });
  expect(summary.documents).toBe(count);
  // The ingest has queued every send-alert job: each must have queued its deliveries, and
  // each delivery be sent.
  await waitFor(
    'every alert sent',
    async () => {
      const { rows } = await sql<{ sent: number; all: number; alerting: number }>`
        SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*)::int AS all,
               (SELECT count(*)::int FROM pgboss.job
                WHERE name = ${SEND_ALERT} AND state <> 'completed') AS alerting
        FROM deliveries WHERE kind = 'alert'`.execute(t.db);
      const { sent, all, alerting } = rows[0]!;
      return alerting === 0 && all > 0 && sent === all;
    },
    30_000,
  );
}

const baseEnv = (url: string) => ({
  DATABASE_URL: url,
  SESSION_SECRET: TEST_SESSION_SECRET,
  MAIL_TRANSPORT: 'outbox',
  LOG_LEVEL: 'warn',
});

const folders: string[] = [];
const tempFolder = async (prefix: string) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
};
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** Each folder's and file's kind and permission bits under `folder`, by relative name. */
async function modes(folder: string, deep = false): Promise<Record<string, string>> {
  const describe = async (file: string) => {
    const info = await stat(file);
    return `${info.isDirectory() ? 'folder' : 'file'} ${(info.mode & 0o777).toString(8)}`;
  };
  const found: Record<string, string> = { '.': await describe(folder) };
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: deep })) {
    const file = path.join(entry.parentPath, entry.name);
    found[path.relative(folder, file)] = await describe(file);
  }
  return found;
}

describe('backup and restore with the folder store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    folders.push(t.config.documentsDir);
    await fill(t, 'BKF', 6);
  });
  afterAll(() => t.close());

  it.runIf(pgDumpFound)(
    "waits for an import that is replacing a county's parcels, and holds its new roll whole",
    async () => {
      const county = await createCounty(t.db, { code: 'BKI' });
      const rollFolder = await tempFolder('deedwatch-roll-');
      const roll = async (name: string, owner: string, n: number) => {
        const file = path.join(rollFolder, name);
        const rows = Array.from(
          { length: n },
          (_, i) =>
            `900-0000-000-${String(i).padStart(4, '0')},${i + 1} OAK AVENUE,SACRAMENTO,CA,95814,${owner}`,
        );
        await writeFile(file, ['apn,situs_address,city,state,zip,owner_names', ...rows].join('\n'));
        return file;
      };
      const pool = createPool(t.database.url, 3, log);
      try {
        await importParcels(pool, { county: 'BKI', source: await roll('old.csv', 'OLD OWNER', 5) });
        // The next import stops inside its replacing transaction, at its owners' insert.
        const release = await holding(t.database.url, 'LOCK TABLE index_names IN SHARE MODE');
        const imported = importParcels(pool, {
          county: 'BKI',
          source: await roll('new.csv', 'NEW OWNER', 20),
        });
        const backupDir = path.join(await tempFolder('deedwatch-backup-'), 'during-import');
        let made: ReturnType<typeof runScript> | undefined;
        try {
          await waitFor('the import to wait for index_names', () => waitsOn(t.db, 'index_names'));
          made = runScript('backup.ts', [backupDir], {
            ...baseEnv(t.database.url),
            DOCUMENTS_DIR: t.config.documentsDir,
          });
          await waitFor('the backup to wait for the import', () => waitsOnAdvisoryLock(t.db));
        } finally {
          await release();
        }
        expect((await imported).imported).toBe(20);
        const backedUp = await made;
        expect(backedUp?.code, backedUp?.stderr).toBe(0);
        expect(backedUp?.stdout).toMatch(
          /Waiting for a parcel import to finish replacing a county/,
        );
        // The dump began after the import's commit: the county's partition holds the new roll.
        const pgRestore = await findPgTool('pg_restore', testServerMajor);
        const { stdout } = await runFile(pgRestore.path, [
          '--data-only',
          `--table=parcels_county_${county.id}`,
          '--file=-',
          path.join(backupDir, 'database.dump'),
        ]);
        expect(stdout.match(/NEW OWNER/g)).toHaveLength(20);
        expect(stdout).not.toMatch(/OLD OWNER/);
      } finally {
        await pool.end();
      }
    },
  );

  it.runIf(pgDumpFound)(
    'backs up, wipes, restores, and finds every user, subscription, event, delivery and document again',
    async () => {
      const before = await snapshot(t.db);
      expect(before.events.length).toBeGreaterThanOrEqual(4);
      expect(before.apns).toHaveLength(1);
      expect(before.outbox.length).toBe(before.deliveries.filter((d) => d.kind === 'alert').length);
      const blobsBefore = await objects(t.engine.blobs);
      // The PDFs and the alert excerpts.
      expect(Object.keys(blobsBefore).filter((k) => k.startsWith('BKF/'))).toHaveLength(6);
      expect(Object.keys(blobsBefore).some((k) => k.startsWith('alert-excerpts/'))).toBe(true);

      // An import is running: its staging table and its built tables, filled, are there.
      const staging = await createStaging(t.db);
      const work = [staging.table, builtNamesTable(7), builtParcelsTable(7)];
      await sql`INSERT INTO ${sql.table(staging.table)} VALUES (1, '1', '1', 'A', 'A', 'C', 'CA', '9', '{}', '{}')`.execute(
        t.db,
      );
      await sql`CREATE TABLE ${sql.table(work[1]!)} AS SELECT 1 AS id`.execute(t.db);
      await sql`CREATE TABLE ${sql.table(work[2]!)} AS SELECT 1 AS id`.execute(t.db);

      const backupDir = path.join(await tempFolder('deedwatch-backup-'), 'nightly');
      const env = { ...baseEnv(t.database.url), DOCUMENTS_DIR: t.config.documentsDir };
      const made = await runScript('backup.ts', [backupDir], env);
      expect(made.stderr).toBe('');
      expect(made.code).toBe(0);
      // It holds every subscriber's email and phone: closed to all but its owner.
      expect(await modes(backupDir)).toEqual({
        '.': 'folder 700',
        'database.dump': 'file 600',
        documents: 'folder 700',
        'documents.ndjson': 'file 600',
        'manifest.json': 'file 600',
      });
      const documentModes = Object.entries(await modes(path.join(backupDir, 'documents'), true));
      expect(documentModes.filter(([, mode]) => mode === 'file 600').length).toBeGreaterThan(6);
      expect(
        documentModes.filter(([, mode]) => mode !== 'file 600' && mode !== 'folder 700'),
      ).toEqual([]);
      const manifest = JSON.parse(await readFile(path.join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({
        format: 'deedwatch-backup',
        documents: { mode: 'copy', store: 'fs', objects: Object.keys(blobsBefore).length },
      });
      // A backup never writes over another.
      const again = await runScript('backup.ts', [backupDir], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/is not empty/);

      // Wiped: the database and the documents are gone.
      const originalDocuments = t.config.documentsDir;
      await t.close();
      await rm(originalDocuments, { recursive: true, force: true });

      const target = await emptyDatabase();
      const restoredDocuments = await tempFolder('deedwatch-restored-documents-');
      try {
        const restoreEnv = { ...baseEnv(target.url), DOCUMENTS_DIR: restoredDocuments };
        const restored = await runScript('restore.ts', [backupDir], restoreEnv);
        expect(restored.stderr).toBe('');
        expect(restored.code).toBe(0);

        expect(await snapshot(target.db)).toEqual(before);
        // The import's work tables stayed out of the backup.
        const left = await sql<{ name: string }>`
          SELECT relname AS name FROM pg_class WHERE relname = ANY (${work}::text[])`.execute(
          target.db,
        );
        expect(left.rows).toEqual([]);
        const store = createBlobStore({
          documentStore: 'fs',
          documentsDir: restoredDocuments,
          s3: undefined,
        });
        expect(await objects(store)).toEqual(blobsBefore);
        // The schema is the latest: nothing left to migrate, and the job queue came back with it.
        expect(await migrateToLatest(target.db)).toEqual([]);
        const queues = await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM pgboss.queue`.execute(target.db);
        expect(queues.rows[0]!.n).toBeGreaterThan(0);

        // A restore never goes over data.
        const over = await runScript('restore.ts', [backupDir], restoreEnv);
        expect(over.code).toBe(1);
        expect(over.stderr).toMatch(/The database is not empty/);
        // Nor writes into the backup: its folder is as the backup left it.
        expect(Object.keys(await modes(backupDir)).sort()).toEqual(
          ['.', 'database.dump', 'documents', 'documents.ndjson', 'manifest.json'].sort(),
        );
      } finally {
        await target.drop();
      }

      // A copy of the backup with one document changed: refused before anything is written.
      const corrupt = path.join(await tempFolder('deedwatch-backup-'), 'corrupt');
      await cp(backupDir, corrupt, { recursive: true });
      const changed = Object.keys(blobsBefore)[0]!;
      await writeFile(path.join(corrupt, 'documents', changed), '%PDF-1.7 not the same bytes');
      const untouched = await emptyDatabase();
      const untouchedDocuments = await tempFolder('deedwatch-restored-documents-');
      try {
        const refused = await runScript('restore.ts', [corrupt], {
          ...baseEnv(untouched.url),
          DOCUMENTS_DIR: untouchedDocuments,
        });
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('nothing was restored');
        expect(refused.stderr).toContain(changed);
        expect(await userRelationCount(untouched.db)).toBe(0);
        expect(await readdir(untouchedDocuments)).toEqual([]);
      } finally {
        await untouched.drop();
      }
    },
  );

  it.skipIf(pgDumpFound)(
    'without a pg_dump as new as the server, refuses, names what to install, and leaves no folder',
    async () => {
      const backupDir = path.join(await tempFolder('deedwatch-backup-'), 'nightly');
      const made = await runScript('backup.ts', [backupDir], {
        ...baseEnv(t.database.url),
        DOCUMENTS_DIR: t.config.documentsDir,
      });
      expect(made.code).toBe(1);
      expect(made.stderr).toContain(`pg_dump of PostgreSQL ${testServerMajor} or newer is needed`);
      expect(made.stderr).toContain(`postgresql-client-${testServerMajor}`);
      await expect(readdir(backupDir)).rejects.toMatchObject({ code: 'ENOENT' });
    },
  );

  it('refuses a folder that is not a finished backup', async () => {
    const target = await emptyDatabase();
    try {
      const env = { ...baseEnv(target.url), DOCUMENTS_DIR: await tempFolder('deedwatch-docs-') };
      const empty = await runScript('restore.ts', [await tempFolder('deedwatch-nothing-')], env);
      expect(empty.code).toBe(1);
      expect(empty.stderr).toMatch(/holds no manifest\.json/);
    } finally {
      await target.drop();
    }
  });
});

describe.runIf(pgDumpFound)('backup and restore with the S3 store', () => {
  let s3: LocalS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startLocalS3();
    await s3.createBucket('backup-source');
    t = await startTestApp(s3.env('backup-source'));
    await fill(t, 'BKS', 3);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('copies the bucket into the backup and back into an empty bucket; a list-only backup checks the bucket on restore', async () => {
    const before = await snapshot(t.db);
    const blobsBefore = await objects(t.engine.blobs);
    expect(Object.keys(blobsBefore).length).toBeGreaterThan(3);

    const copyDir = path.join(await tempFolder('deedwatch-backup-s3-'), 'copy');
    const listDir = path.join(await tempFolder('deedwatch-backup-s3-'), 'list');
    const sourceEnv = { ...baseEnv(t.database.url), ...s3.env('backup-source') };
    expect((await runScript('backup.ts', [copyDir], sourceEnv)).code).toBe(0);
    const listed = await runScript('backup.ts', [listDir, '--documents', 'list'], sourceEnv);
    expect(listed.code).toBe(0);
    expect(JSON.parse(await readFile(path.join(listDir, 'manifest.json'), 'utf8'))).toMatchObject({
      documents: { mode: 'list', store: 's3', objects: Object.keys(blobsBefore).length },
    });

    // Into a new, empty bucket: the objects come back from the backup.
    await s3.createBucket('backup-restored');
    const copyTarget = await emptyDatabase();
    try {
      const restored = await runScript('restore.ts', [copyDir], {
        ...baseEnv(copyTarget.url),
        ...s3.env('backup-restored'),
      });
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(await snapshot(copyTarget.db)).toEqual(before);
      expect(await objects(createBlobStore(loadS3(s3, 'backup-restored')))).toEqual(blobsBefore);
    } finally {
      await copyTarget.drop();
    }

    // The list only: the source bucket still holds every object, so the restore goes through;
    // one object gone, and it says which.
    const listTarget = await emptyDatabase();
    try {
      const ok = await runScript('restore.ts', [listDir], {
        ...baseEnv(listTarget.url),
        ...s3.env('backup-source'),
      });
      expect(ok.stderr).toBe('');
      expect(ok.code).toBe(0);
      expect(await snapshot(listTarget.db)).toEqual(before);
    } finally {
      await listTarget.drop();
    }
    const gone = Object.keys(blobsBefore).find((k) => k.startsWith('BKS/'))!;
    const [container, name] = gone.split('/');
    await t.engine.blobs.delete(container!, name!);
    const lacking = await emptyDatabase();
    try {
      const failed = await runScript('restore.ts', [listDir], {
        ...baseEnv(lacking.url),
        ...s3.env('backup-source'),
      });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain(`lacks 1 of the ${Object.keys(blobsBefore).length} objects`);
      expect(failed.stderr).toContain(gone);
    } finally {
      await lacking.drop();
    }
  });
});

function loadS3(s3: LocalS3, bucket: string) {
  return { documentStore: 's3' as const, documentsDir: '/nonexistent', s3: s3.settings(bucket) };
}
