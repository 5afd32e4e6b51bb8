import { lstat, mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { stopSignal } from '../../jobs/boss.ts';
import { confineCountyPath } from '../../lib/county-paths.ts';
import { assertRealFolder, errorCode, UnsafePathError, writeFileIn } from '../../lib/safe-fs.ts';
import type { Engine } from '../engine.ts';
import { FeedError } from '../feed/read-feed.ts';
import { type IngestSummary, ingestFolder } from '../ingest/ingest.service.ts';
import * as repo from './inbox.repository.ts';

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

type Log = Engine['log'];

/**
 * Feed folders waiting in a county inbox (`inbox` is its real path): its subfolders but done/,
 * failed/ and any whose name starts with a dot (a writer's folder in progress, renamed into
 * place when whole). A symbolic link is no folder of the inbox: it is skipped, and logged
 * when `log` is given.
 */
export async function waitingFolders(inbox: string, log?: Log): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(inbox, { withFileTypes: true });
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return [];
    throw err;
  }
  const waiting = [];
  for (const e of entries) {
    if (e.name.startsWith('.') || e.name === DONE_FOLDER || e.name === FAILED_FOLDER) continue;
    if (e.isSymbolicLink()) {
      log?.warn({ inbox, folder: e.name }, 'inbox entry is a symbolic link: skipped, not followed');
    } else if (e.isDirectory()) {
      waiting.push(e.name);
    }
  }
  return waiting.sort();
}

/**
 * Ingests every waiting folder of every county inbox, oldest name first, and moves each to
 * done/ (with its summary) or, when it could not be read at all, to failed/ (with the error).
 * Each county's inbox is polled by one process at a time (an advisory lock per county): a poll
 * skips the counties another process is polling and goes on with the rest, so workers ingest
 * different counties side by side while each county's folders still go in order. Once the
 * process begins to stop, the poll takes no further folder and returns: the next poll, here or
 * in another worker, goes on with the rest.
 */
export async function pollInboxes(engine: Engine): Promise<InboxResult[]> {
  const results: InboxResult[] = [];
  const stopping = stopSignal(engine.boss);
  for (const county of await repo.countiesWithInbox(engine.db)) {
    if (stopping.aborted) break;
    results.push(
      ...(await engine.db.connection().execute(async (conn) => {
        if (!(await repo.tryInboxLock(conn, county.id))) return [];
        try {
          return await pollCounty(engine, county);
        } finally {
          await repo.releaseInboxLock(conn, county.id);
        }
      })),
    );
  }
  return results;
}

async function pollCounty(
  engine: Engine,
  county: { code: string; inbox_path: string },
): Promise<InboxResult[]> {
  const inbox = await usableInbox(engine, county);
  if (inbox === undefined) return [];
  const results: InboxResult[] = [];
  for (const name of await waitingFolders(inbox, engine.log)) {
    if (stopSignal(engine.boss).aborted) break;
    const result = await processFolder(engine, county.code, inbox, name);
    if (result) results.push(result);
  }
  return results;
}

/**
 * The real path of the county's inbox when it may be polled: within the allowed folders
 * (checked again here, as links may have changed since it was saved), a real folder, and with
 * done/ and failed/ real folders when they exist. Otherwise the reason is logged and the inbox
 * left alone.
 */
async function usableInbox(
  engine: Engine,
  county: { code: string; inbox_path: string },
): Promise<string | undefined> {
  const refuse = (reason: string) => {
    engine.log.error(
      { county: county.code, inboxPath: county.inbox_path, reason },
      'county inbox refused: not polled',
    );
    return undefined;
  };
  const confined = await confineCountyPath(engine.countyPaths, 'inboxPath', county.inbox_path);
  if (!confined.ok) return refuse(confined.message);
  const inbox = confined.real;
  for (const folder of [inbox, path.join(inbox, DONE_FOLDER), path.join(inbox, FAILED_FOLDER)]) {
    try {
      await assertRealFolder(folder);
    } catch (err) {
      if (errorCode(err) === 'ENOENT') continue;
      if (err instanceof UnsafePathError) return refuse(err.message);
      throw err;
    }
  }
  return inbox;
}

async function processFolder(
  engine: Engine,
  county: string,
  inbox: string,
  name: string,
): Promise<InboxResult | undefined> {
  const folder = path.join(inbox, name);
  let result: InboxResult;
  try {
    const summary = await ingestFolder(engine, folder, { inboxOf: county });
    result = { county, folder: name, outcome: 'done', summary };
  } catch (err) {
    if (!(err instanceof FeedError)) throw err;
    result = { county, folder: name, outcome: 'failed', error: err.message };
  }
  // What the inbox's writer planted in the folder (a link or a folder named like the summary,
  // done/ swapped for a link) fails only this folder's filing, logged: never the other
  // folders and inboxes of the poll.
  try {
    const kept = result.summary ?? { error: result.error };
    await writeFileIn(folder, SUMMARY_FILE, `${JSON.stringify(kept, null, 2)}\n`);
  } catch (err) {
    engine.log.error(
      { county, folder: name, reason: (err as Error).message },
      'inbox folder summary not written',
    );
    if (err instanceof UnsafePathError) return undefined;
  }
  try {
    await moveInto(inbox, result.outcome === 'done' ? DONE_FOLDER : FAILED_FOLDER, name);
  } catch (err) {
    engine.log.error(
      { county, folder: name, reason: (err as Error).message },
      'inbox folder not moved',
    );
  }
  // Skipped lines and PDF problems are the recorder's to fix: the operators see them at warn.
  const summary = result.summary;
  const troubled =
    result.outcome === 'failed' ||
    (summary !== undefined && (summary.skipped > 0 || summary.pdfProblems > 0));
  engine.log[troubled ? 'warn' : 'info'](
    {
      county,
      folder: name,
      outcome: result.outcome,
      documents: summary?.documents,
      repeats: summary?.repeats,
      skipped: summary?.skipped,
      pdfProblems: summary?.pdfProblems,
      pdfsAttached: summary?.pdfsAttached,
      filesRenamed: summary?.filesRenamed,
      events: summary?.events,
      error: result.error,
    },
    'inbox folder processed',
  );
  return result;
}

/**
 * Moves inbox/name to inbox/target/name, with a suffix when that name was processed before.
 * The inbox's writer can replace done/ or failed/ with a link: the move never goes through one.
 */
async function moveInto(inbox: string, target: string, name: string) {
  const dir = path.join(inbox, target);
  await mkdir(dir).catch((err: unknown) => {
    if (errorCode(err) !== 'EEXIST') throw err;
  });
  await assertRealFolder(dir);
  const source = path.join(inbox, name);
  const info = await lstat(source);
  if (!info.isDirectory()) throw new UnsafePathError(`${source} is no longer a folder`);
  const taken = new Set(await readdir(dir));
  let destination = name;
  for (let i = 2; taken.has(destination); i++) destination = `${name}-${i}`;
  await rename(source, path.join(dir, destination));
}
