import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../src/engine/ingest/ingest.repository.ts';
import { matchDocuments } from '../src/engine/matching/match.service.ts';
import { addressesNeedRekey, rekeyAddresses } from '../src/engine/rekey/address-rekey.service.ts';
import { ADDRESS_KEYS_VERSION } from '../src/keys/match-keys.ts';
import { insertApnSubscriptions } from '../src/modules/user/user.repository.ts';
import { createCounty, createSubscriber } from './helpers/factories.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

// Street keys stored by older rules (a city left in the key of an address written without
// commas, FIFTH where the recorder writes 5TH, a quadrant NE read as the state, a roll's ZIP+4)
// are recomputed by the worker, so a guarded parcel and a recorded address written under the
// old rules still meet.

describe('recomputing stored address keys', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({}, { workers: false });
  });
  afterAll(() => t.close());

  it('rewrites keys of an older version, then leaves current keys alone', async () => {
    const county = await createCounty(t.db, { name: 'Address Rekey', code: 'ARK' });
    const user = await createSubscriber(t.db, { verified: true });
    await sql`
      INSERT INTO parcels (county_id, apn, apn_key, address, address_key, city, state, zip)
      VALUES (${county.id}, '001-0001', '0010001', '18 WEST FIFTH STREET', '18 W FIFTH ST',
              'SACRAMENTO', 'CA', '95814'),
             (${county.id}, '001-0003', '0010003', '700 MAIN ST NE', '700 MAIN ST NE',
              'SEATTLE', 'WA', '98101-2345')`.execute(t.db);
    // The keys the older rules stored.
    await insertApnSubscriptions(
      t.db,
      user.id,
      [
        {
          countyId: county.id,
          apn: '001-0001',
          apnKey: '0010001',
          description: '',
          addressKey: '18 W FIFTH ST',
          addressZip: '95814',
        },
        {
          countyId: county.id,
          apn: '001-0002',
          apnKey: '0010002',
          description: '4455 ELKHORN BLVD SACRAMENTO CA 95842',
          addressKey: '4455 ELKHORN BLVD SACRAMENTO',
          addressZip: '95842',
        },
        {
          countyId: county.id,
          apn: '001-0003',
          apnKey: '0010003',
          description: '',
          addressKey: '700 MAIN ST NE',
          addressZip: '98101-2345',
        },
      ],
      new Date('2020-01-01'),
    );
    const document = (n: number, address: string, addressKey: string, zip: string | null) =>
      insertDocument(t.db, {
        countyId: county.id,
        documentNumber: `ARK-${n}`,
        documentType: 'GRANT DEED',
        recordedAt: new Date(),
        container: 'ARK',
        fileName: `ARK-${n}.pdf`,
        pageCount: 1,
        pdfError: null,
        text: '',
        parties: [],
        parcels: [{ apn: null, apnKey: null, address, addressKey, zip, source: 'index' }],
      });
    const fifth = await document(
      1,
      '18 W 5TH ST SACRAMENTO CA 95814',
      '18 W 5TH ST SACRAMENTO',
      '95814',
    );
    const elkhorn = await document(
      2,
      '4455 ELKHORN BLVD, SACRAMENTO, CA 95842',
      '4455 ELKHORN BLVD',
      '95842',
    );
    const quadrant = await document(3, '700 MAIN ST NE 98101', '700 MAIN ST', '98101');
    await sql`UPDATE address_keys_version SET version = 1`.execute(t.db);

    expect(await addressesNeedRekey(t.db)).toBe(true);
    expect(await rekeyAddresses(t.db)).toBeGreaterThanOrEqual(5);
    expect(await addressesNeedRekey(t.db)).toBe(false);
    const version = await t.db
      .selectFrom('address_keys_version')
      .select('version')
      .executeTakeFirst();
    expect(version?.version).toBe(ADDRESS_KEYS_VERSION);

    const guards = await t.db
      .selectFrom('apn_subscriptions')
      .select(['apn_key', 'address_key', 'address_zip'])
      .where('user_id', '=', user.id)
      .orderBy('apn_key')
      .execute();
    expect(guards).toEqual([
      { apn_key: '0010001', address_key: '18 W 5TH ST', address_zip: '95814' },
      { apn_key: '0010002', address_key: '4455 ELKHORN BLVD', address_zip: '95842' },
      { apn_key: '0010003', address_key: '700 MAIN ST NE', address_zip: '98101' },
    ]);
    const recorded = await t.db
      .selectFrom('document_parcels')
      .select(['address_key', 'zip'])
      .where('document_id', '=', fifth!)
      .executeTakeFirstOrThrow();
    expect(recorded).toEqual({ address_key: '18 W 5TH ST', zip: '95814' });

    // The recomputed keys meet: both documents are the guarded addresses.
    await matchDocuments(t.db, t.boss, [fifth!, elkhorn!, quadrant!]);
    const events = await t.db
      .selectFrom('events')
      .select(['document_id', 'tier'])
      .where('user_id', '=', user.id)
      .orderBy('document_id')
      .execute();
    expect(events).toEqual([
      { document_id: fifth, tier: 'exact' },
      { document_id: elkhorn, tier: 'exact' },
      { document_id: quadrant, tier: 'exact' },
    ]);

    expect(await rekeyAddresses(t.db)).toBe(0);
  });
});
