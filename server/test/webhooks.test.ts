import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { insertDocument } from '../src/engine/ingest/ingest.repository.ts';
import { matchDocuments } from '../src/engine/matching/match.service.ts';
import {
  caseStatusChangedPayload,
  enqueueCaseStatusWebhooks,
  enqueueEventWebhooks,
  enqueueLevelChangeWebhooks,
} from '../src/engine/webhooks/event-webhooks.ts';
import { nameKey } from '../src/keys/normalize.ts';
import { countyDateTime } from '../src/lib/county-time.ts';
import { seal } from '../src/lib/sealed.ts';
import { registerMailWorker } from '../src/mail/mail.jobs.ts';
import {
  attemptDelivery,
  RETRY_DELAYS_MS,
  RETRY_WINDOW_MS,
  TIMEOUT_MS,
  webhookDeps,
  webhookSealingKey,
} from '../src/modules/webhooks/delivery.service.ts';
import type { Resolver } from '../src/modules/webhooks/safe-address.ts';
import { insertNameSubscriptions } from '../src/modules/user/user.repository.ts';
import { generateSecret } from '../src/modules/webhooks/signing.ts';
import {
  countyForm,
  createCounty,
  createEvent,
  createStaff,
  createSubscriber,
} from './helpers/factories.ts';
import { jsonSchemaCheck } from './helpers/json-schema.ts';
import { waitForMail } from './helpers/mail.ts';
import { signInStaff, signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { type ReceivedRequest, type Receiver, startReceiver } from './helpers/webhook-receiver.ts';
import { waitFor } from './helpers/wait.ts';

// Webhooks end to end against a real HTTPS receiver on 127.0.0.1 (allowed here only through
// WEBHOOK_ALLOW_LOOPBACK, its certificate through WEBHOOK_CA_FILE): registration and its address
// checks, signed deliveries through the real pg-boss worker, retries with the clock advanced
// through a 24-hour window, the endpoint disabled and its owner mailed, DNS rebinding refused
// at delivery, resend, and what is and is not sent for which event.

/** The Standard Webhooks check a receiver makes. */
function signatureValid(secret: string, request: ReceivedRequest): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = `${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${request.body}`;
  const expected = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
  return String(request.headers['webhook-signature']).split(' ').includes(expected);
}

type Verify = (secret: string, headers: ReceivedRequest['headers'], body: string) => unknown;

/** The verification code docs/api.md gives receivers, as a receiver would copy it. */
async function verifierFromDocs(): Promise<Verify> {
  const doc = readFileSync(path.join(repoRoot, 'docs/api.md'), 'utf8');
  const code = /```ts\n(\/\/ verify-webhook\.ts\n[\s\S]*?)```/.exec(doc)?.[1];
  if (!code) throw new Error('docs/api.md has no verify-webhook.ts block');
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'deedwatch-docs-')), 'verify.ts');
  writeFileSync(file, code);
  return ((await import(file)) as { verifyWebhook: Verify }).verifyWebhook;
}

type Subscriber = { id: string; email: string; cookie: string };

let receiver: Receiver;
let t: TestApp;
let countyId: number;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestApp({
    ...NO_RATE_LIMITS,
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    WEBHOOK_CA_FILE: receiver.caFile,
  });
  countyId = (await createCounty(t.db, { name: 'Hooks', code: 'HKS' })).id;
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function subscriber(app = t, language: 'en' | 'es' = 'en'): Promise<Subscriber> {
  const user = await createSubscriber(app.db, { verified: true, language });
  return { ...user, cookie: await signInSubscriber(app, user.email) };
}

async function register(
  who: Subscriber,
  body: { url: string; eventTypes?: string[]; description?: string },
  app = t,
) {
  return app.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: { cookie: who.cookie, origin: app.config.appUrl },
    payload: { eventTypes: ['event.created'], ...body },
  });
}

