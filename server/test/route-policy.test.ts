import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../src/engine/ingest/ingest.repository.ts';
import { matchDocuments } from '../src/engine/matching/match.service.ts';
import { nameKey } from '../src/keys/normalize.ts';
import { reportEvent } from '../src/modules/cases/cases.service.ts';
import { createToken } from '../src/modules/tokens/tokens.service.ts';
import { insertNameSubscriptions } from '../src/modules/user/user.repository.ts';
import {
  addNotificationMethod,
  createCounty,
  createStaff,
  createSubscriber,
} from './helpers/factories.ts';
import { signInStaff, signInSubscriber } from './helpers/sign-in.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

// Every route the app registers, called as each kind of caller against a declared policy: no
// caller gets a 2xx the policy does not give them, nobody gets a 5xx, and a route missing from
// the table fails the test. Subscriber A's calls name subscriber B's resources.

type Policy =
  /** Anyone. */
  | 'public'
  /** Any signed-in user, acting on their own account. */
  | 'signed-in'
  /** Subscribers, acting on their own account; staff get a 403. */
  | 'subscriber'
  /** Only the owner of the resource the call names (B); everyone here gets a 4xx. */
  | 'owner'
  /** The owner, and staff (who help subscribers with their documents). */
  | 'owner-or-staff'
  | 'staff'
  | 'admin';

type Caller = 'anonymous' | 'subscriber' | 'customersupport' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'subscriber', 'customersupport', 'admin'];

type Ids = {
  b: {
    id: string;
    subscriptionId: string;
    methodId: string;
    phoneMethodId: string;
    eventId: string;
    container: string;
    file: string;
    tokenId: string;
    webhookId: string;
    spareWebhookId: string;
    webhookDeliveryId: string;
    caseId: string;
    contactId: string;
  };
  countyId: number;
  countyName: string;
};
type Call = { url: string; payload?: unknown; replacesSession?: boolean };

const ANY = '00000000-0000-4000-8000-000000000000';

