import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countIndexNames, insertDocument } from '../src/engine/ingest/ingest.repository.ts';
import { MAX_VARIANT_NAMESAKES, unmatchedIds } from '../src/engine/matching/match.repository.ts';
import { matchDocuments } from '../src/engine/matching/match.service.ts';
import { guardedAddress, storedAddress, storedName } from '../src/keys/match-keys.ts';
import { matchConfidence, STRONG_CONFIDENCE } from '../src/keys/names.ts';
import { nameKey } from '../src/keys/normalize.ts';
import { explain } from '../src/modules/explain/explain.service.ts';
import {
  insertApnSubscriptions,
  insertNameSubscriptions,
} from '../src/modules/user/user.repository.ts';
import { createCounty, createSubscriber, type CountyRow } from './helpers/factories.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

// The matcher's rules beyond names: activation time, disabled counties, APNs and addresses.

describe('what the matcher matches', () => {
  let t: TestApp;
  let county: CountyRow;
  let disabled: CountyRow;
  let userId: string;
  const activatedAt = new Date('2026-06-01T12:00:00Z');
  let n = 0;

  const documentWith = async (
    c: CountyRow,
    recordedAt: Date,
    input: { names?: string[]; apns?: string[]; addresses?: string[] },
  ) => {
    const id = await insertDocument(t.db, {
      countyId: c.id,
      documentNumber: `R-${++n}`,
      documentType: 'GRANT DEED',
      recordedAt,
      container: c.code,
      fileName: `R-${n}.pdf`,
      pageCount: 1,
      pdfError: null,
      text: '',
      parties: (input.names ?? []).map((name) => ({
        role: 'grantor' as const,
        name,
        nameKey: nameKey(name),
        ...storedName(name),
      })),
      parcels: [
        ...(input.apns ?? []).map((apn) => ({
          apn,
          apnKey: apn.replace(/\D/g, ''),
          address: null,
          addressKey: null,
          zip: null,
          source: 'index' as const,
        })),
        ...(input.addresses ?? []).map((address) => {
          const a = storedAddress(address);
          return {
            apn: null,
            apnKey: null,
            address,
            addressKey: a.streetKey,
            zip: a.zip,
            source: 'index' as const,
          };
        }),
      ],
    });
    await matchDocuments(t.db, t.boss, [id!]);
    return t.db
      .selectFrom('events')
      .select(['match_kind', 'matched_value', 'is_exact', 'confidence', 'tier', 'namesakes'])
      .where('document_id', '=', id!)
      .execute();
  };

  beforeAll(async () => {
    t = await startTestApp({}, { workers: false });
    county = await createCounty(t.db, { name: 'Rules', code: 'RUL' });
    disabled = await createCounty(t.db, { name: 'Closed', code: 'CLO', is_enabled: false });
    userId = (await createSubscriber(t.db, { verified: true })).id;
    for (const c of [county, disabled]) {
      await insertNameSubscriptions(
        t.db,
        userId,
        [
          {
            countyId: c.id,
            name: 'GARCIA ROSA',
            nameKey: 'GARCIA ROSA',
            tokens: ['GARCIA', 'ROSA'],
          },
        ],
        activatedAt,
      );
      await insertApnSubscriptions(
        t.db,
        userId,
        [
          {
            countyId: c.id,
            apn: '012-0345-006-0000',
            apnKey: '01203450060000',
            description: '123 RIVERSIDE BLVD, SACRAMENTO, CA 95818',
            addressKey: '123 RIVERSIDE BLVD',
            addressZip: '95818',
          },
        ],
        activatedAt,
      );
    }
  });
  afterAll(() => t.close());

  const after = new Date(activatedAt.getTime() + 60_000);

  /** Guards the parcels `{book}-0000`, `{book}-0001`, … each by the address the user described. */
  const guardDescribed = (user: string, book: string, descriptions: string[]) =>
    insertApnSubscriptions(
      t.db,
      user,
      descriptions.map((description, i) => {
        const address = guardedAddress(undefined, description);
        return {
          countyId: county.id,
          apn: `${book}-000${i}`,
          apnKey: `${book}0000${i}`,
          description,
          addressKey: address.streetKey,
          addressZip: address.zip,
        };
      }),
      activatedAt,
    );

  it('matches documents recorded from activation on live, and one recorded before on record', async () => {
    /** Whether the events of the last document written are on record. */
    const lastOnRecord = async () =>
      (
        await t.db
          .selectFrom('events')
          .innerJoin('recorded_documents as d', 'd.id', 'events.document_id')
          .select('events.on_record')
          .where('d.document_number', '=', `R-${n}`)
          .execute()
      ).map((e) => e.on_record);
    expect(
      await documentWith(county, new Date(activatedAt.getTime() - 1000), {
        names: ['GARCIA ROSA'],
      }),
    ).toHaveLength(1);
    expect(await lastOnRecord()).toEqual([true]);
    expect(await documentWith(county, activatedAt, { names: ['GARCIA ROSA'] })).toHaveLength(1);
    expect(await lastOnRecord()).toEqual([false]);
  });

  it('matches nothing in a disabled county', async () => {
    expect(
      await documentWith(disabled, after, { names: ['GARCIA ROSA'], apns: ['012-0345-006-0000'] }),
    ).toEqual([]);
  });

  it('matches an APN by key, whatever its punctuation', async () => {
    expect(await documentWith(county, after, { apns: ['01203450060000'] })).toEqual([
      {
        match_kind: 'apn',
        matched_value: '01203450060000',
        is_exact: true,
        confidence: 1,
        tier: 'exact',
        namesakes: null,
      },
    ]);
  });

  it('matches an address by street key, or by house number, zip and a similar street', async () => {
    expect(
      await documentWith(county, after, {
        addresses: ['123 Riverside Boulevard, Sacramento, CA 95818'],
      }),
    ).toEqual([expect.objectContaining({ match_kind: 'address', is_exact: true, tier: 'exact' })]);
    const similar = await documentWith(county, after, {
      addresses: ['123 RIVERSIDE BLV, SACRAMENTO CA 95818'],
    });
    expect(similar).toEqual([
      expect.objectContaining({ match_kind: 'address', is_exact: false, tier: 'strong' }),
    ]);
    expect(similar[0]!.confidence).toBeLessThan(0.9);
    // Another house number, or another zip: not the guarded property.
    expect(
      await documentWith(county, after, { addresses: ['125 RIVERSIDE BLVD, SACRAMENTO CA 95818'] }),
    ).toEqual([]);
    expect(
      await documentWith(county, after, { addresses: ['123 RIVERSIDE BLV, SACRAMENTO CA 95822'] }),
    ).toEqual([]);
  });

  it('never takes another unit, direction or street type for the guarded address', async () => {
    const guard = await createSubscriber(t.db, { verified: true });
    const guarded = [
      '4455 ELKHORN BLVD UNIT 5, SACRAMENTO, CA 95842',
      '700 N MAIN ST, SACRAMENTO, CA 95814',
      '123 N MAIN ST, SACRAMENTO, CA 95814',
    ];
    await guardDescribed(guard.id, '900', guarded);
    for (const other of [
      '4455 ELKHORN BLVD UNIT 7, SACRAMENTO, CA 95842',
      '700 S MAIN ST, SACRAMENTO, CA 95814',
      '123 N MAIN AVE, SACRAMENTO, CA 95814',
    ]) {
      expect(await documentWith(county, after, { addresses: [other] }), other).toEqual([]);
    }
    // The building without its unit may be the guarded unit, never surely: possible, no alert.
    expect(
      await documentWith(county, after, { addresses: ['4455 ELKHORN BLVD, SACRAMENTO, CA 95842'] }),
    ).toEqual([
      expect.objectContaining({ match_kind: 'address', tier: 'possible', confidence: 0.5 }),
    ]);
  });

  it('makes a similar address strong only at the strong confidence, as a name', async () => {
    // 0.9 × a similarity of 0.636: 0.573, under STRONG_CONFIDENCE.
    const events = await documentWith(county, after, {
      addresses: ['123 RVRSIDE BLVD, SACRAMENTO, CA 95818'],
    });
    expect(events).toEqual([
      expect.objectContaining({ match_kind: 'address', is_exact: false, tier: 'possible' }),
    ]);
    expect(events[0]!.confidence).toBeLessThan(STRONG_CONFIDENCE);
  });

  it('reads the city, state and zip of an address written without commas', async () => {
    const guard = await createSubscriber(t.db, { verified: true });
    const guarded = [
      '4460 ELKHORN BLVD, SACRAMENTO, CA 95842',
      '18 W 5TH ST, SACRAMENTO, CA 95814',
    ];
    await guardDescribed(guard.id, '901', guarded);
    // 700 N MAIN ST is guarded above.
    for (const written of [
      '4460 ELKHORN BLVD SACRAMENTO CA 95842',
      '700 N MAIN ST SACRAMENTO CA 95814',
      '18 WEST FIFTH STREET SACRAMENTO CA 95814',
    ]) {
      expect(await documentWith(county, after, { addresses: [written] }), written).toEqual([
        expect.objectContaining({ match_kind: 'address', is_exact: true, tier: 'exact' }),
      ]);
    }
  });

  it('matches an equal street in another zip of the county only when a side gives no zip', async () => {
    expect(
      await documentWith(county, after, { addresses: ['123 Riverside Blvd, Elk Grove, CA 95624'] }),
    ).toEqual([]);
    expect(await documentWith(county, after, { addresses: ['123 RIVERSIDE BLVD'] })).toEqual([
      expect.objectContaining({ match_kind: 'address', is_exact: true, confidence: 0.9 }),
    ]);
  });

  it("scores a name common in the county's index lower than a rare one, as matchConfidence does", async () => {
    await insertNameSubscriptions(
      t.db,
      userId,
      [
        {
          countyId: county.id,
          name: 'LOPEZ MARIA',
          nameKey: 'LOPEZ MARIA',
          tokens: ['LOPEZ', 'MARIA'],
        },
      ],
      activatedAt,
    );
    const common = 2_000;
    await countIndexNames(t.db, [
      {
        countyId: county.id,
        name: 'LOPEZ MARIA',
        nameKey: 'LOPEZ MARIA',
        documents: common,
        lastRecordedAt: after,
      },
    ]);
    const events = await documentWith(county, after, { names: ['LOPEZ MARIA', 'GARCIA ROSA'] });
    const confidence = (name: string) => events.find((e) => e.matched_value === name)!.confidence;
    expect(confidence('LOPEZ MARIA')).toBeLessThan(confidence('GARCIA ROSA'));
    expect(confidence('LOPEZ MARIA')).toBe(matchConfidence('exact', common));
    expect(confidence('GARCIA ROSA')).toBe(matchConfidence('exact', 0));
    expect(confidence('LOPEZ MARIA')).toBeLessThan(0.5);
  });

  it('makes a variant or typo of a rare name strong, and of a common name possible, never dropped', async () => {
    const guard = (name: string) =>
      insertNameSubscriptions(
        t.db,
        userId,
        [{ countyId: county.id, name, nameKey: name, tokens: name.split(' ') }],
        activatedAt,
      );
    const index = (counts: Record<string, number>) =>
      countIndexNames(
        t.db,
        Object.entries(counts).map(([name, documents]) => ({
          countyId: county.id,
          name,
          nameKey: name,
          documents,
          lastRecordedAt: after,
        })),
      );
    await guard('NAKAMURA KENJI');
    await guard('JOHNSON ROBERT');
    await guard('PAGE ANN');
    // JOHNSON ROBERT itself is rare (10 documents), but 510 documents carry that surname and
    // first name with some middle: a variant cannot tell the subscriber from those namesakes.
    // ROBERTA and JOHNSONS are other names and do not count.
    await index({
      'JOHNSON ROBERT': 10,
      'JOHNSON ROBERT A': 300,
      'JOHNSON ROBERT LEE': 200,
      'JOHNSON ROBERTA': 5_000,
      'JOHNSONS ROBERT': 5_000,
      'PAGE ANNE': 5_000,
      'PAGE ANN B': 3,
    });
    const hits = async (name: string) =>
      (await documentWith(county, after, { names: [name] })).map((e) => ({
        value: e.matched_value,
        tier: e.tier,
        confidence: e.confidence,
        namesakes: e.namesakes,
      }));
    const strong = (value: string, rule: 'variant' | 'typo', namesakes: number) => ({
      value,
      tier: 'strong',
      confidence: matchConfidence(rule, namesakes),
      namesakes,
    });
    const possible = (value: string, rule: 'variant' | 'typo', namesakes: number) => ({
      ...strong(value, rule, namesakes),
      tier: 'possible',
    });

    // Rare: a variant (another middle) and a typo (one letter off the surname) are strong.
    expect(await hits('NAKAMURA KENJI T')).toEqual([strong('NAKAMURA KENJI T', 'variant', 0)]);
    expect(await hits('NAKAMORA KENJI')).toEqual([strong('NAKAMORA KENJI', 'typo', 0)]);
    expect(await hits('PAGE ANN C')).toEqual([strong('PAGE ANN C', 'variant', 3)]);
    // Common surname and first name: the variant and the typo are possible matches, kept with
    // the namesake count that made them so (510: every JOHNSON ROBERT with some middle name).
    expect(matchConfidence('variant', 510)).toBeLessThan(STRONG_CONFIDENCE);
    expect(matchConfidence('variant', 10)).toBeGreaterThanOrEqual(STRONG_CONFIDENCE);
    expect(await hits('JOHNSON ROBERT A')).toEqual([possible('JOHNSON ROBERT A', 'variant', 510)]);
    expect(await hits('JOHNSON ROBERT ALLEN')).toEqual([
      possible('JOHNSON ROBERT ALLEN', 'variant', 510),
    ]);
    expect(await hits('JOHNSTON ROBERT')).toEqual([possible('JOHNSTON ROBERT', 'typo', 510)]);
    // A rare guarded name one letter from a common recorded one: most likely that common name.
    await guard('WILLIAMSEN DAVID');
    await index({ 'WILLIAMSON DAVID': 3_000 });
    expect(await hits('WILLIAMSON DAVID')).toEqual([possible('WILLIAMSON DAVID', 'typo', 3_000)]);
    expect(await hits('WILLIAMSEN DAVID K')).toEqual([strong('WILLIAMSEN DAVID K', 'variant', 0)]);
    // The same name, equal keys: always exact, however common.
    expect(await hits('JOHNSON ROBERT')).toEqual([
      {
        value: 'JOHNSON ROBERT',
        tier: 'exact',
        confidence: matchConfidence('exact', 10),
        namesakes: 10,
      },
    ]);

    // The staff's explain endpoint gives the job's verdict and confidence on each of these pairs.
    const explained = (guarded: string, candidate: string) =>
      explain(t.db, { county: county.name, kind: 'name', guarded, candidate });
    expect(await explained('NAKAMURA KENJI', 'NAKAMURA KENJI T')).toMatchObject({
      matched: true,
      kind: 'variant',
      confidence: matchConfidence('variant', 0),
    });
    expect(await explained('PAGE ANN', 'PAGE ANN C')).toMatchObject({
      matched: true,
      confidence: matchConfidence('variant', 3),
    });
    const common = await explained('JOHNSON ROBERT', 'JOHNSON ROBERT A');
    expect(common).toMatchObject({
      matched: true,
      kind: 'variant',
      tier: 'possible',
      namesakes: 510,
      confidence: matchConfidence('variant', 510),
    });
    expect(common.reason).toContain('a possible match: at least 510 documents');
    expect(common.reason).toContain(`under ${STRONG_CONFIDENCE}`);
    expect(await explained('WILLIAMSEN DAVID', 'WILLIAMSON DAVID')).toMatchObject({
      matched: true,
      kind: 'typo',
      tier: 'possible',
    });
  });

  it('counts namesakes spread over many index names, past names with no documents', async () => {
    await insertNameSubscriptions(
      t.db,
      userId,
      [
        {
          countyId: county.id,
          name: 'EZE NNAMDI',
          nameKey: 'EZE NNAMDI',
          tokens: ['EZE', 'NNAMDI'],
        },
      ],
      activatedAt,
    );
    // 60 names without documents first in key order, then one more than the floor allows, of
    // 1 document each: counting must not stop at the empty ones.
    const names = [
      ...Array.from({ length: 60 }, (_, i) => [`EZE NNAMDI A${i}`, 0] as const),
      ...Array.from(
        { length: MAX_VARIANT_NAMESAKES + 1 },
        (_, i) => [`EZE NNAMDI Z${i}`, 1] as const,
      ),
    ];
    await countIndexNames(
      t.db,
      names.map(([name, documents]) => ({
        countyId: county.id,
        name,
        nameKey: name,
        documents,
        lastRecordedAt: after,
      })),
    );
    expect(await documentWith(county, after, { names: ['EZE NNAMDI Q'] })).toMatchObject([
      { tier: 'possible', namesakes: MAX_VARIANT_NAMESAKES + 1 },
    ]);
    expect(matchConfidence('variant', MAX_VARIANT_NAMESAKES)).toBeGreaterThanOrEqual(
      STRONG_CONFIDENCE,
    );
  });

  it('keeps one event per subscription and document: the strongest reason', async () => {
    const events = await documentWith(county, after, {
      apns: ['012-0345-006-0000'],
      addresses: ['123 RIVERSIDE BLVD, SACRAMENTO CA 95818'],
      names: ['GARCIA ROSA', 'GARCIA, ROSA'],
    });
    expect(events.map((e) => e.match_kind).sort()).toEqual(['apn', 'name']);
  });

  it("leaves a disabled county's documents unmatched, for the sweep once it is enabled again", async () => {
    expect(await documentWith(disabled, after, { names: ['GARCIA ROSA'] })).toEqual([]);
    const document = await t.db
      .selectFrom('recorded_documents')
      .select(['id', 'matched_at'])
      .where('county_id', '=', disabled.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(document.matched_at).toBeNull();
    const sweep = () => unmatchedIds(t.db, new Date(Date.now() + 60_000), 1000);
    expect(await sweep()).not.toContain(document.id);

    await t.db
      .updateTable('counties')
      .set({ is_enabled: true })
      .where('id', '=', disabled.id)
      .execute();
    try {
      expect(await sweep()).toContain(document.id);
      expect(await matchDocuments(t.db, t.boss, [document.id])).toMatchObject({ events: 1 });
      const events = await t.db
        .selectFrom('events')
        .select('matched_value')
        .where('document_id', '=', document.id)
        .execute();
      expect(events).toEqual([{ matched_value: 'GARCIA ROSA' }]);
    } finally {
      await t.db
        .updateTable('counties')
        .set({ is_enabled: false })
        .where('id', '=', disabled.id)
        .execute();
    }
  });
});
