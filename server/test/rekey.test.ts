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

  it('gives stored names the name keys of the current rules, merging what becomes one name', async () => {
    const county = await createCounty(t.db, { name: 'Fold', code: 'FLD' });
    const user = await createSubscriber(t.db, { verified: true });
    const other = await createSubscriber(t.db, { verified: true });
    // The name keys the rules wrote before they folded accents: a letter with one was a space.
    const guard = async (userId: string, name: string, storedKey: string, createdAt: string) => {
      await insertNameSubscriptions(
        t.db,
        userId,
        [{ countyId: county.id, name, nameKey: storedKey, tokens: storedKey.split(' ') }],
        new Date('2020-01-01'),
      );
      const row = await t.db
        .updateTable('name_subscriptions')
        .set({ created_at: new Date(createdAt) })
        .where('user_id', '=', userId)
        .where('name', '=', name)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const accented = await guard(user.id, 'IBARGÜEN JOSÉ', 'IBARG EN JOS', '2020-01-01');
    const plain = await guard(user.id, 'IBARGUEN JOSE', 'IBARGUEN JOSE', '2021-01-01');
    const alone = await guard(other.id, 'NÚÑEZ RAMÓN', 'N EZ RAM N', '2020-01-01');

    const recorded = async (number: string, party: string, storedKey: string) => {
      const id = await insertDocument(t.db, {
        countyId: county.id,
        documentNumber: number,
        documentType: 'GRANT DEED',
        recordedAt: new Date(),
        container: 'FLD',
        fileName: `${number}.pdf`,
        pageCount: 1,
        pdfError: null,
        text: '',
        parties: [{ role: 'grantor', name: party, nameKey: storedKey, ...storedName(party) }],
        parcels: [],
      });
      return id!;
    };
    const both = await recorded('FLD-1', 'IBARGUEN JOSE', 'IBARGUEN JOSE');
    const plainOnly = await recorded('FLD-2', 'IBARGÜEN JOSÉ', 'IBARG EN JOS');
    await matchDocuments(t.db, t.boss, [both, plainOnly]);
    const eventOf = (subscriptionId: string, documentId: string) =>
      t.db
        .selectFrom('events')
        .select('id')
        .where('name_subscription_id', '=', subscriptionId)
        .where('document_id', '=', documentId)
        .executeTakeFirstOrThrow();
    // The older guard lost its event of the second document (as if it had been guarded after
    // it); the newer guard's event of the first is recognised, and a case is filed on it.
    await t.db
      .deleteFrom('events')
      .where('id', '=', (await eventOf(accented, plainOnly)).id)
      .execute();
    const recognised = await eventOf(plain, both);
    await t.db
      .updateTable('events')
      .set({ recognised_at: new Date() })
      .where('id', '=', recognised.id)
      .execute();
    await t.db
      .insertInto('cases')
      .values({
        user_id: user.id,
        document_id: both,
        county_id: county.id,
        event_id: recognised.id,
        problem: 'other',
        statement: 'Filed on the newer guard.',
        contact_email: user.email,
        preferred_contact: 'email',
        level: 'check',
        match_kind: 'name',
        matched_value: 'IBARGUEN JOSE',
        party_role: 'grantor',
        guarded: 'IBARGUEN JOSE',
      })
      .execute();
    await t.db
      .insertInto('index_names')
      .values([
        {
          county_id: county.id,
          name: 'IBARGÜEN JOSÉ',
          name_key: 'IBARG EN JOS',
          document_count: 5,
          last_recorded_at: new Date('2025-01-01'),
        },
        {
          county_id: county.id,
          name: 'IBARGUEN JOSE',
          name_key: 'IBARGUEN JOSE',
          document_count: 2,
          last_recorded_at: new Date('2025-06-01'),
        },
        {
          county_id: county.id,
          name: 'NÚÑEZ RAMÓN',
          name_key: 'N EZ RAM N',
          document_count: 3,
          last_recorded_at: null,
        },
      ])
      .execute();
    await sql`UPDATE name_keys_version SET version = 2`.execute(t.db);

    expect(await rekeyNames(t.db)).toBeGreaterThan(0);

    // One guard, the older, holding the events of both, each document once.
    const guards = await t.db
      .selectFrom('name_subscriptions')
      .select(['id', 'user_id', 'name', 'name_key', 'tokens'])
      .where('county_id', '=', county.id)
      .orderBy('name')
      .execute();
    expect(guards).toEqual([
      {
        id: accented,
        user_id: user.id,
        name: 'IBARGÜEN JOSÉ',
        name_key: 'IBARGUEN JOSE',
        tokens: ['IBARGUEN', 'JOSE'],
      },
      {
        id: alone,
        user_id: other.id,
        name: 'NÚÑEZ RAMÓN',
        name_key: 'NUNEZ RAMON',
        tokens: ['NUNEZ', 'RAMON'],
      },
    ]);
    const events = await t.db
      .selectFrom('events')
      .select(['id', 'document_id', 'name_subscription_id', 'recognised_at'])
      .where('user_id', '=', user.id)
      .orderBy('document_id')
      .execute();
    expect(events.map((e) => [e.document_id, e.name_subscription_id])).toEqual([
      [both, accented],
      [plainOnly, accented],
    ]);
    expect(events[0]!.recognised_at).not.toBeNull();
    const filed = await t.db
      .selectFrom('cases')
      .select('event_id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(filed.event_id).toBe(events[0]!.id);

    // One index name, its documents those of both spellings, shown as the commoner spelling.
    const names = await t.db
      .selectFrom('index_names')
      .select(['name', 'name_key', 'document_count', 'last_recorded_at'])
      .where('county_id', '=', county.id)
      .orderBy('name_key')
      .execute();
    expect(names).toEqual([
      {
        name: 'IBARGÜEN JOSÉ',
        name_key: 'IBARGUEN JOSE',
        document_count: 7,
        last_recorded_at: new Date('2025-06-01'),
      },
      { name: 'NÚÑEZ RAMÓN', name_key: 'NUNEZ RAMON', document_count: 3, last_recorded_at: null },
    ]);
    const parties = await t.db
      .selectFrom('document_parties')
      .select('name_key')
      .where('document_id', 'in', [both, plainOnly])
      .execute();
    expect(parties.map((p) => p.name_key)).toEqual(['IBARGUEN JOSE', 'IBARGUEN JOSE']);

    expect(await rekeyNames(t.db)).toBe(0);
  });
});
