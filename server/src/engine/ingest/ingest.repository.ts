import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { StoredName } from '../../keys/match-keys.ts';

export function countiesByCode(db: Executor, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('counties')
    .select(['id', 'code', 'name', 'data_mask', 'ui_mask', 'is_enabled'])
    .where('code', 'in', codes)
    .execute();
}

/** What a repeat is compared with: the stored document, as its line wrote it. */
export type StoredDocument = {
  id: string;
  document_number: string;
  document_type: string;
  recorded_at: Date;
  container: string;
  file_name: string;
  pdf_error: string | null;
};

/** The county's documents already ingested, among `numbers`, by document number. */
export async function existingDocuments(
  db: Executor,
  countyId: number,
  numbers: string[],
): Promise<Map<string, StoredDocument>> {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .selectFrom('recorded_documents')
    .select([
      'id',
      'document_number',
      'document_type',
      'recorded_at',
      'container',
      'file_name',
      'pdf_error',
    ])
    .where('county_id', '=', countyId)
    .where('document_number', 'in', numbers)
    .execute();
  return new Map(rows.map((r) => [r.document_number, r]));
}

/**
 * What the index gave each document: its parties, and the APN keys and addresses of its
 * parcels from the index (not those read from its text).
 */
export async function indexContents(db: Executor, documentIds: string[]) {
  const contents = new Map<
    string,
    { parties: { role: string; name: string }[]; apnKeys: string[]; addresses: string[] }
  >();
  if (documentIds.length === 0) return contents;
  for (const id of documentIds) contents.set(id, { parties: [], apnKeys: [], addresses: [] });
  const parties = await db
    .selectFrom('document_parties')
    .select(['document_id', 'role', 'name'])
    .where('document_id', 'in', documentIds)
    .execute();
  for (const p of parties) contents.get(p.document_id)?.parties.push(p);
  const parcels = await db
    .selectFrom('document_parcels')
    .select(['document_id', 'apn_key', 'address'])
    .where('document_id', 'in', documentIds)
    .where('source', '=', 'index')
    .execute();
  for (const p of parcels) {
    const content = contents.get(p.document_id);
    if (p.apn_key !== null) content?.apnKeys.push(p.apn_key);
    if (p.address !== null) content?.addresses.push(p.address);
  }
  return contents;
}

/**
 * Attaches the PDF of a document first stored without a readable one: its page count and text,
 * and no PDF problem. Returns the transaction's time, or null when the document has a readable
 * PDF by now (another ingest attached one first).
 */
export async function attachPdf(
  trx: Executor,
  documentId: string,
  pdf: { pageCount: number; text: string },
): Promise<Date | null> {
  const updated = await trx
    .updateTable('recorded_documents')
    .set({
      page_count: pdf.pageCount,
      pdf_error: null,
      text_search: sql`to_tsvector('simple', ${pdf.text.slice(0, MAX_INDEXED_TEXT)})`,
    })
    .where('id', '=', documentId)
    .where('pdf_error', 'is not', null)
    .returning(sql<Date>`now()`.as('at'))
    .executeTakeFirst();
  return updated?.at ?? null;
}

/**
 * Parcels found for a stored document after it was matched (the APNs of a PDF that came
 * late): added, and the document marked unmatched, for the matcher to match it again.
 */
export async function addParcelsToMatch(
  trx: Executor,
  documentId: string,
  parcels: NewDocument['parcels'],
): Promise<void> {
  await insertParcels(trx, documentId, parcels);
  await trx
    .updateTable('recorded_documents')
    .set({ matched_at: null })
    .where('id', '=', documentId)
    .execute();
}

