import {
  MAX_APN_DESCRIPTION_LENGTH,
  MAX_APN_LENGTH,
  MAX_COUNTY_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_GUARD_NAME_LENGTH,
} from '@deedwatch/rules';
import { hostileInputs } from '@deedwatch/rules/hostile-inputs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxJsonBytes } from '../src/lib/schema.ts';
import { UpdateCountyBody } from '../src/modules/admin/admin-counties.schemas.ts';
import { AddApnsBody, AddNamesBody, RegisterBody } from '../src/modules/user/user.schemas.ts';
import { registerMailWorker } from '../src/mail/mail.jobs.ts';
import { createCounty, createStaff, createSubscriber } from './helpers/factories.ts';
import { signInStaff, signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';

// Every operation of the OpenAPI document, fed inputs generated from its own schema: missing
// fields, wrong types, oversized strings, extra fields, `__proto__` keys, SQL metacharacters and
// hostile Unicode. Malformed input must get a 4xx and write nothing; no input may get a 5xx.
// Every string field also gets 100 KiB strings made to drive a backtracking pattern into
// seconds of work (rules/src/hostile-inputs.ts): each must be refused, by the body limit or by
// the field's length check, before any pattern reads it. The patterns are linear by recheck
// (hostile-patterns.test.ts); how long each answer takes is measured by `npm run bench:hostile`.

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  maxLength?: number;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};
type Operation = {
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

const UUID = '00000000-0000-4000-8000-000000000000';
const SQL = "' OR 1=1; DROP TABLE users; -- \\ % _";
const UNICODE = 'a\u202e\ud83d\ude00\u{1d518}\u0301\ufeff\u2028Ω';
/** Postgres text cannot hold U+0000: refused at the edge. */
const NUL = 'a\u0000b';

/** Values the services accept for common fields, so the other fields reach the database. */
const KNOWN: Record<string, unknown> = {
  County: 'Fuzz',
  county: 'Fuzz',
  SearchTerm: 'SMI',
  email: 'fuzz@example.com',
  kind: 'name',
  // A public address given as such: no name to resolve.
  url: 'https://93.184.215.14/fuzz',
  scopes: ['read'],
  eventTypes: ['event.created'],
};

/** A value the schema's type accepts, not necessarily one the service accepts. */
function sample(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(schema.anyOf[0]!);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return schema.format === 'uuid' ? UUID : schema.format === 'email' ? 'x@example.com' : 'x';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, KNOWN[k] ?? sample(s)]),
      );
    default:
      return 'x';
  }
}

/** A value of another JSON type than the schema's. */
function wrongType(schema: JsonSchema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  return type === 'string' ? 12345 : type === 'object' ? 'x' : type === 'array' ? { a: 1 } : 'x';
}

type Case = { label: string; malformed: boolean; body?: string; query?: string };

const HOSTILE = hostileInputs(100 * 1024);

function bodyCases(schema: JsonSchema): Case[] {
  const base = sample(schema) as Record<string, unknown>;
  const props = Object.entries(schema.properties ?? {});
  const json = (v: unknown) => JSON.stringify(v);
  const cases: Case[] = [
    { label: 'an array', malformed: true, body: '[]' },
    { label: 'a string', malformed: true, body: '"x"' },
    { label: 'null', malformed: true, body: 'null' },
    { label: 'broken JSON', malformed: true, body: '{"a":' },
    { label: 'an extra field', malformed: true, body: json({ ...base, unexpected: 1 }) },
    {
      label: 'a __proto__ key',
      malformed: true,
      body: `{"__proto__": {"role": "admin"}, ${json(base).slice(1)}`,
    },
    {
      label: 'a constructor.prototype key',
      malformed: true,
      body: `{"constructor": {"prototype": {"role": "admin"}}, ${json(base).slice(1)}`,
    },
    // No route takes 1 MB.
    {
      label: 'a 1 MB body',
      malformed: true,
      body: json({ ...base, [props[0]?.[0] ?? 'x']: 'x'.repeat(1024 * 1024) }),
    },
  ];
  for (const field of schema.required ?? []) {
    const { [field]: _omitted, ...rest } = base;
    cases.push({ label: `no ${field}`, malformed: true, body: json(rest) });
  }
  for (const [field, s] of props) {
    cases.push({
      label: `${field} of the wrong type`,
      malformed: true,
      body: json({ ...base, [field]: wrongType(s) }),
    });
    const type = Array.isArray(s.type) ? s.type[0] : s.type;
    if (type === 'string' && !s.enum) {
      cases.push({
        label: `${field} with SQL`,
        malformed: false,
        body: json({ ...base, [field]: SQL }),
      });
      cases.push({
        label: `${field} with a NUL`,
        malformed: true,
        body: json({ ...base, [field]: NUL }),
      });
      cases.push({
        label: `${field} with hostile Unicode`,
        malformed: false,
        body: json({ ...base, [field]: UNICODE }),
      });
      // Half a surrogate pair, escaped: no UTF-8 text holds it, nor a jsonb column.
      cases.push({
        label: `${field} with a lone surrogate`,
        malformed: true,
        body: json({ ...base, [field]: 'a\ud800b' }),
      });
      // At the longest the schema lets through, in characters that grow when upper-cased
      // (ß to SS), lower-cased (İ to i and a dot) or percent-encoded (^ to %5E).
      if (s.maxLength !== undefined) {
        const start = String(base[field] ?? '');
        for (const grows of ['ß', 'İ', '^']) {
          cases.push({
            label: `${field} at its longest in ${grows}`,
            malformed: false,
            body: json({
              ...base,
              [field]: start + grows.repeat(Math.max(0, s.maxLength - start.length)),
            }),
          });
        }
      }
      for (const [label, value] of HOSTILE) {
        cases.push({
          label: `${field} of 100 KiB: ${label}`,
          malformed: true,
          body: json({ ...base, [field]: value }),
        });
      }
    }
  }
  return cases;
}

