import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Engine } from '../engine.ts';
import { FeedError } from '../feed/read-feed.ts';
import { type IngestSummary, ingestFolder } from '../ingest/ingest.service.ts';

export const DONE_FOLDER = 'done';
export const FAILED_FOLDER = 'failed';
/** What a processed folder keeps of its ingest, beside its index.ndjson. */
export const SUMMARY_FILE = 'ingest-summary.json';

export type InboxResult = {
  county: string;
  folder: string;
  outcome: 'done' | 'failed';
  summary?: IngestSummary;
  error?: string;
};

/**
 * Feed folders waiting in a county inbox: its subfolders but done/, failed/ and any whose name
 * starts with a dot (a writer's folder in progress, renamed into place when whole).
 */
export async function waitingFolders(inbox: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(inbox, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .filter((name) => name !== DONE_FOLDER && name !== FAILED_FOLDER)
    .sort();
}

/**
 * Ingests every waiting folder of every county inbox, oldest name first, and moves each to
 * done/ (with its summary) or, when it could not be read at all, to failed/ (with the error).
 * One poll at a time across all processes (an advisory lock): a poll that finds another
 * running returns at once with nothing done.
 */
export async function pollInboxes(engine: Engine): Promise<InboxResult[]> {
  return engine.db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`
      SELECT pg_try_advisory_lock(hashtext('deedwatch:poll-inboxes')) AS locked`.execute(conn);
    if (!rows[0]!.locked) return [];
    try {
      return await pollAll(engine);
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext('deedwatch:poll-inboxes'))`.execute(conn);
    }
  });
}

async function pollAll(engine: Engine): Promise<InboxResult[]> {
  const counties = await engine.db
    .selectFrom('counties')
    .select(['code', 'inbox_path'])
    .where('inbox_path', '<>', '')
    .orderBy('id')
    .execute();
  const results: InboxResult[] = [];
  for (const county of counties) {
    for (const name of await waitingFolders(county.inbox_path)) {
      results.push(await processFolder(engine, county, name));
    }
  }
  return results;
}

async function processFolder(
  engine: Engine,
  county: { code: string; inbox_path: string },
  name: string,
): Promise<InboxResult> {
  const folder = path.join(county.inbox_path, name);
  let result: InboxResult;
  try {
    const summary = await ingestFolder(engine, folder);
    await writeFile(path.join(folder, SUMMARY_FILE), `${JSON.stringify(summary, null, 2)}\n`);
    result = { county: county.code, folder: name, outcome: 'done', summary };
  } catch (err) {
    if (!(err instanceof FeedError)) throw err;
    await writeFile(
      path.join(folder, SUMMARY_FILE),
      `${JSON.stringify({ error: err.message }, null, 2)}\n`,
    ).catch(() => undefined);
    result = { county: county.code, folder: name, outcome: 'failed', error: err.message };
  }
  await moveInto(county.inbox_path, result.outcome === 'done' ? DONE_FOLDER : FAILED_FOLDER, name);
  engine.log.info(
    {
      county: county.code,
      folder: name,
      outcome: result.outcome,
      documents: result.summary?.documents,
      events: result.summary?.events,
      error: result.error,
    },
    'inbox folder processed',
  );
  return result;
}

/** Moves inbox/name to inbox/target/name, with a suffix when that name was processed before. */
async function moveInto(inbox: string, target: string, name: string) {
  const dir = path.join(inbox, target);
  await mkdir(dir, { recursive: true });
  const taken = new Set(await readdir(dir));
  let destination = name;
  for (let i = 2; taken.has(destination); i++) destination = `${name}-${i}`;
  await rename(path.join(inbox, name), path.join(dir, destination));
}