/** Files of the container already holding another document, among `files`. */
export async function filesInUse(db: Executor, container: string, files: string[]) {
  if (files.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('recorded_documents')
    .select(['file_name', 'document_number'])
    .where('container', '=', container)
    .where('file_name', 'in', files)
    .execute();
  return new Map(rows.map((r) => [r.file_name, r.document_number]));
}

export type NewDocument = {
  countyId: number;
  documentNumber: string;
  documentType: string;
  recordedAt: Date;
  container: string;
  fileName: string;
  pageCount: number | null;
  pdfError: string | null;
  /** The text layer, for the full-text index; '' when there is none. */
  text: string;
  /** Each party with its stored keys (match-keys.ts storedName). */
  parties: ({ role: 'grantor' | 'grantee'; name: string; nameKey: string } & StoredName)[];
  parcels: {
    apn: string | null;
    apnKey: string | null;
    address: string | null;
    addressKey: string | null;
    zip: string | null;
    source: 'index' | 'text';
  }[];
};

/** Bytes of text indexed per document: a tsvector is limited to 1 MB. */
const MAX_INDEXED_TEXT = 200_000;

/**
 * Inserts the document with its parties, readings and parcels, unless the county already has
 * that document number. Returns the new document's id, or undefined for a repeat.
 */
export async function insertDocument(trx: Executor, doc: NewDocument) {
  const inserted = await trx
    .insertInto('recorded_documents')
    .values({
      county_id: doc.countyId,
      document_number: doc.documentNumber,
      document_type: doc.documentType,
      recorded_at: doc.recordedAt,
      container: doc.container,
      file_name: doc.fileName,
      page_count: doc.pageCount,
      pdf_error: doc.pdfError,
      text_search: sql`to_tsvector('simple', ${doc.text.slice(0, MAX_INDEXED_TEXT)})`,
      matched_at: null,
    })
    .onConflict((oc) => oc.columns(['county_id', 'document_number']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return undefined;
  const documentId = inserted.id;

  if (doc.parties.length > 0) {
    const parties = await trx
      .insertInto('document_parties')
      .values(
        doc.parties.map((p) => ({
          document_id: documentId,
          role: p.role,
          name: p.name,
          name_key: p.nameKey,
          match_key: p.matchKey,
          name_kind: p.nameKind,
          suffix: p.suffix,
        })),
      )
      .returning('id')
      .execute();
    await insertPartyReadings(
      trx,
      doc.parties.map((p, i) => ({ id: parties[i]!.id, documentId, name: p })),
    );
  }
  await insertParcels(trx, documentId, doc.parcels);
  return documentId;
}

async function insertParcels(trx: Executor, documentId: string, parcels: NewDocument['parcels']) {
  if (parcels.length === 0) return;
  await trx
    .insertInto('document_parcels')
    .values(
      parcels.map((p) => ({
        document_id: documentId,
        apn: p.apn,
        apn_key: p.apnKey,
        address: p.address,
        address_key: p.addressKey,
        zip: p.zip,
        source: p.source,
      })),
    )
    .execute();
}

/**
 * The recorder's index of names, for search and for how common a name is: one more document for
 * each name (a name given twice in the batch counts twice).
 */
export async function countIndexNames(
  trx: Executor,
  names: {
    countyId: number;
    name: string;
    nameKey: string;
    documents: number;
    lastRecordedAt: Date;
  }[],
) {
  if (names.length === 0) return;
  await trx
    .insertInto('index_names')
    .values(
      names.map((n) => ({
        county_id: n.countyId,
        name: n.name,
        name_key: n.nameKey,
        document_count: n.documents,
        last_recorded_at: n.lastRecordedAt,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['county_id', 'name_key']).doUpdateSet({
        document_count: sql`index_names.document_count + excluded.document_count`,
        last_recorded_at: sql`greatest(index_names.last_recorded_at, excluded.last_recorded_at)`,
      }),
    )
    .execute();
}

/**
 * The readings of recorded parties, a row each, that the matcher joins guarded names on: written
 * when a document is ingested and again when the name keys are recomputed (engine/rekey).
 */
export async function insertPartyReadings(
  trx: Executor,
  parties: { id: string; documentId: string; name: Pick<StoredName, 'readings'> }[],
): Promise<void> {
  const readings = parties.flatMap((p) =>
    p.name.readings.map((r) => ({
      party_id: p.id,
      document_id: p.documentId,
      surname: r.surname,
      first: r.first,
      middle: r.middle,
      deletion_keys: r.deletionKeys,
      is_part: r.isPart,
      is_reversed: r.isReversed,
    })),
  );
  if (readings.length > 0)
    await trx.insertInto('document_party_readings').values(readings).execute();
}