function queryCases(parameters: NonNullable<Operation['parameters']>): Case[] {
  const query = parameters.filter((p) => p.in === 'query');
  const base = new URLSearchParams(
    query.map((p): [string, string] => [p.name, String(KNOWN[p.name] ?? sample(p.schema))]),
  );
  const withValue = (name: string, value: string) => {
    const q = new URLSearchParams(base);
    q.set(name, value);
    return q.toString();
  };
  const cases: Case[] = [
    { label: 'an unknown parameter', malformed: true, query: `${base}&unexpected=1` },
  ];
  for (const p of query) {
    if (p.required) {
      const q = new URLSearchParams(base);
      q.delete(p.name);
      cases.push({ label: `no ${p.name}`, malformed: true, query: q.toString() });
    }
    cases.push({
      label: `${p.name} twice`,
      malformed: true,
      query: `${base}&${p.name}=${encodeURIComponent(String(sample(p.schema)))}`,
    });
    cases.push({ label: `${p.name} with SQL`, malformed: false, query: withValue(p.name, SQL) });
    cases.push({ label: `${p.name} with a NUL`, malformed: true, query: withValue(p.name, NUL) });
    cases.push({
      label: `${p.name} with hostile Unicode`,
      malformed: false,
      query: withValue(p.name, UNICODE),
    });
    for (const [label, value] of HOSTILE) {
      cases.push({
        label: `${p.name} of 100 KiB: ${label}`,
        malformed: true,
        query: withValue(p.name, value),
      });
    }
  }
  return cases;
}