async function endpointFor(who: Subscriber, path = `/hook-${Math.random().toString(36).slice(2)}`) {
  const res = await register(who, { url: receiver.url(path) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: { id: string; url: string }; secret: string };
}

/** A new event of the user, and its webhook deliveries queued as the matcher queues them. */
async function eventWithWebhooks(userId: string, app = t) {
  const event = await createEvent(app.db, { userId, countyId });
  const queued = await app.db
    .transaction()
    .execute((trx) =>
      enqueueEventWebhooks(trx, app.boss, [{ user_id: userId, document_id: event.document_id }]),
    );
  return { event, queued };
}

/** A case the subscriber filed on the event (a grantee name match), as the report call files it. */
const fileCase = (
  me: Subscriber,
  event: { id: string; document_id: string },
  level: 'act_now' | 'check',
) =>
  t.db
    .insertInto('cases')
    .values({
      user_id: me.id,
      document_id: event.document_id,
      county_id: countyId,
      event_id: event.id,
      problem: 'did_not_sign',
      statement: 'I never signed this deed.',
      contact_email: me.email,
      preferred_contact: 'email',
      level,
      match_kind: 'name',
      matched_value: 'SMITH JOHN',
      party_role: 'grantee',
      guarded: 'SMITH JOHN',
    })
    .returning(['id', 'case_number'])
    .executeTakeFirstOrThrow();

const deliveriesOf = (endpointId: string, app = t) =>
  app.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at')
    .execute();

describe('registering an endpoint', () => {
  it('gives a whsec_ secret once, keeps it sealed, and lists the endpoint', async () => {
    const me = await subscriber();
    const { endpoint, secret } = await endpointFor(me, '/listed');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const row = await t.db
      .selectFrom('webhook_endpoints')
      .select('secret_sealed')
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret.slice(6, 30));

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks',
      headers: { cookie: me.cookie },
    });
    expect(listed.json().endpoints).toEqual([
      expect.objectContaining({
        id: endpoint.id,
        url: receiver.url('/listed'),
        eventTypes: ['event.created'],
        status: 'enabled',
      }),
    ]);
    expect(listed.body).not.toContain(secret);
  });

  it("audits the address without its query's values, where a receiver may keep a secret", async () => {
    const me = await subscriber();
    const url = receiver.url('/audited?token=receiver-secret-7781&v=2');
    const res = await register(me, { url });
    expect(res.statusCode, res.body).toBe(201);
    const { endpoint } = res.json() as { endpoint: { id: string; url: string } };
    // The subscriber's own list shows the address as given.
    expect(endpoint.url).toBe(url);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/webhooks/${endpoint.id}`,
      headers: { cookie: me.cookie, origin: t.config.appUrl },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('actor_id', '=', me.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, (a.details as { url: string }).url])).toEqual([
      ['webhook.create', receiver.url('/audited?token=[redacted]&v=[redacted]')],
      ['webhook.delete', receiver.url('/audited?token=[redacted]&v=[redacted]')],
    ]);
  });

  it("takes at most 5 endpoints, one per URL, and never another user's", async () => {
    const me = await subscriber();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await endpointFor(me, `/five-${i}`)).endpoint.id);
    const sixth = await register(me, { url: receiver.url('/five-6') });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toMatch(/5 webhook endpoints/);

    const other = await subscriber();
    expect((await register(other, { url: receiver.url('/same') })).statusCode).toBe(201);
    const again = await register(other, { url: receiver.url('/same') });
    expect(again.statusCode).toBe(409);

    for (const [method, url, payload] of [
      ['PATCH', `/api/webhooks/${ids[0]}`, { description: 'mine now' }],
      ['DELETE', `/api/webhooks/${ids[0]}`, undefined],
      ['GET', `/api/webhooks/${ids[0]}/deliveries`, undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie: other.cookie, origin: t.config.appUrl },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('is for subscribers: staff get a 403 saying so', async () => {
    const staff = await createStaff(t.db, 'admin');
    const cookie = await signInStaff(t, staff.email);
    const res = await register(
      { id: staff.id, email: staff.email, cookie },
      { url: receiver.url() },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/subscriber accounts/);
  });
});

describe('why an endpoint is disabled', () => {
  const FAILED_FOR_A_DAY =
    'Every delivery failed for 24 hours; the last: HTTP 503: down for maintenance';

  /** Two endpoints of a subscriber: one disabled by them, one by the deliveries (as stored). */
  async function disabledPair(who: Subscriber) {
    const byYou = await endpointFor(who);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${byYou.endpoint.id}`,
      headers: { cookie: who.cookie, origin: t.config.appUrl },
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const failing = await endpointFor(who);
    await t.db
      .updateTable('webhook_endpoints')
      .set({ disabled_at: new Date(), disabled_reason: FAILED_FOR_A_DAY })
      .where('id', '=', failing.endpoint.id)
      .execute();
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks',
      headers: { cookie: who.cookie },
    });
    const reasonOf = (id: string) =>
      (listed.json().endpoints as { id: string; disabledReason: string | null }[]).find(
        (e) => e.id === id,
      )!.disabledReason;
    return {
      patched: off.json().disabledReason as string,
      byYou: reasonOf(byYou.endpoint.id),
      failing: reasonOf(failing.endpoint.id),
      endpointId: byYou.endpoint.id,
    };
  }

  it("is said in the subscriber's language, the receiver's own answer as it came, and stored in English", async () => {
    const rosa = await subscriber(t, 'es');
    const spanish = await disabledPair(rosa);
    expect(spanish).toMatchObject({
      patched: 'Desactivado por usted.',
      byYou: 'Desactivado por usted.',
      failing:
        'Todas las entregas fallaron durante 24 horas; la última: HTTP 503: down for maintenance',
    });

    // An English reader reads the stored sentences as they always were.
    const eric = await subscriber();
    expect(await disabledPair(eric)).toMatchObject({
      patched: 'Disabled by you.',
      byYou: 'Disabled by you.',
      failing: FAILED_FOR_A_DAY,
    });
    const stored = await t.db
      .selectFrom('webhook_endpoints')
      .select('disabled_reason')
      .where('id', '=', spanish.endpointId)
      .executeTakeFirstOrThrow();
    expect(stored.disabled_reason).toBe('Disabled by you.');
  });
});

