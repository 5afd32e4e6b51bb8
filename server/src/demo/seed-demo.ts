import path from 'node:path';
import type { Database } from '../db/database.ts';
import { DEMO_COUNTIES, demoIndexNames, demoParcels } from './demo-data.ts';
import {
  countiesWithoutInbox,
  insertIndexNames,
  insertParcels,
  setInboxPath,
  upsertCounty,
} from './seed.repository.ts';

export type SeedOptions = {
  seed?: number;
  parcelsPerCounty?: number;
  namesPerCounty?: number;
  /** County codes to seed; all demo counties when omitted. */
  counties?: readonly string[];
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
};

export type SeedSummary = { counties: number; parcelsInserted: number; namesInserted: number };

export const DEFAULT_SEED = 20261122;

async function inBatches<T>(
  rows: Iterable<T>,
  size: number,
  write: (batch: T[]) => Promise<number>,
) {
  let batch: T[] = [];
  let written = 0;
  for (const row of rows) {
    batch.push(row);
    if (batch.length === size) {
      written += await write(batch);
      batch = [];
    }
  }
  if (batch.length > 0) written += await write(batch);
  return written;
}

/**
 * Loads the demo counties, parcels and index names. The same seed gives the same rows, and
 * every insert skips rows that exist, so running it again changes nothing.
 */
export async function seedDemo(db: Database, options: SeedOptions): Promise<SeedSummary> {
  const seed = options.seed ?? DEFAULT_SEED;
  const parcelsPerCounty = options.parcelsPerCounty ?? 1500;
  const namesPerCounty = options.namesPerCounty ?? 2000;
  const batchSize = options.batchSize ?? 5000;
  const counties = DEMO_COUNTIES.filter(
    (c) => !options.counties || options.counties.includes(c.code),
  );
  const total = counties.length * (parcelsPerCounty + namesPerCounty);
  let done = 0;
  const progress = (n: number) => {
    done += n;
    options.onProgress?.(done, total);
    return n;
  };

  let parcelsInserted = 0;
  let namesInserted = 0;
  for (const county of counties) {
    const countyId = await upsertCounty(db, county);
    parcelsInserted += await inBatches(
      demoParcels(county, parcelsPerCounty, seed),
      batchSize,
      async (b) => {
        const n = await insertParcels(db, countyId, b);
        progress(b.length);
        return n;
      },
    );
    namesInserted += await inBatches(
      demoIndexNames(county, namesPerCounty, seed),
      batchSize,
      async (b) => {
        const n = await insertIndexNames(db, countyId, b);
        progress(b.length);
        return n;
      },
    );
  }
  return { counties: counties.length, parcelsInserted, namesInserted };
}

/**
 * Gives each county without an inbox folder one under `<dataDir>/inbox/<CODE>`, so the demo
 * recorder (`npm run simulate`) has somewhere to drop documents. Returns how many were set.
 */
export async function setDemoInboxes(db: Database, dataDir: string): Promise<number> {
  const counties = await countiesWithoutInbox(db);
  for (const county of counties) {
    await setInboxPath(db, county.id, path.join(dataDir, 'inbox', county.code));
  }
  return counties.length;
}