/** Each route: who may get a 2xx, and a well-formed request naming B's resources. */
const ROUTES: Record<string, { policy: Policy; call: (ids: Ids) => Call }> = {
  'GET /docs': { policy: 'public', call: () => ({ url: '/docs' }) },
  'GET /docs/static/index.html': {
    policy: 'public',
    call: () => ({ url: '/docs/static/index.html' }),
  },
  'GET /docs/static/swagger-initializer.js': {
    policy: 'public',
    call: () => ({ url: '/docs/static/swagger-initializer.js' }),
  },
  'GET /docs/json': { policy: 'public', call: () => ({ url: '/docs/json' }) },
  'GET /docs/yaml': { policy: 'public', call: () => ({ url: '/docs/yaml' }) },
  'GET /docs/static/*': { policy: 'public', call: () => ({ url: '/docs/static/swagger-ui.css' }) },
  'GET /healthz': { policy: 'public', call: () => ({ url: '/healthz' }) },
  'GET /readyz': { policy: 'public', call: () => ({ url: '/readyz' }) },
  // Prometheus's scrape: open unless METRICS_TOKEN is set (metrics.test.ts covers the token).
  'GET /metrics': { policy: 'public', call: () => ({ url: '/metrics' }) },
  'GET /api/config': { policy: 'public', call: () => ({ url: '/api/config' }) },
  'GET /api/config/notifications': {
    policy: 'public',
    call: () => ({ url: '/api/config/notifications' }),
  },
  // Twilio's webhooks: anyone may post, and only Twilio's signature is taken (sms.test.ts).
  'POST /api/sms/twilio/inbound': {
    policy: 'public',
    call: () => ({
      url: '/api/sms/twilio/inbound',
      payload: { From: '+19165550142', Body: 'STOP' },
    }),
  },
  'POST /api/sms/twilio/status': {
    policy: 'public',
    call: () => ({
      url: '/api/sms/twilio/status',
      payload: { MessageSid: 'SM0', MessageStatus: 'delivered' },
    }),
  },
  'POST /api/admin/auth/login': {
    policy: 'public',
    call: () => ({
      url: '/api/admin/auth/login',
      payload: { email: 'nobody@example.com', password: 'x' },
    }),
  },
  'POST /api/auth/login': {
    policy: 'public',
    call: () => ({ url: '/api/auth/login?email=nobody%40example.com' }),
  },
  'POST /api/auth/code': { policy: 'public', call: () => ({ url: '/api/auth/code?code=forged' }) },
  'POST /api/auth/verify-email': {
    policy: 'public',
    call: () => ({ url: '/api/auth/verify-email?code=forged' }),
  },
  'POST /api/auth/verify-sms': {
    policy: 'public',
    call: () => ({ url: '/api/auth/verify-sms?code=forged' }),
  },
  'POST /api/auth/me': { policy: 'signed-in', call: () => ({ url: '/api/auth/me' }) },
  'GET /api/user/events': { policy: 'signed-in', call: () => ({ url: '/api/user/events' }) },
  // Signing out without a session does nothing and says so with a 200.
  'GET /api/auth/logout': {
    policy: 'public',
    call: () => ({ url: '/api/auth/logout', replacesSession: true }),
  },
  'POST /api/admin/impersonate': {
    policy: 'staff',
    call: (ids) => ({
      url: '/api/admin/impersonate',
      payload: { userId: ids.b.id },
      replacesSession: true,
    }),
  },
  'GET /api/search/name': {
    policy: 'public',
    call: (ids) => ({ url: `/api/search/name?SearchTerm=SMI&County=${ids.countyName}` }),
  },
  'GET /api/search/street': {
    policy: 'public',
    call: (ids) => ({ url: `/api/search/street?SearchTerm=MAIN&County=${ids.countyName}` }),
  },
  'GET /api/search/address': {
    policy: 'public',
    call: (ids) => ({ url: `/api/search/address?SearchTerm=12&County=${ids.countyName}` }),
  },
  'GET /api/search/apn': {
    policy: 'public',
    call: (ids) => ({ url: `/api/search/apn?SearchTerm=012&County=${ids.countyName}` }),
  },
  'POST /api/user/register': {
    policy: 'public',
    call: () => ({
      url: '/api/user/register',
      payload: { email: `policy-${Math.random().toString(36).slice(2)}@example.com` },
    }),
  },
  'POST /api/user/subscriptions/apns/list/add': {
    policy: 'signed-in',
    call: (ids) => ({
      url: '/api/user/subscriptions/apns/list/add',
      payload: {
        guardApnSubscriptions: [
          { county: ids.countyName, apn: '012-0345-006-0000', description: '' },
        ],
      },
    }),
  },
  'POST /api/user/subscriptions/names/list/add': {
    policy: 'signed-in',
    call: (ids) => ({
      url: '/api/user/subscriptions/names/list/add',
      payload: { guardNameSubscriptions: [{ county: ids.countyName, name: 'POLICY NAME' }] },
    }),
  },
  'POST /api/user/subscriptions/remove': {
    policy: 'owner',
    call: (ids) => ({
      url: '/api/user/subscriptions/remove',
      payload: { guardRecordSubscriptionType: 'Name', guardSubscriptionId: ids.b.subscriptionId },
    }),
  },
  'POST /api/user/notifications/add': {
    policy: 'signed-in',
    call: () => ({
      url: '/api/user/notifications/add',
      payload: {
        email: `extra-${Math.random().toString(36).slice(2)}@example.com`,
        notificationMethodType: 'Email',
      },
    }),
  },
  'POST /api/user/notifications/remove': {
    policy: 'owner',
    call: (ids) => ({
      url: '/api/user/notifications/remove',
      payload: { notificationMethodId: ids.b.methodId },
    }),
  },
  'POST /api/user/notifications/verify/resend': {
    policy: 'owner',
    call: (ids) => ({
      url: '/api/user/notifications/verify/resend',
      payload: { notificationMethodId: ids.b.methodId },
    }),
  },
  'POST /api/user/notifications/texts': {
    policy: 'owner',
    call: (ids) => ({
      url: '/api/user/notifications/texts',
      payload: { notificationMethodId: ids.b.phoneMethodId, checkLevel: true },
    }),
  },
  // Any signed-in user chooses the language of their own account; there is nothing to name.
  'POST /api/user/language': {
    policy: 'signed-in',
    call: () => ({ url: '/api/user/language', payload: { language: 'es' } }),
  },
  'POST /api/user/events/archive': {
    policy: 'owner',
    call: (ids) => ({ url: '/api/user/events/archive', payload: { eventId: ids.b.eventId } }),
  },
  'PUT /api/user/names/:id/possible-matches': {
    policy: 'owner',
    call: (ids) => ({
      url: `/api/user/names/${ids.b.subscriptionId}/possible-matches`,
      payload: { possibleMatches: 'hide' },
    }),
  },
  'POST /api/user/events/:id/recognise': {
    policy: 'owner',
    call: (ids) => ({ url: `/api/user/events/${ids.b.eventId}/recognise` }),
  },
  'POST /api/user/events/:id/report': {
    policy: 'owner',
    call: (ids) => ({
      url: `/api/user/events/${ids.b.eventId}/report`,
      payload: {
        problem: 'did_not_sign',
        statement: 'Not mine: I never signed it.',
        contactEmail: 'policy@example.com',
        preferredContact: 'email',
      },
    }),
  },
  'GET /api/user/cases/:id/packet': {
    policy: 'owner',
    call: (ids) => ({ url: `/api/user/cases/${ids.b.caseId}/packet` }),
  },
  'POST /api/user/trusted-contacts': {
    policy: 'signed-in',
    call: () => ({
      url: '/api/user/trusted-contacts',
      payload: { email: `contact-${Math.random().toString(36).slice(2)}@example.com` },
    }),
  },
  'DELETE /api/user/trusted-contacts/:id': {
    policy: 'owner',
    call: (ids) => ({ url: `/api/user/trusted-contacts/${ids.b.contactId}` }),
  },
  'POST /api/trusted-contacts/accept': {
    policy: 'public',
    call: () => ({ url: `/api/trusted-contacts/accept?code=${'A'.repeat(43)}` }),
  },
  'POST /api/trusted-contacts/stop': {
    policy: 'public',
    call: () => ({ url: `/api/trusted-contacts/stop?code=${'A'.repeat(43)}` }),
  },
  'GET /api/tokens': { policy: 'subscriber', call: () => ({ url: '/api/tokens' }) },
  'POST /api/tokens': {
    policy: 'subscriber',
    call: () => ({ url: '/api/tokens', payload: { name: 'policy', scopes: ['read'] } }),
  },
  'DELETE /api/tokens/:id': {
    policy: 'owner',
    call: (ids) => ({ url: `/api/tokens/${ids.b.tokenId}` }),
  },
  'GET /api/webhooks': { policy: 'subscriber', call: () => ({ url: '/api/webhooks' }) },
  'POST /api/webhooks': {
    policy: 'subscriber',
    call: () => ({
      url: '/api/webhooks',
      payload: { url: 'https://93.184.215.14/policy', eventTypes: ['event.created'] },
    }),
  },
  'PATCH /api/webhooks/:id': {
    policy: 'owner',
    call: (ids) => ({
      url: `/api/webhooks/${ids.b.webhookId}`,
      payload: { description: 'policy' },
    }),
  },
  'DELETE /api/webhooks/:id': {
    policy: 'owner',
    call: (ids) => ({ url: `/api/webhooks/${ids.b.spareWebhookId}` }),
  },
  'GET /api/webhooks/:id/deliveries': {
    policy: 'owner',
    call: (ids) => ({ url: `/api/webhooks/${ids.b.webhookId}/deliveries` }),
  },
  'POST /api/webhooks/deliveries/:id/resend': {
    policy: 'owner',
    call: (ids) => ({ url: `/api/webhooks/deliveries/${ids.b.webhookDeliveryId}/resend` }),
  },
  'GET /api/document/download': {
    policy: 'owner-or-staff',
    call: (ids) => ({
      url: `/api/document/download?containerName=${ids.b.container}&fileName=${ids.b.file}`,
    }),
  },
  'GET /api/admin/metrics': { policy: 'staff', call: () => ({ url: '/api/admin/metrics' }) },
  'GET /api/admin/users': { policy: 'staff', call: () => ({ url: '/api/admin/users' }) },
  'GET /api/admin/counties': { policy: 'admin', call: () => ({ url: '/api/admin/counties' }) },
  'POST /api/admin/counties/update': {
    policy: 'admin',
    call: (ids) => ({
      url: '/api/admin/counties/update',
      payload: {
        id: ids.countyId,
        name: ids.countyName,
        code: 'POL',
        uiMask: '000-0000-000-0000',
        dataMask: '00000000000000',
        format: '012-0345-006-0000',
        linkUrl: 'https://recorder.example.gov',
        alertSendGridEmailTemplateId: '',
        isEnabled: true,
      },
    }),
  },
  'GET /api/admin/levels/defaults': {
    policy: 'admin',
    call: () => ({ url: '/api/admin/levels/defaults' }),
  },
  'GET /api/admin/cases': { policy: 'staff', call: () => ({ url: '/api/admin/cases' }) },
  'GET /api/admin/cases/:id': {
    policy: 'staff',
    call: (ids) => ({ url: `/api/admin/cases/${ids.b.caseId}` }),
  },
  'POST /api/admin/cases/:id/status': {
    policy: 'staff',
    call: (ids) => ({
      url: `/api/admin/cases/${ids.b.caseId}/status`,
      payload: { status: 'contacted' },
    }),
  },
  'POST /api/admin/cases/:id/notes': {
    policy: 'staff',
    call: (ids) => ({
      url: `/api/admin/cases/${ids.b.caseId}/notes`,
      payload: { note: 'Policy note.' },
    }),
  },
  'GET /api/admin/cases/:id/packet': {
    policy: 'staff',
    call: (ids) => ({ url: `/api/admin/cases/${ids.b.caseId}/packet` }),
  },
  'GET /api/admin/audit': { policy: 'admin', call: () => ({ url: '/api/admin/audit' }) },
  'POST /api/admin/resend-welcome': {
    policy: 'staff',
    call: (ids) => ({ url: '/api/admin/resend-welcome', payload: { userId: ids.b.id } }),
  },
  'GET /api/admin/jobs/summary': {
    policy: 'admin',
    call: () => ({ url: '/api/admin/jobs/summary' }),
  },
  'POST /api/admin/jobs/retry-failed': {
    policy: 'admin',
    call: () => ({ url: '/api/admin/jobs/retry-failed', payload: { queue: 'send-mail' } }),
  },
  'POST /api/admin/match/explain': {
    policy: 'staff',
    call: (ids) => ({
      url: '/api/admin/match/explain',
      payload: {
        county: ids.countyName,
        kind: 'name',
        guarded: 'SMITH JOHN',
        candidate: 'SMITH JOHN A',
      },
    }),
  },
  // The dev mail viewer exists only with the outbox transport (MAIL_TRANSPORT=outbox): development.
  'GET /dev/mail.json': { policy: 'public', call: () => ({ url: '/dev/mail.json' }) },
  'GET /dev/mail': { policy: 'public', call: () => ({ url: '/dev/mail' }) },
  'GET /dev/mail/:id': { policy: 'public', call: () => ({ url: `/dev/mail/${ANY}` }) },
  'GET /dev/mail/:id/attachments/:attachmentId': {
    policy: 'public',
    call: () => ({ url: `/dev/mail/${ANY}/attachments/${ANY}` }),
  },
  ...Object.fromEntries(
    ['GET', 'POST'].flatMap((method) => [
      [`${method} /admin/jobs`, { policy: 'admin' as const, call: () => ({ url: '/admin/jobs' }) }],
      [
        `${method} /admin/jobs/*`,
        { policy: 'admin' as const, call: () => ({ url: '/admin/jobs/api/queues' }) },
      ],
    ]),
  ),
};