describe('refusing addresses that are not public', () => {
  let strict: TestApp;
  beforeAll(async () => {
    // WEBHOOK_ALLOW_LOOPBACK unset: how every server people use runs.
    strict = await startTestApp(NO_RATE_LIMITS, { workers: false });
    // Sign-in links only: deliveries are attempted here, by hand.
    await registerMailWorker(strict.boss, strict.db, strict.mailSender);
  });
  afterAll(() => strict?.close());

  it('refuses private, loopback, link-local, unique local, metadata and odd URLs with a 400 saying why', async () => {
    const me = await subscriber(strict);
    const refused: Record<string, RegExp> = {
      'https://10.1.2.3/hook': /private address/,
      'https://192.168.0.10/hook': /private address/,
      'https://172.16.5.4/hook': /private address/,
      'https://127.0.0.1/hook': /loopback/,
      'https://2130706433/hook': /loopback/,
      'https://0x7f.1/hook': /loopback/,
      'https://localhost/hook': /loopback/,
      'https://[::1]/hook': /loopback/,
      'https://[::ffff:127.0.0.1]/hook': /loopback/,
      'https://169.254.169.254/latest/meta-data/': /link-local/,
      'https://[fd00:ec2::254]/': /not a public IPv6 address/,
      'https://[fe80::1]/': /not a public IPv6 address/,
      'https://100.100.100.200/': /carrier-grade NAT/,
      'https://0.0.0.0/': /this network/,
      'http://93.184.215.14/hook': /https/,
      'https://user:secret@93.184.215.14/hook': /user name or password/,
      'https://does-not-exist.invalid/hook': /does not resolve/,
      'https://93.184.215.14/hook#part': /#fragment/,
      'https://93.184.215.14/hook#': /#fragment/,
      // 2,048 characters as sent, 3 times as many once percent-encoded, as it would be kept.
      [`https://93.184.215.14/${'^'.repeat(2048 - 23)}`]:
        /at most 2048 characters once percent-encoded/,
      [`https://93.184.215.14/?q=${'é'.repeat(2048 - 26)}`]: /once percent-encoded/,
    };
    const wrong: string[] = [];
    for (const [url, why] of Object.entries(refused)) {
      const res = await register(me, { url }, strict);
      if (res.statusCode !== 400 || !why.test(res.json().message))
        wrong.push(`${url}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);

    // A Spanish subscriber is told why in Spanish (the delivery log stays English: below).
    const user = await createSubscriber(strict.db, { verified: true, language: 'es' });
    const spanish = { ...user, cookie: await signInSubscriber(strict, user.email) };
    const toldWhy = async (url: string) =>
      (await register(spanish, { url }, strict)).json().message;
    expect(await toldWhy('https://10.1.2.3/hook')).toBe(
      'La dirección (url) no se admite: 10.1.2.3 es una dirección privada: los webhooks solo se envían a direcciones públicas.',
    );
    expect(await toldWhy('https://localhost/hook')).toMatch(
      /^La dirección \(url\) no se admite: localhost se resuelve en (127\.0\.0\.1|::1), una dirección de bucle local \(loopback\): los webhooks solo se envían a direcciones públicas\.$/,
    );
    expect(await toldWhy('https://93.184.215.14/hook#part')).toBe(
      'La dirección (url) no debe llevar un #fragmento (nunca se envía).',
    );
    expect(await strict.db.selectFrom('webhook_endpoints').select('id').execute()).toEqual([]);
  });

  it('refuses at delivery a name that now resolves to a private address (DNS rebinding), without connecting', async () => {
    const me = await createSubscriber(strict.db, { verified: true });
    const secret = generateSecret();
    // Registered while rebind.test resolved to a public address.
    const endpoint = await strict.db
      .insertInto('webhook_endpoints')
      .values({
        user_id: me.id,
        url: `https://rebind.test:${receiver.port}/hook`,
        event_types: ['event.created'],
        secret_sealed: seal(webhookSealingKey(strict.config.sessionSecret), secret),
        disabled_at: null,
        disabled_reason: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const county = await createCounty(strict.db);
    const event = await createEvent(strict.db, { userId: me.id, countyId: county.id });
    await strict.db
      .transaction()
      .execute((trx) =>
        enqueueEventWebhooks(trx, strict.boss, [
          { user_id: me.id, document_id: event.document_id },
        ]),
      );
    const [delivery] = await deliveriesOf(endpoint.id, strict);
    const before = receiver.requests.length;
    const rebound: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const deps = webhookDeps(
      strict.config,
      { db: strict.db, boss: strict.boss, mailSender: strict.mailSender },
      { resolve: rebound },
    );
    expect(await attemptDelivery(deps, delivery!.id)).toBe('retrying');
    const [after] = await deliveriesOf(endpoint.id, strict);
    expect(after!.last_error).toBe(
      'Refused: rebind.test resolves to 127.0.0.1, a loopback address: webhooks go only to public addresses.',
    );
    expect(receiver.requests.length).toBe(before);

    // The same with a name that resolves to one public and one private address.
    await strict.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: null })
      .where('id', '=', delivery!.id)
      .execute();
    const mixed = webhookDeps(
      strict.config,
      { db: strict.db, boss: strict.boss, mailSender: strict.mailSender },
      {
        resolve: async () => [
          { address: '93.184.215.14', family: 4 },
          { address: '10.0.0.7', family: 4 },
        ],
      },
    );
    await attemptDelivery(mixed, delivery!.id);
    const [third] = await deliveriesOf(endpoint.id, strict);
    expect(third!.last_error).toMatch(/10\.0\.0\.7, a private address/);
    expect(receiver.requests.length).toBe(before);
  });
});

