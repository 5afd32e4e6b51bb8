import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../src/engine/ingest/ingest.repository.ts';
import { matchDocuments } from '../src/engine/matching/match.service.ts';
import { addressParts, storedAddress, storedName } from '../src/keys/match-keys.ts';
import { LABELLED_ADDRESSES } from '../src/keys/labelled-addresses.ts';
import { LABELLED_NAMES } from '../src/keys/labelled-names.ts';
import { matchConfidence, matchNameKeys, nameKeys } from '../src/keys/names.ts';
import { DIRECTION_WORDS, nameKey, STREET_TYPE_WORDS, UNIT_WORDS } from '../src/keys/normalize.ts';
import { explain } from '../src/modules/explain/explain.service.ts';
import {
  insertApnSubscriptions,
  insertNameSubscriptions,
} from '../src/modules/user/user.repository.ts';
import {
  createCounty,
  createSubscriber,
  createStaff,
  type CountyRow,
} from './helpers/factories.ts';
import { signInStaff, signInSubscriber } from './helpers/sign-in.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

// The match-documents job (SQL over stored keys) and POST admin/match/explain (names.ts in
// code) must give the same verdict, rule, tier and confidence for every guarded name and party:
// here over every pair of the labelled table's names, not only the labelled pairs.

const guardedNames = [...new Set(LABELLED_NAMES.map((l) => l.guarded))];
const candidates = [...new Set(LABELLED_NAMES.map((l) => l.candidate))];