const allowed = (policy: Policy, caller: Caller) =>
  policy === 'public' ||
  (policy === 'signed-in' && caller !== 'anonymous') ||
  (policy === 'subscriber' && caller === 'subscriber') ||
  ((policy === 'staff' || policy === 'owner-or-staff') &&
    (caller === 'customersupport' || caller === 'admin')) ||
  (policy === 'admin' && caller === 'admin');

describe('every route against its declared policy', () => {
  let t: TestApp;
  let ids: Ids;
  const emails = {} as Record<Exclude<Caller, 'anonymous'>, string>;
  const cookies = {} as Record<Exclude<Caller, 'anonymous'>, string>;

  const signIn = (caller: Exclude<Caller, 'anonymous'>) =>
    caller === 'subscriber' ? signInSubscriber(t, emails[caller]) : signInStaff(t, emails[caller]);

  beforeAll(async () => {
    t = await startTestApp();
    const county = await createCounty(t.db, { name: 'Policy', code: 'POL' });
    const b = await createSubscriber(t.db, { verified: true });
    const second = await addNotificationMethod(t.db, b.id, {
      type: 'Email',
      address: 'b-second@example.com',
    });
    const phone = await addNotificationMethod(t.db, b.id, {
      type: 'SMS',
      address: '+19165550199',
      verified: true,
    });
    await insertNameSubscriptions(
      t.db,
      b.id,
      [
        {
          countyId: county.id,
          name: 'SMITH JOHN',
          nameKey: nameKey('SMITH JOHN'),
          tokens: ['SMITH', 'JOHN'],
        },
      ],
      new Date(Date.now() - 60_000),
    );
    const subscription = await t.db
      .selectFrom('name_subscriptions')
      .select('id')
      .where('user_id', '=', b.id)
      .executeTakeFirstOrThrow();
    const documentId = await insertDocument(t.db, {
      countyId: county.id,
      documentNumber: 'POL-1',
      documentType: 'GRANT DEED',
      recordedAt: new Date(),
      container: 'POL',
      fileName: 'POL-1.pdf',
      pageCount: 1,
      pdfError: null,
      text: '',
      parties: [
        {
          role: 'grantor',
          name: 'SMITH JOHN',
          nameKey: 'SMITH JOHN',
          matchKey: 'SMITH JOHN',
          nameKind: 'person',
          suffix: '',
          readings: [],
        },
      ],
      parcels: [],
    });
    await t.engine.blobs.put('POL', 'POL-1.pdf', new TextEncoder().encode('%PDF-1.7 B only'));
    await matchDocuments(t.db, t.boss, [documentId!]);
    const event = await t.db
      .selectFrom('events')
      .select('id')
      .where('user_id', '=', b.id)
      .executeTakeFirstOrThrow();
    // B's token, webhook endpoints (one to delete) and a delivery. The endpoint's address is
    // a documentation one: a resent delivery is refused before any connection.
    const bToken = await createToken(
      t.db,
      { userId: b.id, impersonatorId: null },
      { name: 'B', scopes: ['read'] },
    );
    const [webhook, spareWebhook] = await t.db
      .insertInto('webhook_endpoints')
      .values(
        ['https://192.0.2.10/b', 'https://192.0.2.10/b-spare'].map((url) => ({
          user_id: b.id,
          url,
          event_types: ['event.created' as const],
          secret_sealed: 'unused',
          disabled_at: null,
          disabled_reason: null,
        })),
      )
      .returning('id')
      .execute();
    const webhookDelivery = await t.db
      .insertInto('webhook_deliveries')
      .values({
        endpoint_id: webhook!.id,
        message_id: 'msg_policy',
        event_type: 'event.created',
        event_id: event.id,
        payload: '{}',
        status: 'delivered',
        next_attempt_at: null,
        last_attempt_at: null,
        last_status_code: 200,
        last_error: null,
        delivered_at: new Date(),
        resent_from: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // B's case on the document, and B's trusted contact.
    const bCase = await reportEvent(
      { db: t.db, mailSender: t.mailSender, brand: t.engine.brand, blobs: t.engine.blobs },
      { userId: b.id, impersonatorId: null },
      event.id,
      {
        problem: 'other',
        statement: 'B reports the document as not theirs.',
        contactEmail: '',
        contactPhone: '',
        preferredContact: 'email',
      },
    );
    const bContact = await t.db
      .insertInto('trusted_contacts')
      .values({ user_id: b.id, email: 'b-contact@example.com', name: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids = {
      b: {
        id: b.id,
        subscriptionId: subscription.id,
        methodId: second.id,
        phoneMethodId: phone.id,
        eventId: event.id,
        container: 'POL',
        file: 'POL-1.pdf',
        tokenId: bToken.token.id,
        webhookId: webhook!.id,
        spareWebhookId: spareWebhook!.id,
        webhookDeliveryId: webhookDelivery.id,
        caseId: bCase.id,
        contactId: bContact.id,
      },
      countyId: county.id,
      countyName: county.name,
    };
    emails.subscriber = (await createSubscriber(t.db, { verified: true })).email;
    emails.customersupport = (await createStaff(t.db, 'customersupport')).email;
    emails.admin = (await createStaff(t.db, 'admin')).email;
    for (const caller of ['subscriber', 'customersupport', 'admin'] as const)
      cookies[caller] = await signIn(caller);
  });
  afterAll(() => t.close());

  it('has a policy for every registered route, and no policy for a route that is gone', () => {
    const registered = t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(registered.filter((r) => !(r in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((r) => !registered.includes(r))).toEqual([]);
  });

  it('has every API route declare who may call it, for the access guard to check', () => {
    const api = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(0);
    expect(api.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`)).toEqual(
      [],
    );
    // Staff and admin pages outside the API are guarded the same way.
    expect(
      t.app.registeredRoutes.filter((r) => r.url.startsWith('/admin/')).map((r) => r.access),
    ).toEqual(['admin', 'admin', 'admin', 'admin']);
  });

  it('gives no caller a 2xx its policy does not allow, and nobody a 5xx', async () => {
    const unexpected: string[] = [];
    let calls = 0;
    for (const [route, { policy, call }] of Object.entries(ROUTES)) {
      const method = route.slice(0, route.indexOf(' '));
      for (const caller of CALLERS) {
        const request = call(ids);
        let cookie: string | undefined;
        if (caller !== 'anonymous') {
          // Calls that end or switch the session get a session of their own.
          cookie = request.replacesSession ? await signIn(caller) : cookies[caller];
        }
        const res = await t.app.inject({
          method: method as 'GET',
          url: request.url,
          headers: { origin: t.config.appUrl, ...(cookie ? { cookie } : {}) },
          ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
        });
        calls++;
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        if (res.statusCode >= 500)
          unexpected.push(`${route} as ${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (ok && !allowed(policy, caller))
          unexpected.push(`${route} as ${caller}: ${res.statusCode} (policy ${policy})`);
        else if (!ok && !allowed(policy, caller) && !policy.startsWith('owner')) {
          // Refused the way the API promises: 401 without a session, 403 for the wrong role.
          const expected = caller === 'anonymous' ? 401 : 403;
          if (res.statusCode !== expected)
            unexpected.push(`${route} as ${caller}: ${res.statusCode}, expected ${expected}`);
        }
      }
    }
    console.log(
      `route policy: ${Object.keys(ROUTES).length} routes × ${CALLERS.length} callers = ${calls} calls`,
    );
    expect(unexpected).toEqual([]);
  });

  it('lets a token call only what its subscriber may, within its scope: never staff routes, never the token calls', async () => {
    const a = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', emails.subscriber)
      .executeTakeFirstOrThrow();
    const secrets = {} as Record<'read' | 'write', string>;
    for (const scope of ['read', 'write'] as const) {
      const made = await createToken(
        t.db,
        { userId: a.id, impersonatorId: null },
        { name: scope, scopes: [scope] },
      );
      secrets[scope] = made.secret;
    }
    const scopeOf = (route: string) =>
      route.endsWith(' /api/tokens') || route.startsWith('DELETE /api/tokens/')
        ? 'session'
        : route.startsWith('GET ') || route === 'POST /api/auth/me'
          ? 'read'
          : 'write';
    const unexpected: string[] = [];
    for (const [route, { policy, call }] of Object.entries(ROUTES)) {
      const method = route.slice(0, route.indexOf(' '));
      const api = route.includes(' /api/');
      for (const held of ['read', 'write'] as const) {
        const request = call(ids);
        const res = await t.app.inject({
          method: method as 'GET',
          url: request.url,
          headers: { origin: t.config.appUrl, authorization: `Bearer ${secrets[held]}` },
          ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
        });
        const where = `${route} with a ${held} token: ${res.statusCode} ${res.body.slice(0, 160)}`;
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        const needed = scopeOf(route);
        if (res.statusCode >= 500) unexpected.push(where);
        else if (!api) {
          // Outside the API a token is no credential: the request is anonymous there.
          if (ok && !allowed(policy, 'anonymous')) unexpected.push(where);
        } else if (
          policy === 'staff' ||
          policy === 'admin' ||
          route.includes(' /api/admin/') ||
          needed === 'session'
        ) {
          // Every call under /api/admin/ is staff's, the staff sign-in and impersonation too.
          if (res.statusCode !== 403) unexpected.push(`${where}, expected 403`);
        } else if (needed !== held) {
          // In the token's account's language: the sweep may have set it to Spanish.
          if (res.statusCode !== 403 || !/\b(scope|alcance)\b/.test(res.json().message))
            unexpected.push(`${where}, expected 403 naming the scope`);
        } else if (
          String(res.headers['www-authenticate'] ?? '').startsWith('Bearer') ||
          (ok && !allowed(policy, 'subscriber'))
        ) {
          // A refusal of the token itself says so in WWW-Authenticate; the route's own 401
          // (a wrong staff password, a used link) does not.
          unexpected.push(where);
        }
      }
    }
    expect(unexpected).toEqual([]);
  });

  it('still lets B act on what A could not touch (the requests were right, only the caller was wrong)', async () => {
    const bEmail = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', ids.b.id)
      .executeTakeFirstOrThrow();
    const cookie = await signInSubscriber(t, bEmail.email);
    for (const route of [
      'POST /api/user/events/archive',
      'GET /api/document/download',
      'POST /api/user/subscriptions/remove',
      'PATCH /api/webhooks/:id',
      'GET /api/webhooks/:id/deliveries',
      'POST /api/webhooks/deliveries/:id/resend',
      'DELETE /api/webhooks/:id',
      'DELETE /api/tokens/:id',
      'GET /api/user/cases/:id/packet',
      'DELETE /api/user/trusted-contacts/:id',
      'POST /api/user/notifications/texts',
    ]) {
      const request = ROUTES[route]!.call(ids);
      const res = await t.app.inject({
        method: route.slice(0, route.indexOf(' ')) as 'GET',
        url: request.url,
        headers: { origin: t.config.appUrl, cookie },
        ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
      });
      expect(res.statusCode, `${route}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
    }
  });
});