describe('delivering', () => {
  it('delivers event.created through the job queue, signed the Standard Webhooks way', async () => {
    const me = await subscriber();
    const { endpoint, secret } = await endpointFor(me, '/signed');
    receiver.statuses(200);
    const { event, queued } = await eventWithWebhooks(me.id);
    expect(queued).toBe(1);

    const request = await waitFor('the delivery at the receiver', () =>
      receiver.requests.find((r) => r.url === '/signed'),
    );
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toBe('DeedWatch-Webhooks/1.0');
    expect(request.headers['webhook-id']).toBe(`msg_${event.id}`);
    expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(
      60,
    );
    expect(signatureValid(secret, request)).toBe(true);
    // A changed body or another secret does not verify.
    expect(
      signatureValid(secret, { ...request, body: request.body.replace('GRANT', 'GRANd') }),
    ).toBe(false);
    expect(signatureValid(generateSecret(), request)).toBe(false);
    // The receivers' code of docs/api.md agrees.
    const verifyWebhook = await verifierFromDocs();
    expect(verifyWebhook(secret, request.headers, request.body)).toEqual(JSON.parse(request.body));
    expect(() => verifyWebhook(secret, request.headers, `${request.body} `)).toThrow(
      'webhook-signature does not match',
    );
    expect(() => verifyWebhook(generateSecret(), request.headers, request.body)).toThrow();
    expect(() =>
      verifyWebhook(
        secret,
        { ...request.headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 600) },
        request.body,
      ),
    ).toThrow('webhook-timestamp is not recent');
    expect(request.headers.cookie).toBeUndefined();
    expect(request.headers.authorization).toBeUndefined();

    const body = JSON.parse(request.body);
    expect(body).toMatchObject({
      type: 'event.created',
      data: {
        eventId: event.id,
        tier: 'exact',
        level: 'check',
        matchKind: 'name',
        matchedValue: 'SMITH JOHN',
        partyRole: 'grantee',
        guarded: { kind: 'name', value: 'SMITH JOHN' },
        document: { county: 'Hooks', documentType: 'GRANT DEED', containerName: 'SAC' },
      },
    });

    const delivered = await waitFor('the delivery recorded', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/webhooks/${endpoint.id}/deliveries`,
        headers: { cookie: me.cookie },
      });
      const [d] = res.json().deliveries;
      return d?.status === 'delivered' ? d : undefined;
    });
    expect(delivered).toMatchObject({
      messageId: `msg_${event.id}`,
      eventType: 'event.created',
      eventId: event.id,
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
    });
  });

  it('sends event.created when the matcher finds a recorded document naming a guarded name', async () => {
    const me = await subscriber();
    const { secret } = await endpointFor(me, '/from-matcher');
    receiver.statuses(200);
    await insertNameSubscriptions(
      t.db,
      me.id,
      [
        {
          countyId,
          name: 'QUILLFEATHER MARGOT',
          nameKey: nameKey('QUILLFEATHER MARGOT'),
          tokens: ['QUILLFEATHER', 'MARGOT'],
        },
      ],
      new Date(Date.now() - 60_000),
    );
    const documentId = await insertDocument(t.db, {
      countyId,
      documentNumber: `HKS-${Date.now()}`,
      documentType: 'QUITCLAIM DEED',
      recordedAt: new Date(),
      container: 'HKS',
      fileName: 'quitclaim.pdf',
      pageCount: 1,
      pdfError: null,
      text: '',
      parties: [
        {
          role: 'grantor',
          name: 'QUILLFEATHER MARGOT',
          nameKey: 'QUILLFEATHER MARGOT',
          matchKey: 'QUILLFEATHER MARGOT',
          nameKind: 'person',
          suffix: '',
          readings: [],
        },
      ],
      parcels: [],
    });
    const matched = await matchDocuments(t.db, t.boss, [documentId!]);
    expect(matched.events).toBe(1);

    const request = await waitFor("the matcher's event at the receiver", () =>
      receiver.requests.find((r) => r.url === '/from-matcher'),
    );
    expect(signatureValid(secret, request)).toBe(true);
    const event = await t.db
      .selectFrom('events')
      .select('id')
      .where('document_id', '=', documentId!)
      .executeTakeFirstOrThrow();
    expect(request.headers['webhook-id']).toBe(`msg_${event.id}`);
    expect(JSON.parse(request.body)).toMatchObject({
      type: 'event.created',
      data: {
        eventId: event.id,
        matchKind: 'name',
        partyRole: 'grantor',
        guarded: { kind: 'name', value: 'QUILLFEATHER MARGOT' },
        document: {
          documentType: 'QUITCLAIM DEED',
          containerName: 'HKS',
          fileName: 'quitclaim.pdf',
        },
      },
    });
  });

  it('retries a 500 with backoff and delivers the same message once the receiver answers', async () => {
    const noWorkers = await startTestApp(
      { ...NO_RATE_LIMITS, WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_CA_FILE: receiver.caFile },
      { workers: false },
    );
    try {
      await registerMailWorker(noWorkers.boss, noWorkers.db, noWorkers.mailSender);
      const county = await createCounty(noWorkers.db);
      const me = await subscriber(noWorkers);
      const res = await register(me, { url: receiver.url('/flaky') }, noWorkers);
      const { endpoint, secret } = res.json();
      const event = await createEvent(noWorkers.db, { userId: me.id, countyId: county.id });
      await noWorkers.db
        .transaction()
        .execute((trx) =>
          enqueueEventWebhooks(trx, noWorkers.boss, [
            { user_id: me.id, document_id: event.document_id },
          ]),
        );
      const [queued] = await deliveriesOf(endpoint.id, noWorkers);
      receiver.statuses(500, 200);
      const t0 = new Date();
      let now = t0;
      const deps = webhookDeps(
        noWorkers.config,
        { db: noWorkers.db, boss: noWorkers.boss, mailSender: noWorkers.mailSender },
        { now: () => now },
      );

      expect(await attemptDelivery(deps, queued!.id)).toBe('retrying');
      const [failed] = await deliveriesOf(endpoint.id, noWorkers);
      expect(failed).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_status_code: 500,
        last_error: 'HTTP 500: answered 500',
      });
      expect(failed!.next_attempt_at!.getTime()).toBe(t0.getTime() + RETRY_DELAYS_MS[0]!);
      // The next attempt is a job of its own, due then.
      const { rows: jobs } = await sql<{ start_after: Date }>`
        SELECT start_after FROM pgboss.job
        WHERE name = 'deliver-webhook' AND data->>'deliveryId' = ${queued!.id} AND state = 'created'
        ORDER BY start_after DESC LIMIT 1`.execute(noWorkers.db);
      expect(jobs[0]!.start_after.getTime()).toBe(failed!.next_attempt_at!.getTime());

      // Not before it is due: the job is retried later.
      await expect(attemptDelivery(deps, queued!.id)).rejects.toThrow(/not due/);

      now = new Date(t0.getTime() + RETRY_DELAYS_MS[0]!);
      expect(await attemptDelivery(deps, queued!.id)).toBe('delivered');
      const [done] = await deliveriesOf(endpoint.id, noWorkers);
      expect(done).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200 });

      const attempts = receiver.requests.filter((r) => r.url === '/flaky');
      expect(attempts).toHaveLength(2);
      expect(new Set(attempts.map((a) => a.headers['webhook-id'])).size).toBe(1);
      expect(attempts.every((a) => signatureValid(secret, a))).toBe(true);
      // Delivered is final: another job for it does nothing.
      expect(await attemptDelivery(deps, queued!.id)).toBe('not pending');
      expect(receiver.requests.filter((r) => r.url === '/flaky')).toHaveLength(2);
    } finally {
      await noWorkers.close();
    }
  });

  it('retries for 24 hours on the backoff schedule, then disables the endpoint and mails its owner once', async () => {
    const noWorkers = await startTestApp(
      { ...NO_RATE_LIMITS, WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_CA_FILE: receiver.caFile },
      { workers: false },
    );
    try {
      await registerMailWorker(noWorkers.boss, noWorkers.db, noWorkers.mailSender);
      const county = await createCounty(noWorkers.db);
      const me = await subscriber(noWorkers);
      const { endpoint } = (await register(me, { url: receiver.url('/down') }, noWorkers)).json();
      const first = await createEvent(noWorkers.db, { userId: me.id, countyId: county.id });
      const second = await createEvent(noWorkers.db, { userId: me.id, countyId: county.id });
      await noWorkers.db.transaction().execute((trx) =>
        enqueueEventWebhooks(trx, noWorkers.boss, [
          { user_id: me.id, document_id: first.document_id },
          { user_id: me.id, document_id: second.document_id },
        ]),
      );
      const [one, two] = await deliveriesOf(endpoint.id, noWorkers);
      receiver.respond((_request, res) => void res.writeHead(503).end('down for maintenance'));

      const t0 = (await deliveriesOf(endpoint.id, noWorkers))[0]!.created_at.getTime();
      let now = new Date(t0);
      const deps = webhookDeps(
        noWorkers.config,
        { db: noWorkers.db, boss: noWorkers.boss, mailSender: noWorkers.mailSender },
        { now: () => now },
      );
      const waits: number[] = [];
      for (;;) {
        const result = await attemptDelivery(deps, one!.id);
        const [row] = await deliveriesOf(endpoint.id, noWorkers);
        if (result === 'failed') break;
        expect(result).toBe('retrying');
        waits.push(row!.next_attempt_at!.getTime() - now.getTime());
        now = row!.next_attempt_at!;
      }
      // 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then what is left of the 24 hours.
      expect(waits.slice(0, 6)).toEqual(RETRY_DELAYS_MS);
      expect(now.getTime() - t0).toBe(RETRY_WINDOW_MS);
      expect(waits.reduce((a, b) => a + b, 0)).toBe(RETRY_WINDOW_MS);

      const [failed] = await deliveriesOf(endpoint.id, noWorkers);
      expect(failed).toMatchObject({
        status: 'failed',
        attempts: waits.length + 1,
        last_status_code: 503,
        last_error: 'HTTP 503: down for maintenance',
        next_attempt_at: null,
      });
      const listed = await noWorkers.app.inject({
        method: 'GET',
        url: '/api/webhooks',
        headers: { cookie: me.cookie },
      });
      expect(listed.json().endpoints[0]).toMatchObject({
        status: 'disabled',
        disabledReason:
          'Every delivery failed for 24 hours; the last: HTTP 503: down for maintenance',
      });
      const mail = await waitForMail(noWorkers.db, me.email, /webhook endpoint was disabled/);
      expect(mail.text_body).toContain(receiver.url('/down'));
      expect(mail.text_body).toContain('HTTP 503: down for maintenance');

      // The other pending delivery is not sent to a disabled endpoint but held for it, and nobody
      // is mailed again.
      const before = receiver.requests.length;
      expect(await attemptDelivery(deps, two!.id)).toBe('held');
      expect(receiver.requests.length).toBe(before);
      const mails = await noWorkers.db
        .selectFrom('deliveries')
        .select('id')
        .where('kind', '=', 'webhook_disabled')
        .execute();
      expect(mails).toHaveLength(1);

      // Resending needs the endpoint enabled again.
      const resend = await noWorkers.app.inject({
        method: 'POST',
        url: `/api/webhooks/deliveries/${one!.id}/resend`,
        headers: { cookie: me.cookie, origin: noWorkers.config.appUrl },
      });
      expect(resend.statusCode).toBe(409);
      // A disabled endpoint is sent no new events: they are held for it.
      const third = await createEvent(noWorkers.db, { userId: me.id, countyId: county.id });
      const queued = await noWorkers.db
        .transaction()
        .execute((trx) =>
          enqueueEventWebhooks(trx, noWorkers.boss, [
            { user_id: me.id, document_id: third.document_id },
          ]),
        );
      expect(queued).toBe(0);
      // (one and two were queued together: the same created_at, in either order.)
      const statuses = async () =>
        Object.fromEntries(
          (await deliveriesOf(endpoint.id, noWorkers)).map((d) => [d.event_id, d.status]),
        );
      expect(await statuses()).toEqual({
        [one!.event_id!]: 'failed',
        [two!.event_id!]: 'held',
        [third.id]: 'held',
      });

      // Enabled again, the endpoint is sent what was held, oldest first, one at a time.
      receiver.statuses(200);
      const enabled = await noWorkers.app.inject({
        method: 'PATCH',
        url: `/api/webhooks/${endpoint.id}`,
        headers: { cookie: me.cookie, origin: noWorkers.config.appUrl },
        payload: { enabled: true },
      });
      expect(enabled.statusCode, enabled.body).toBe(200);
      expect(await statuses()).toMatchObject({ [two!.event_id!]: 'pending', [third.id]: 'held' });
      now = new Date();
      expect(await attemptDelivery(deps, two!.id)).toBe('delivered');
      expect(await statuses()).toMatchObject({
        [two!.event_id!]: 'delivered',
        [third.id]: 'pending',
      });
      const thirdDelivery = (await deliveriesOf(endpoint.id, noWorkers)).find(
        (d) => d.event_id === third.id,
      )!;
      expect(await attemptDelivery(deps, thirdDelivery.id)).toBe('delivered');
      expect(await statuses()).toEqual({
        [one!.event_id!]: 'failed',
        [two!.event_id!]: 'delivered',
        [third.id]: 'delivered',
      });
      const sent = receiver.requests
        .slice(before)
        .filter((r) => r.url === '/down')
        .map((r) => r.headers['webhook-id']);
      expect(sent).toEqual([`msg_${two!.event_id}`, `msg_${third.id}`]);
    } finally {
      await noWorkers.close();
    }
  });

  it('follows no redirect, reads at most 64 KiB of an answer, and gives up on a silent receiver', async () => {
    const me = await subscriber();
    const { endpoint } = await endpointFor(me, '/odd');
    const deps = (timeoutMs?: number) =>
      webhookDeps(
        t.config,
        { db: t.db, boss: t.boss, mailSender: t.mailSender },
        timeoutMs ? { timeoutMs } : {},
      );
    expect(TIMEOUT_MS).toBe(10_000);
    // Attempts made here, not by the worker: each delivery is inserted already held, a message
    // of its own.
    let messages = 0;
    const delivery = async () => {
      const row = await t.db
        .insertInto('webhook_deliveries')
        .values({
          endpoint_id: endpoint.id,
          message_id: `msg_odd_${++messages}`,
          event_type: 'event.created',
          event_id: null,
          payload: '{"type":"event.created"}',
          next_attempt_at: null,
          last_attempt_at: null,
          last_status_code: null,
          last_error: null,
          delivered_at: null,
          resent_from: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const lastError = async (id: string) =>
      await t.db
        .selectFrom('webhook_deliveries')
        .select(['last_error', 'status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    receiver.respond((request, res) => {
      if (request.url === '/odd')
        res.writeHead(302, { location: receiver.url('/elsewhere') }).end();
      else res.writeHead(200).end();
    });
    const redirected = await delivery();
    expect(await attemptDelivery(deps(), redirected)).toBe('retrying');
    expect((await lastError(redirected)).last_error).toMatch(
      /HTTP 302: a redirect, which is not followed/,
    );
    expect(receiver.requests.some((r) => r.url === '/elsewhere')).toBe(false);

    let finished: boolean | undefined;
    receiver.respond((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.on('close', () => {
        finished = res.writableFinished;
      });
      // 1 MiB in 64 KiB writes: the sender hangs up after the first.
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const write = () => {
        while (sent < 16) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', write);
        }
        res.end();
      };
      write();
    });
    const large = await delivery();
    expect(await attemptDelivery(deps(), large)).toBe('delivered');
    await waitFor('the receiver to see the connection closed', () => finished !== undefined);
    expect(finished).toBe(false);

    receiver.respond(() => undefined);
    const silent = await delivery();
    expect(await attemptDelivery(deps(300), silent)).toBe('retrying');
    expect((await lastError(silent)).last_error).toBe(
      'Could not deliver: no complete answer within 0.3 s',
    );
    receiver.statuses(204);
  });

  it('connects to the address it checked: a name is never looked up a second time', async () => {
    const me = await createSubscriber(t.db, { verified: true });
    const secret = generateSecret();
    const endpoint = await t.db
      .insertInto('webhook_endpoints')
      .values({
        user_id: me.id,
        url: `https://receiver.test:${receiver.port}/by-name`,
        event_types: ['event.created'],
        secret_sealed: seal(webhookSealingKey(t.config.sessionSecret), secret),
        disabled_at: null,
        disabled_reason: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { event } = await eventWithWebhooks(me.id);
    receiver.statuses(200);
    // receiver.test is in no DNS: only the resolver the check used knows it.
    const resolver: Resolver = async (host) =>
      host === 'receiver.test' ? [{ address: '127.0.0.1', family: 4 }] : [];
    const deps = webhookDeps(
      t.config,
      { db: t.db, boss: t.boss, mailSender: t.mailSender },
      { resolve: resolver },
    );
    // The worker tries first, with the system's resolver, and cannot resolve the name; then the
    // attempt is made due again.
    const [delivery] = await waitFor('the worker to try and fail', async () => {
      const rows = await deliveriesOf(endpoint.id);
      return rows[0]?.last_error ? rows : undefined;
    });
    expect(delivery!.last_error).toBe('Refused: receiver.test does not resolve to an address.');
    await t.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: null })
      .where('id', '=', delivery!.id)
      .execute();
    expect(await attemptDelivery(deps, delivery!.id)).toBe('delivered');
    const request = receiver.requests.find((r) => r.url === '/by-name')!;
    expect(request.headers.host).toBe(`receiver.test:${receiver.port}`);
    expect(request.headers['webhook-id']).toBe(`msg_${event.id}`);
    expect(signatureValid(secret, request)).toBe(true);
  });

  it('resends a delivery from the dashboard with the same id and body', async () => {
    const me = await subscriber();
    const { endpoint, secret } = await endpointFor(me, '/resend');
    receiver.statuses(200);
    await eventWithWebhooks(me.id);
    const [first] = await waitFor('the first delivery', async () => {
      const rows = await deliveriesOf(endpoint.id);
      return rows[0]?.status === 'delivered' ? rows : undefined;
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/deliveries/${first!.id}/resend`,
      headers: { cookie: me.cookie, origin: t.config.appUrl },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ resentFrom: first!.id, status: 'pending', attempts: 0 });
    await waitFor('the resend delivered', async () => {
      const rows = await deliveriesOf(endpoint.id);
      return rows.length === 2 && rows.every((r) => r.status === 'delivered');
    });
    const got = receiver.requests.filter((r) => r.url === '/resend');
    expect(got).toHaveLength(2);
    expect(got[1]!.headers['webhook-id']).toBe(got[0]!.headers['webhook-id']);
    expect(got[1]!.body).toBe(got[0]!.body);
    expect(signatureValid(secret, got[1]!)).toBe(true);

    const other = await subscriber();
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/deliveries/${first!.id}/resend`,
      headers: { cookie: other.cookie, origin: t.config.appUrl },
    });
    expect(stranger.statusCode).toBe(404);
  });
  it('refuses to resend a delivery still being retried, saying when its next attempt is', async () => {
    const me = await subscriber();
    const { endpoint } = await endpointFor(me, '/resend-pending');
    receiver.statuses(500, 200);
    await eventWithWebhooks(me.id);
    const [retrying] = await waitFor('the first attempt to fail', async () => {
      const rows = await deliveriesOf(endpoint.id);
      return rows[0]?.status === 'pending' && rows[0].last_status_code === 500 ? rows : undefined;
    });
    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/webhooks/deliveries/${retrying!.id}/resend`,
        headers: { cookie: me.cookie, origin: t.config.appUrl },
      });
    // Resent now, the receiver would get the message twice: the resend, then the retry.
    const refused = await resend();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      `This delivery is still being retried: its next attempt is at ${countyDateTime(retrying!.next_attempt_at!)}. Resend it once it has failed or been delivered.`,
    );
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);

    // The retry delivers it, once; then it may be resent.
    await waitFor('the retry delivered', async () => {
      const rows = await deliveriesOf(endpoint.id);
      return rows[0]?.status === 'delivered';
    });
    expect(receiver.requests.filter((r) => r.url === '/resend-pending')).toHaveLength(2);
    expect((await resend()).statusCode).toBe(202);
  });
});

describe('what is sent for which event', () => {
  it('sends each new event once to each endpoint that asked for event.created (held for a disabled one), and nothing found on record or hidden', async () => {
    const me = await subscriber();
    const wants = await endpointFor(me, '/wants');
    const disabled = await endpointFor(me, '/off');
    const other = await register(me, {
      url: receiver.url('/later-kinds'),
      eventTypes: ['event.level_changed', 'case.status_changed'],
    });
    expect(other.statusCode).toBe(201);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${disabled.endpoint.id}`,
      headers: { cookie: me.cookie, origin: t.config.appUrl },
      payload: { enabled: false },
    });
    expect(off.json()).toMatchObject({ status: 'disabled', disabledReason: 'Disabled by you.' });

    const { event, queued } = await eventWithWebhooks(me.id);
    expect(queued).toBe(1);
    // The matcher's retry or a second call queues nothing more.
    const again = await t.db
      .transaction()
      .execute((trx) =>
        enqueueEventWebhooks(trx, t.boss, [{ user_id: me.id, document_id: event.document_id }]),
      );
    expect(again).toBe(0);

    const onRecord = await createEvent(t.db, { userId: me.id, countyId });
    await t.db
      .updateTable('events')
      .set({ on_record: true })
      .where('id', '=', onRecord.id)
      .execute();
    const hidden = await createEvent(t.db, { userId: me.id, countyId, name: 'DOE JANE' });
    await t.db
      .updateTable('events')
      .set({ tier: 'possible' })
      .where('id', '=', hidden.id)
      .execute();
    await t.db
      .updateTable('name_subscriptions')
      .set({ possible_matches: 'hide' })
      .where('user_id', '=', me.id)
      .where('name', '=', 'DOE JANE')
      .execute();
    const none = await t.db.transaction().execute((trx) =>
      enqueueEventWebhooks(trx, t.boss, [
        { user_id: me.id, document_id: onRecord.document_id },
        { user_id: me.id, document_id: hidden.document_id },
      ]),
    );
    expect(none).toBe(0);

    // A user without endpoints costs nothing and gets nothing.
    const plain = await createSubscriber(t.db, { verified: true });
    const theirs = await createEvent(t.db, { userId: plain.id, countyId });
    expect(
      await t.db
        .transaction()
        .execute((trx) =>
          enqueueEventWebhooks(trx, t.boss, [
            { user_id: plain.id, document_id: theirs.document_id },
          ]),
        ),
    ).toBe(0);

    expect((await deliveriesOf(wants.endpoint.id)).map((d) => d.event_id)).toEqual([event.id]);
    // The disabled endpoint's is recorded, held for when it is enabled again.
    expect(
      (await deliveriesOf(disabled.endpoint.id)).map((d) => [d.event_id, d.status, d.attempts]),
    ).toEqual([[event.id, 'held', 0]]);
    expect(await deliveriesOf(other.json().endpoint.id)).toEqual([]);
  });
});

