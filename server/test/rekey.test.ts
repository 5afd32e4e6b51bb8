import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../src/engine/ingest/ingest.repository.ts';
import { matchDocuments } from '../src/engine/matching/match.service.ts';
import { namesNeedRekey, rekeyNames } from '../src/engine/rekey/rekey.service.ts';
import { NAME_KEYS_VERSION, storedName } from '../src/keys/match-keys.ts';
import { nameKey } from '../src/keys/normalize.ts';
import { insertNameSubscriptions } from '../src/modules/user/user.repository.ts';
import { createCounty, createSubscriber } from './helpers/factories.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

// Stored keys of older rules (before suffixes, nicknames and part readings) are recomputed by
// the worker, so a guarded name and a recorded party written under the old rules still meet.

describe('recomputing stored name keys', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({}, { workers: false });
  });
  afterAll(() => t.close());

  it('rewrites keys of an older version, then leaves current keys alone', async () => {
    const county = await createCounty(t.db, { name: 'Rekey', code: 'RKY' });
    const user = await createSubscriber(t.db, { verified: true });
    const guarded = 'SMITH ROBERT A JR';
    await insertNameSubscriptions(
      t.db,
      user.id,
      [{ countyId: county.id, name: guarded, nameKey: nameKey(guarded), tokens: [] }],
      new Date('2020-01-01'),
    );
    const party = 'SMITH BOB A JR';
    const documentId = await insertDocument(t.db, {
      countyId: county.id,
      documentNumber: 'RKY-1',
      documentType: 'GRANT DEED',
      recordedAt: new Date(),
      container: 'RKY',
      fileName: 'RKY-1.pdf',
      pageCount: 1,
      pdfError: null,
      text: '',
      parties: [{ role: 'grantor', name: party, nameKey: nameKey(party), ...storedName(party) }],
      parcels: [],
    });
    // The state an older version left: no suffix, no nickname rows, no readings of the party.
    await sql`UPDATE name_subscriptions SET suffix = '' WHERE user_id = ${user.id}`.execute(t.db);
    await sql`DELETE FROM name_subscription_nicknames`.execute(t.db);
    await sql`UPDATE document_parties SET suffix = '', match_key = 'OLD' WHERE document_id = ${documentId}`.execute(
      t.db,
    );
    await sql`DELETE FROM document_party_readings WHERE document_id = ${documentId}`.execute(t.db);
    await sql`UPDATE name_keys_version SET version = 1`.execute(t.db);

    expect(await namesNeedRekey(t.db)).toBe(true);
    expect(await rekeyNames(t.db)).toBeGreaterThanOrEqual(2);
    expect(await namesNeedRekey(t.db)).toBe(false);
    const version = await t.db.selectFrom('name_keys_version').select('version').executeTakeFirst();
    expect(version?.version).toBe(NAME_KEYS_VERSION);

    const subscription = await t.db
      .selectFrom('name_subscriptions')
      .select(['id', 'suffix', 'match_key'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(subscription).toMatchObject({ suffix: 'JR', match_key: 'SMITH ROBERT A' });
    const nicknames = await t.db
      .selectFrom('name_subscription_nicknames')
      .select('nickname')
      .where('subscription_id', '=', subscription.id)
      .execute();
    expect(nicknames.map((n) => n.nickname)).toContain('BOB');
    const partyRow = await t.db
      .selectFrom('document_parties')
      .select(['suffix', 'match_key'])
      .where('document_id', '=', documentId!)
      .executeTakeFirstOrThrow();
    expect(partyRow).toEqual({ suffix: 'JR', match_key: 'SMITH BOB A' });

    // The recomputed keys match: BOB is a nickname of ROBERT, same surname, suffix and middle.
    await matchDocuments(t.db, t.boss, [documentId!]);
    const events = await t.db
      .selectFrom('events')
      .select(['tier'])
      .where('document_id', '=', documentId!)
      .execute();
    expect(events).toEqual([{ tier: 'strong' }]);

    expect(await rekeyNames(t.db)).toBe(0);
  });
});