describe('malformed input on every operation', () => {
  let t: TestApp;
  let cookie: string;
  /** Tokens and webhooks are a subscriber's: their calls are made as one, to reach the database. */
  let subscriberCookie: string;
  const SUBSCRIBER_PATHS = /^\/api\/(tokens|webhooks)(\/|$)/;

  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS, { workers: false });
    // The subscriber signs in by the link a mail brings.
    await registerMailWorker(t.boss, t.db, t.mailSender);
    await createCounty(t.db, { name: 'Fuzz', code: 'FUZ' });
    const admin = await createStaff(t.db, 'admin');
    cookie = await signInStaff(t, admin.email);
    subscriberCookie = await signInSubscriber(
      t,
      (await createSubscriber(t.db, { verified: true })).email,
    );
  });
  afterAll(() => t.close());

  /** Rows and last changes of the tables a request could write (not sessions or limits). */
  async function written() {
    const { rows } = await sql<{ state: string }>`
      SELECT concat_ws(',',
        (SELECT count(*) FROM users), (SELECT max(last_login_at) FROM users),
        (SELECT count(*) FROM notification_methods), (SELECT count(*) FROM apn_subscriptions),
        (SELECT count(*) FROM name_subscriptions), (SELECT count(*) FROM events),
        (SELECT count(*) FILTER (WHERE is_archived) FROM events),
        (SELECT max(updated_at) FROM counties), (SELECT count(*) FROM audit_log),
        (SELECT count(*) FROM deliveries), (SELECT count(*) FROM auth_codes),
        (SELECT count(*) FROM recorded_documents), (SELECT count(*) FROM personal_access_tokens),
        (SELECT count(*) FROM webhook_endpoints), (SELECT count(*) FROM webhook_deliveries),
        (SELECT count(*) FROM cases), (SELECT max(updated_at) FROM cases),
        (SELECT count(*) FROM case_notes), (SELECT count(*) FROM trusted_contacts),
        (SELECT count(*) FROM trusted_contact_codes), (SELECT count(*) FROM county_level_overrides),
        (SELECT count(*) FILTER (WHERE recognised_at IS NOT NULL) FROM events)) AS state`.execute(
      t.db,
    );
    return rows[0]!.state;
  }

  it('answers malformed input with a 4xx and writes nothing, and never answers with a 5xx', async () => {
    const spec = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let calls = 0;
    for (const [path, operations] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        // Signing out ends the session the other calls use.
        if (path === '/api/auth/logout') continue;
        const url = path.replace(/\{[^}]+\}/g, UUID);
        const bodySchema = operation.requestBody?.content['application/json']?.schema;
        const cases = [
          ...(bodySchema ? bodyCases(bodySchema) : []),
          ...(operation.parameters?.some((p) => p.in === 'query')
            ? queryCases(operation.parameters)
            : []),
        ];
        for (const c of cases) {
          const before = c.malformed ? await written() : '';
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url: c.query !== undefined ? `${url}?${c.query}` : url,
            headers: {
              cookie: SUBSCRIBER_PATHS.test(path) ? subscriberCookie : cookie,
              origin: t.config.appUrl,
              ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            ...(c.body !== undefined ? { payload: c.body } : {}),
          });
          calls++;
          const where = `${method.toUpperCase()} ${path} with ${c.label}: ${res.statusCode} ${res.body.slice(0, 160)}`;
          if (res.statusCode >= 500) failures.push(where);
          else if (c.malformed && (res.statusCode < 400 || res.statusCode >= 500))
            failures.push(where);
          else if (c.malformed && (await written()) !== before)
            failures.push(`${where} — and wrote`);
          else if (res.statusCode >= 400 && !res.json().message)
            failures.push(`${where} — no message`);
        }
      }
    }
    console.log(`malformed input: ${calls} calls over ${Object.keys(spec.paths).length} paths`);
    expect(failures).toEqual([]);
  });

  /** What the app takes from any caller: small JSON calls. */
  const DEFAULT_LIMIT = 16 * 1024;
  /** The routes that take lists of items, each limited to what its schema can need. */
  const LARGE_BODIES: Record<string, number> = {
    'POST /api/user/register': maxJsonBytes(RegisterBody),
    'POST /api/user/subscriptions/apns/list/add': maxJsonBytes(AddApnsBody),
    'POST /api/user/subscriptions/names/list/add': maxJsonBytes(AddNamesBody),
    'POST /api/admin/counties/update': maxJsonBytes(UpdateCountyBody),
  };

  it("refuses, unread and with a 413, a body one byte over its route's limit, on every route", async () => {
    const failures: string[] = [];
    const withBody = t.app.registeredRoutes.filter((r) =>
      ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
    );
    expect(withBody.length).toBeGreaterThan(10);
    for (const route of withBody) {
      const key = `${route.method} ${route.url}`;
      const limit = LARGE_BODIES[key] ?? DEFAULT_LIMIT;
      const url = route.url.replace(/:[^/]+/g, UUID).replace('*', 'x');
      // Anonymous: the body is read before any route checks who is calling.
      const res = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: { origin: t.config.appUrl, 'content-type': 'application/json' },
        payload: `{"x":"${'a'.repeat(limit - 7)}"}`,
      });
      const body = res.headers['content-type']?.includes('json') ? res.json() : res.body;
      // The limit, so the client knows how far to shorten or split what it sends.
      const most = limit === DEFAULT_LIMIT ? '16 KiB' : `${limit.toLocaleString('en-US')} bytes`;
      const expected = {
        statusCode: 413,
        error: 'Payload Too Large',
        message: `The request body is too large: this call takes at most ${most}.`,
      };
      if (JSON.stringify(body) !== JSON.stringify(expected))
        failures.push(`${key} (limit ${limit}): ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    // None of them near the megabyte a body could once be.
    expect(Math.max(...Object.values(LARGE_BODIES))).toBeLessThan(256 * 1024);
  });

  it('takes the largest body a client can need: 100 APNs and 100 names, every field at its longest', async () => {
    // 3 bytes of UTF-8 per character, the most any printable character takes.
    const wide = (n: number) => '€'.repeat(n);
    const county = wide(MAX_COUNTY_NAME_LENGTH);
    const body = JSON.stringify({
      email: `${wide(MAX_EMAIL_LENGTH - 2)}@€`,
      apns: Array.from({ length: 100 }, () => ({
        county,
        apn: wide(MAX_APN_LENGTH),
        description: wide(MAX_APN_DESCRIPTION_LENGTH),
      })),
      names: Array.from({ length: 100 }, () => ({ county, name: wide(MAX_GUARD_NAME_LENGTH) })),
    });
    const limit = LARGE_BODIES['POST /api/user/register']!;
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(limit);
    expect(Buffer.byteLength(body)).toBeGreaterThan(limit - 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { origin: t.config.appUrl, 'content-type': 'application/json' },
      payload: body,
    });
    // Read and validated: its county is unknown.
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/county/i);
  });
});