describe('level changes and case status changes', () => {
  /** A request the receiver got at `path`, the `n`th (from 1). */
  const nthAt = (path: string, n: number) =>
    waitFor(
      `request ${n} at ${path}`,
      () => receiver.requests.filter((r) => r.url === path)[n - 1],
    );

  it("sends event.level_changed when staff change the level of an event's document type, once per change", async () => {
    receiver.statuses(200);
    const county = await createCounty(t.db, { name: 'Relevel', code: 'RLV' });
    const me = await subscriber();
    const hook = await register(me, {
      url: receiver.url('/levels'),
      eventTypes: ['event.level_changed'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const { endpoint, secret } = hook.json() as { endpoint: { id: string }; secret: string };
    const createdOnly = await endpointFor(me, '/levels-created-only');
    const event = await createEvent(t.db, { userId: me.id, countyId: county.id });
    // Changed too, but found on record by a history check: not sent.
    const onRecord = await createEvent(t.db, { userId: me.id, countyId: county.id });
    await t.db
      .updateTable('events')
      .set({ on_record: true })
      .where('id', '=', onRecord.id)
      .execute();
    // Another subscriber's event changes; they asked for nothing.
    const plain = await createSubscriber(t.db, { verified: true });
    await createEvent(t.db, { userId: plain.id, countyId: county.id });

    const admin = await createStaff(t.db, 'admin');
    const adminCookie = await signInStaff(t, admin.email);
    const save = (levelOverrides: object[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/counties/update',
        headers: { cookie: adminCookie, origin: t.config.appUrl },
        payload: countyForm(county, { levelOverrides }),
      });
    const raised = await save([
      { documentType: 'GRANT DEED', subject: 'grantee', level: 'act_now' },
    ]);
    expect(raised.statusCode, raised.body).toBe(200);

    const first = await nthAt('/levels', 1);
    expect(signatureValid(secret, first)).toBe(true);
    expect(JSON.parse(first.body)).toMatchObject({
      type: 'event.level_changed',
      data: {
        eventId: event.id,
        level: 'act_now',
        previousLevel: 'check',
        tier: 'exact',
        guarded: { kind: 'name', value: 'SMITH JOHN' },
        document: { county: 'Relevel', documentType: 'GRANT DEED' },
      },
    });

    // Back to the default: a second message, of an id of its own.
    expect((await save([])).statusCode).toBe(200);
    const second = await nthAt('/levels', 2);
    expect(JSON.parse(second.body)).toMatchObject({
      type: 'event.level_changed',
      data: { eventId: event.id, level: 'check', previousLevel: 'act_now' },
    });
    expect(second.headers['webhook-id']).not.toBe(first.headers['webhook-id']);

    const sent = await deliveriesOf(endpoint.id);
    expect(sent.map((d) => [d.event_type, d.event_id])).toEqual([
      ['event.level_changed', event.id],
      ['event.level_changed', event.id],
    ]);
    expect(await deliveriesOf(createdOnly.endpoint.id)).toEqual([]);
  });

  it('sends case.status_changed when staff move a fraud report forward, once per status', async () => {
    receiver.statuses(200);
    const me = await subscriber();
    const hook = await register(me, {
      url: receiver.url('/cases'),
      eventTypes: ['case.status_changed'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const { endpoint, secret } = hook.json() as { endpoint: { id: string }; secret: string };
    const createdOnly = await endpointFor(me, '/cases-created-only');
    const event = await createEvent(t.db, { userId: me.id, countyId });
    const filed = await fileCase(me, event, 'act_now');
    const support = await createStaff(t.db, 'customersupport');
    const supportCookie = await signInStaff(t, support.email);
    const setStatus = (status: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/cases/${filed.id}/status`,
        headers: { cookie: supportCookie, origin: t.config.appUrl },
        payload: { status },
      });

    expect((await setStatus('contacted')).statusCode).toBe(200);
    const contacted = await nthAt('/cases', 1);
    expect(signatureValid(secret, contacted)).toBe(true);
    expect(contacted.headers['webhook-id']).toBe(`msg_case_${filed.id}_contacted`);
    expect(JSON.parse(contacted.body)).toMatchObject({
      type: 'case.status_changed',
      data: {
        caseId: filed.id,
        // A string, as the REST API gives it.
        caseNumber: String(filed.case_number),
        status: 'contacted',
        previousStatus: 'open',
        eventId: event.id,
        document: { county: 'Hooks', documentType: 'GRANT DEED' },
      },
    });
    // Refused (a case never moves back): nothing sent.
    expect((await setStatus('open')).statusCode).toBe(409);
    expect((await setStatus('closed')).statusCode).toBe(200);
    const closed = await nthAt('/cases', 2);
    expect(closed.headers['webhook-id']).toBe(`msg_case_${filed.id}_closed`);
    expect(JSON.parse(closed.body)).toMatchObject({
      data: { status: 'closed', previousStatus: 'contacted' },
    });
    expect((await deliveriesOf(endpoint.id)).map((d) => d.message_id)).toEqual([
      `msg_case_${filed.id}_contacted`,
      `msg_case_${filed.id}_closed`,
    ]);
    expect(await deliveriesOf(createdOnly.endpoint.id)).toEqual([]);
  });
});

describe('an endpoint disabled and enabled again', () => {
  it('is sent, in order, the messages raised while it was disabled', async () => {
    const county = await createCounty(t.db, { name: 'Held', code: 'HLD' });
    const me = await subscriber();
    const hook = await register(me, {
      url: receiver.url('/held'),
      eventTypes: ['event.created', 'event.level_changed'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const { endpoint, secret } = hook.json() as { endpoint: { id: string }; secret: string };
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/webhooks/${endpoint.id}`,
        headers: { cookie: me.cookie, origin: t.config.appUrl },
        payload,
      });
    expect((await patch({ enabled: false })).statusCode).toBe(200);

    // While it is disabled: a new event, then staff change its level.
    const event = await createEvent(t.db, { userId: me.id, countyId: county.id });
    const queued = await t.db
      .transaction()
      .execute((trx) =>
        enqueueEventWebhooks(trx, t.boss, [{ user_id: me.id, document_id: event.document_id }]),
      );
    expect(queued).toBe(0);
    const admin = await createStaff(t.db, 'admin');
    const raised = await t.app.inject({
      method: 'POST',
      url: '/api/admin/counties/update',
      headers: { cookie: await signInStaff(t, admin.email), origin: t.config.appUrl },
      payload: countyForm(county, {
        levelOverrides: [{ documentType: 'GRANT DEED', subject: 'grantee', level: 'act_now' }],
      }),
    });
    expect(raised.statusCode, raised.body).toBe(200);

    // Both are in the list, held, and nothing was sent.
    const list = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/webhooks/${endpoint.id}/deliveries`,
        headers: { cookie: me.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { deliveries: { eventType: string; status: string }[] }).deliveries;
    };
    expect(await list()).toEqual([
      expect.objectContaining({
        eventType: 'event.level_changed',
        eventId: event.id,
        status: 'held',
        attempts: 0,
        nextAttemptAt: null,
      }),
      expect.objectContaining({
        eventType: 'event.created',
        eventId: event.id,
        status: 'held',
        attempts: 0,
        nextAttemptAt: null,
      }),
    ]);
    expect(receiver.requests.filter((r) => r.url === '/held')).toEqual([]);

    // Enabled again: the event first, then its level change, though the receiver is slow to
    // answer the first.
    receiver.respond((request, res) => {
      const answer = () => void res.writeHead(204).end();
      if (request.body.includes('"event.created"')) setTimeout(answer, 300);
      else answer();
    });
    try {
      expect((await patch({ enabled: true })).statusCode).toBe(200);
      await waitFor('both delivered', async () =>
        (await list()).every((d) => d.status === 'delivered'),
      );
    } finally {
      receiver.statuses(204);
    }
    const got = receiver.requests.filter((r) => r.url === '/held');
    expect(got.map((r) => JSON.parse(r.body).type)).toEqual([
      'event.created',
      'event.level_changed',
    ]);
    expect(got.every((r) => signatureValid(secret, r))).toBe(true);
    expect(JSON.parse(got[1]!.body)).toMatchObject({
      data: { eventId: event.id, level: 'act_now', previousLevel: 'check' },
    });
  });
});

describe('what the API document says of webhooks', () => {
  type Webhooks = Record<
    string,
    { post: { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } } }
  >;

  it('holds the schema of every message the code sends: as delivered, with each field that may be null', async () => {
    receiver.statuses(200);
    const me = await subscriber();
    const hook = await register(me, {
      url: receiver.url('/documented'),
      eventTypes: ['event.created', 'event.level_changed', 'case.status_changed'],
    });
    expect(hook.statusCode, hook.body).toBe(201);

    // A guarded name's event, and a guarded parcel's, which has no party and no namesakes.
    const event = await createEvent(t.db, { userId: me.id, countyId });
    const parcel = await t.db
      .insertInto('apn_subscriptions')
      .values({
        user_id: me.id,
        county_id: countyId,
        apn: '012-0345-006-0000',
        apn_key: '01203450060000',
        activated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const parcelEvent = await t.db
      .insertInto('events')
      .values({
        user_id: me.id,
        document_id: event.document_id,
        name_subscription_id: null,
        apn_subscription_id: parcel.id,
        match_kind: 'apn',
        matched_value: '012-0345-006-0000',
        party_role: null,
        is_exact: true,
        tier: 'exact',
        confidence: 1,
        namesakes: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const at = new Date();
    const filed = await fileCase(me, event, 'check');
    const change = {
      caseId: filed.id,
      caseNumber: String(filed.case_number),
      userId: me.id,
      eventId: event.id,
      status: 'contacted' as const,
      previousStatus: 'open' as const,
      county: 'Hooks',
      documentNumber: '2026-0123456',
      documentType: 'GRANT DEED',
      recordedAt: at,
    };
    await t.db.transaction().execute(async (trx) => {
      await enqueueEventWebhooks(trx, t.boss, [{ user_id: me.id, document_id: event.document_id }]);
      await enqueueLevelChangeWebhooks(
        trx,
        t.boss,
        [
          { eventId: event.id, previousLevel: 'act_now' },
          { eventId: parcelEvent.id, previousLevel: 'records' },
        ],
        at,
      );
      await enqueueCaseStatusWebhooks(trx, t.boss, change, at);
    });
    // Both events' event.created, their level changes and the case.
    const sent = await waitFor('the five messages at the receiver', () => {
      const got = receiver.requests.filter((r) => r.url === '/documented');
      return got.length >= 5 ? got : undefined;
    });
    const bodies = sent.map((r) => r.body);
    // A case whose event was since deleted, which no delivery above tells of.
    bodies.push(caseStatusChangedPayload({ ...change, eventId: null, status: 'closed' }, at));

    const webhooks = (t.app.swagger() as { webhooks: Webhooks }).webhooks;
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const body of bodies) {
      const message = JSON.parse(body) as { type: string };
      seen.add(message.type);
      const schema = webhooks[message.type]?.post.requestBody.content['application/json']?.schema;
      if (!schema) {
        problems.push(`${message.type}: not in the document`);
        continue;
      }
      const { check, close } = await jsonSchemaCheck(schema);
      const error = await check(message).finally(close);
      if (error) problems.push(`${message.type}: ${error} in ${body}`);
    }
    expect(problems).toEqual([]);
    expect([...seen].sort()).toEqual([
      'case.status_changed',
      'event.created',
      'event.level_changed',
    ]);
    // The nullable fields were sent as null, so the schema was tried on them.
    expect(bodies.map((b) => JSON.parse(b).data)).toContainEqual(
      expect.objectContaining({
        partyRole: null,
        namesakes: null,
        guarded: expect.objectContaining({ kind: 'property' }),
      }),
    );
  });
});
