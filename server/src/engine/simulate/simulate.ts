import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/database.ts';
import type { Random } from '../../lib/random.ts';
import type { FeedLine } from '../feed/feed-line.ts';
import { INDEX_FILE } from '../feed/read-feed.ts';
import { SAMPLE_DOCUMENT_TYPES, samplePdf } from '../sample-documents.ts';
import * as repo from './simulate.repository.ts';

export type SimulatedCounty = { id: number; code: string; name: string; inboxPath: string };

/** What the simulated recorder draws from: the county's guarded items and its index. */
export type Pools = {
  guardedNames: string[];
  guardedApns: string[];
  names: string[];
  parcels: repo.PoolParcel[];
};

/**
 * The county of `code` and the inbox the documents go to: `inbox` when given, else the
 * county's own.
 */
export async function simulatedCounty(
  db: Database,
  code: string,
  inbox?: string,
): Promise<SimulatedCounty> {
  const row = await repo.findCountyByCode(db, code);
  if (!row) throw new Error(`Unknown county code '${code}'.`);
  const inboxPath = inbox ?? row.inbox_path;
  if (!inboxPath) {
    throw new Error(
      `County ${code} has no inbox folder: set one in the admin area (inboxPath) or pass --inbox DIR.`,
    );
  }
  return { id: row.id, code: row.code, name: row.name, inboxPath };
}

export async function loadPools(db: Database, countyId: number): Promise<Pools> {
  const [guardedNames, guardedApns, names, parcels] = await Promise.all([
    repo.guardedNames(db, countyId),
    repo.guardedApns(db, countyId),
    repo.indexNames(db, countyId),
    repo.parcels(db, countyId),
  ]);
  return { guardedNames, guardedApns, names, parcels };
}

const FALLBACK_NAMES = ['GARCIA MARIA', 'NGUYEN DAVID', 'JOHNSON PATRICIA', 'FIRST NATIONAL BANK'];

/**
 * One recorded document: a type, parties, an APN and its address. With probability `hitRate`
 * a guarded name is a party and, independently, a guarded APN is the parcel, so a person
 * trying the product sees alerts arrive.
 */
export function simulatedLine(
  county: SimulatedCounty,
  pools: Pools,
  rng: Random,
  at: Date,
  sequence: number,
  hitRate: number,
): FeedLine {
  const name = () => (pools.names.length > 0 ? rng.pick(pools.names) : rng.pick(FALLBACK_NAMES));
  const grantors = [(rng.next() < hitRate ? rng.pick(pools.guardedNames) : undefined) ?? name()];
  if (rng.next() < 0.4) grantors.push(name());
  const grantees = [name()];
  const parcel = pools.parcels.length > 0 ? rng.pick(pools.parcels) : undefined;
  const guardedApn =
    rng.next() < hitRate && pools.guardedApns.length > 0 ? rng.pick(pools.guardedApns) : undefined;
  const apn = guardedApn ?? parcel?.apn;
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 14);
  const documentNumber = `${stamp}${String(sequence).padStart(4, '0')}`;
  return {
    county: county.code,
    documentNumber,
    recordedAt: at,
    documentType: rng.pick(SAMPLE_DOCUMENT_TYPES),
    grantors,
    grantees,
    apns: apn ? [apn] : [],
    addresses:
      parcel && !guardedApn
        ? [`${parcel.address}, ${parcel.city}, ${parcel.state} ${parcel.zip}`.trim()]
        : [],
    file: `${documentNumber}.pdf`,
  };
}

/**
 * Writes a feed folder into the inbox: built under a dot-name the poller ignores, then renamed
 * into place whole. Returns the folder's path.
 */
export async function writeFeedFolder(
  inbox: string,
  name: string,
  county: SimulatedCounty,
  lines: FeedLine[],
): Promise<string> {
  const partial = path.join(inbox, `.partial-${name}`);
  await mkdir(partial, { recursive: true });
  for (const line of lines) {
    const pdf = await samplePdf({
      countyName: county.name,
      documentNumber: line.documentNumber,
      recordedAt: line.recordedAt,
      documentType: line.documentType,
      grantors: line.grantors,
      grantees: line.grantees,
      apns: line.apns,
      addresses: line.addresses,
    });
    await writeFile(path.join(partial, line.file), pdf);
  }
  const index = lines
    .map((l) => JSON.stringify({ ...l, recordedAt: isoWithOffset(l.recordedAt) }))
    .join('\n');
  await writeFile(path.join(partial, INDEX_FILE), `${index}\n`);
  const folder = path.join(inbox, name);
  await rename(partial, folder);
  return folder;
}

/** ISO 8601 with seconds and an explicit offset, as the feed requires. */
export function isoWithOffset(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
