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

/** Document numbers of the county already ingested, among `numbers`. */
export async function existingNumbers(db: Executor, countyId: number, numbers: string[]) {
  if (numbers.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('recorded_documents')
    .select('document_number')
    .where('county_id', '=', countyId)
    .where('document_number', 'in', numbers)
    .execute();
  return new Set(rows.map((r) => r.document_number));
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
  if (doc.parcels.length > 0) {
    await trx
      .insertInto('document_parcels')
      .values(
        doc.parcels.map((p) => ({
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
  return documentId;
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