describe('the matcher and explain agree', () => {
  let t: TestApp;
  let county: CountyRow;
  let staffCookie: string;
  /** subscription id → guarded name; document id → candidate name. */
  const guardedOf = new Map<string, string>();
  const candidateOf = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestApp();
    county = await createCounty(t.db, { name: 'Agreement', code: 'AGR' });
    const staff = await createStaff(t.db, 'customersupport');
    staffCookie = await signInStaff(t, staff.email);
    const recordedAt = new Date();
    // One subscriber per guarded name, so every (subscription, document) pair is its own event.
    for (const name of guardedNames) {
      const user = await createSubscriber(t.db, { verified: true });
      const key = nameKey(name);
      await insertNameSubscriptions(
        t.db,
        user.id,
        [{ countyId: county.id, name, nameKey: key, tokens: key.split(' ') }],
        new Date(recordedAt.getTime() - 1000),
      );
      const row = await t.db
        .selectFrom('name_subscriptions')
        .select('id')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      guardedOf.set(row.id, name);
    }
    for (const [i, name] of candidates.entries()) {
      const stored = storedName(name);
      const id = await insertDocument(t.db, {
        countyId: county.id,
        documentNumber: `AGR-${i}`,
        documentType: 'GRANT DEED',
        recordedAt,
        container: 'AGR',
        fileName: `AGR-${i}.pdf`,
        pageCount: 1,
        pdfError: null,
        text: '',
        parties: [
          {
            role: 'grantor',
            name,
            nameKey: nameKey(name),
            ...stored,
          },
        ],
        parcels: [],
      });
      candidateOf.set(id!, name);
    }
  });
  afterAll(() => t.close());

  it('finds exactly the pairs names.ts matches, with the same rule and confidence', async () => {
    await matchDocuments(t.db, t.boss, [...candidateOf.keys()]);
    const events = await t.db
      .selectFrom('events')
      .select(['name_subscription_id', 'document_id', 'is_exact', 'confidence', 'tier'])
      .execute();
    const bySql = new Map(
      events.map((e) => [`${e.name_subscription_id}|${e.document_id}`, e] as const),
    );

    let pairs = 0;
    let matches = 0;
    const disagreements: string[] = [];
    const candidateKeys = [...candidateOf].map(([id, name]) => [id, name, nameKeys(name)] as const);
    for (const [subscriptionId, guarded] of guardedOf) {
      const guardedKeys = nameKeys(guarded);
      for (const [documentId, candidate, keys] of candidateKeys) {
        pairs++;
        const code = matchNameKeys(guardedKeys, keys);
        const sqlEvent = bySql.get(`${subscriptionId}|${documentId}`);
        if (code.matched) matches++;
        if (code.matched !== (sqlEvent !== undefined)) {
          disagreements.push(
            `${guarded} ~ ${candidate}: code ${code.matched}, sql ${!code.matched}`,
          );
          continue;
        }
        if (code.matched && sqlEvent) {
          // No index_names rows here: every name has count 0.
          const expected = matchConfidence(code.rule, 0);
          if (
            sqlEvent.is_exact !== (code.rule === 'exact') ||
            sqlEvent.tier !== code.tier ||
            Math.abs(sqlEvent.confidence - expected) > 1e-6
          ) {
            disagreements.push(
              `${guarded} ~ ${candidate}: code ${code.rule} ${code.tier} ${expected}, sql exact=${sqlEvent.is_exact} ${sqlEvent.tier} ${sqlEvent.confidence}`,
            );
          }
        }
      }
    }
    console.log(
      `matcher vs names.ts: ${pairs} pairs, ${matches} matches, ${disagreements.length} disagreements`,
    );
    expect(disagreements).toEqual([]);
    expect(matches).toBeGreaterThan(LABELLED_NAMES.filter((l) => l.expected !== 'none').length / 2);
    // The matcher writes each event's level itself, as the county's level table says.
    const { rows } = await sql<{ wrong: number }>`
      SELECT count(*)::int AS wrong FROM events e JOIN recorded_documents d ON d.id = e.document_id
      WHERE e.level IS DISTINCT FROM event_level(d.county_id, d.document_type, e.match_kind, e.party_role)`.execute(
      t.db,
    );
    expect(rows[0]!.wrong).toBe(0);
  });

  it.each(LABELLED_NAMES.slice(0, 40))(
    'explain says what the table says: $guarded ~ $candidate → $expected',
    async ({ guarded, candidate, expected }) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/match/explain',
        headers: { cookie: staffCookie, origin: t.config.appUrl },
        payload: { county: county.name, kind: 'name', guarded, candidate },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      // No index names in this county: the tier is the rule's own, the one labelled.
      expect(body).toMatchObject({ matched: expected !== 'none', tier: expected });
      expect(body.reason.length).toBeGreaterThan(5);
      if (expected !== 'none') expect(body.confidence).toBeGreaterThan(0);
      else expect(body).toMatchObject({ kind: 'none', confidence: 0 });
    },
  );

  it('explains APNs and addresses with the job thresholds, and refuses bad input with a 400', async () => {
    const explain = (payload: Record<string, unknown>, cookie = staffCookie) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/match/explain',
        headers: { cookie, origin: t.config.appUrl },
        payload,
      });
    const apn = await explain({
      county: 'agreement',
      kind: 'apn',
      guarded: '012-0345-006-0000',
      candidate: '01203450060000',
    });
    expect(apn.json()).toMatchObject({ matched: true, kind: 'exact', confidence: 1 });
    const address = await explain({
      county: county.name,
      kind: 'address',
      guarded: '123 Main Street, Sacramento, CA 95814',
      candidate: '123 MAIN ST',
    });
    expect(address.json()).toMatchObject({ matched: true, kind: 'exact' });
    const similar = await explain({
      county: county.name,
      kind: 'address',
      guarded: '123 Riverside Boulevard, Sacramento, CA 95814',
      candidate: '123 RIVERSIDE BLV, SACRAMENTO CA 95814',
    });
    expect(similar.json()).toMatchObject({ matched: true, kind: 'similar' });
    const otherZip = await explain({
      county: county.name,
      kind: 'address',
      guarded: '123 Riverside Boulevard, Sacramento, CA 95814',
      candidate: '123 RIVERSIDE BLV, SACRAMENTO CA 95818',
    });
    expect(otherZip.json()).toMatchObject({ matched: false, kind: 'none' });
    expect(otherZip.json().reason).toMatch(/zip/);

    const unknown = await explain({
      county: 'Atlantis',
      kind: 'name',
      guarded: 'A',
      candidate: 'B',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Atlantis/);
    const badKind = await explain({
      county: county.name,
      kind: 'ssn',
      guarded: 'A',
      candidate: 'B',
    });
    expect(badKind.statusCode).toBe(400);
    const missing = await explain({ county: county.name, kind: 'name', guarded: 'A' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/candidate/);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/match/explain',
      headers: { origin: t.config.appUrl },
      payload: { county: county.name, kind: 'name', guarded: 'A', candidate: 'B' },
    });
    expect(anonymous.statusCode).toBe(401);
    const subscriber = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, subscriber.email);
    expect(
      (await explain({ county: county.name, kind: 'name', guarded: 'A', candidate: 'B' }, cookie))
        .statusCode,
    ).toBe(403);
  });

  it('gives the labelled verdict on every address pair, the job and explain alike', async () => {
    const addresses = await createCounty(t.db, { name: 'Agreement Addresses', code: 'AGA' });
    const recordedAt = new Date();
    const verdicts: string[] = [];
    for (const [i, { guarded, candidate, expected }] of LABELLED_ADDRESSES.entries()) {
      // One subscriber and one document per pair: an event is the job's verdict on that pair.
      const user = await createSubscriber(t.db, { verified: true });
      const apnKey = String(70_000_000_000_000 + i);
      const stored = storedAddress(guarded);
      await insertApnSubscriptions(
        t.db,
        user.id,
        [
          {
            countyId: addresses.id,
            apn: apnKey,
            apnKey,
            description: guarded,
            addressKey: stored.streetKey,
            addressZip: stored.zip,
          },
        ],
        new Date(recordedAt.getTime() - 1000),
      );
      const document = storedAddress(candidate);
      const id = await insertDocument(t.db, {
        countyId: addresses.id,
        documentNumber: `AGA-${i}`,
        documentType: 'GRANT DEED',
        recordedAt,
        container: 'AGA',
        fileName: `AGA-${i}.pdf`,
        pageCount: 1,
        pdfError: null,
        text: '',
        parties: [],
        parcels: [
          {
            apn: null,
            apnKey: null,
            address: candidate,
            addressKey: document.streetKey,
            zip: document.zip,
            source: 'index',
          },
        ],
      });
      await matchDocuments(t.db, t.boss, [id!]);
      const event = await t.db
        .selectFrom('events')
        .select(['is_exact', 'confidence', 'tier'])
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      const code = await explain(t.db, {
        county: addresses.name,
        kind: 'address',
        guarded,
        candidate,
      });
      const job = event
        ? `matched ${event.is_exact ? 'exact' : 'similar'} ${event.tier} ${event.confidence}`
        : 'no event';
      const said = code.matched
        ? `matched ${code.kind} ${code.tier} ${code.confidence}`
        : 'no event';
      if ((event?.tier ?? 'none') !== expected || code.tier !== expected || job !== said) {
        verdicts.push(`${guarded} ~ ${candidate}: label ${expected}, job ${job}, explain ${said}`);
      }
    }
    expect(verdicts).toEqual([]);
  });

  it("reads an address key's direction, street type and unit in SQL as addressParts does", async () => {
    const keys = ['', '123', '123 MAIN', '123 N', '123 N ST', '5 UNIT 4', '5 MAIN UNIT'];
    for (const word of [...DIRECTION_WORDS, ...STREET_TYPE_WORDS, ...UNIT_WORDS]) {
      keys.push(
        `1 ${word}`,
        `1 ${word} MAIN`,
        `1 MAIN ${word}`,
        `1 ${word} MAIN ST`,
        `1 N MAIN ${word}`,
        `1 MAIN ${word} ${word}`,
        `1 N MAIN ${word} SW`,
        `1 MAIN ST ${word} 5`,
        `1 MAIN ST ${word} 5 B`,
      );
    }
    const { rows } = await sql<{ key: string; parts: string[] }>`
      SELECT k AS key, address_parts(k) AS parts FROM unnest(${keys}::text[]) AS k`.execute(t.db);
    const differ = rows.filter(({ key, parts }) => {
      const ts = addressParts(key);
      return parts.join('|') !== [ts.direction, ts.type, ts.unit].join('|');
    });
    expect(differ).toEqual([]);
  });
});
