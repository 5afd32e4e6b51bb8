import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { createCounty, createSubscriber } from './helpers/factories.ts';
import { jsonSchemaCheck } from './helpers/json-schema.ts';
import { signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';

type MediaType = { example?: unknown; examples?: Record<string, { value: unknown }> };
type Operation = {
  operationId?: string;
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string }[];
  requestBody?: {
    content?: Record<string, MediaType & { schema: Record<string, unknown> }>;
  };
  tags?: string[];
  responses?: Record<string, { description?: string; content?: unknown }>;
};

describe('the OpenAPI document', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  let webhooks: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    t = await startTestApp({ ...NO_RATE_LIMITS, SMS_TRANSPORT: 'outbox' });
    ({ paths, webhooks } = t.app.swagger() as { paths: typeof paths; webhooks: typeof webhooks });
  });
  afterAll(() => t.close());

  it('describes every route with an operationId, tags and described responses', () => {
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const [route, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${route}`;
        if (!op.operationId) problems.push(`${where} has no operationId`);
        else if (ids.has(op.operationId))
          problems.push(`${where} repeats operationId ${op.operationId}`);
        else ids.add(op.operationId);
        if (!op.tags?.length) problems.push(`${where} has no tags`);
        const responses = Object.entries(op.responses ?? {});
        if (!responses.some(([status]) => status.startsWith('2')))
          problems.push(`${where} declares no 2xx response`);
        for (const [status, r] of responses) {
          if (!r.description || r.description === 'Default Response') {
            problems.push(`${where} ${status} has no description`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(ids.size).toBeGreaterThan(0);
  });

  it("takes every request body its examples show: none is refused by the route's schema", async () => {
    // The county the examples guard in.
    await createCounty(t.db, { name: 'Sacramento', code: 'SAC' });
    const user = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, user.email);
    const sent: string[] = [];
    for (const [route, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const media = op.requestBody?.content?.['application/json'];
        const examples = [
          ...(media && 'example' in media ? [media.example] : []),
          ...Object.values(media?.examples ?? {}).map((e) => e.value),
        ];
        for (const example of examples) {
          const where = `${method.toUpperCase()} ${route}`;
          const res = await t.app.inject({
            method: method.toUpperCase() as 'POST',
            // A path parameter is an id the account does not have: a 404 after validation.
            url: route.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
            headers: { cookie, origin: t.config.appUrl },
            payload: example as object,
          });
          // The webhook example's host is a placeholder that resolves nowhere, here as anywhere:
          // that refusal comes after the schema has taken the body, and says so.
          const placeholderHost = /hooks\.example\.com (does not resolve|no se resuelve)/.test(
            res.body,
          );
          if (!placeholderHost) expect(res.statusCode, `${where}: ${res.body}`).not.toBe(400);
          sent.push(where);
        }
      }
    }
    // Every call that takes a body shows one, but staff's (no token may call them) and Twilio's.
    const forPrograms = (where: string) => !/ \/api\/(admin|sms\/twilio)\//.test(where);
    const withBody = Object.entries(paths).flatMap(([route, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.requestBody?.content?.['application/json'])
        .map(([method]) => `${method.toUpperCase()} ${route}`),
    );
    expect(withBody.filter(forPrograms).filter((where) => !sent.includes(where))).toEqual([]);
    expect(sent).toContain('POST /api/user/register');
  });

  it('is what openapi/openapi.json holds (npm run gen writes it)', async () => {
    const committed = JSON.parse(
      await readFile(path.join(repoRoot, 'openapi/openapi.json'), 'utf8'),
    );
    expect(committed.paths).toEqual(JSON.parse(JSON.stringify(paths)));
    expect(committed.webhooks).toEqual(JSON.parse(JSON.stringify(webhooks)));
  });

  it('declares on every API operation what a token sent can meet: 401, 403 and 429', () => {
    const missing: string[] = [];
    for (const [route, methods] of Object.entries(paths)) {
      if (!route.startsWith('/api/')) continue;
      for (const [method, op] of Object.entries(methods)) {
        for (const status of ['401', '403', '429']) {
          if (!op.responses?.[status]?.description)
            missing.push(`${method.toUpperCase()} ${route} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // Open to anyone, and still checks a token sent.
    expect(Object.keys(paths['/api/config']!.get!.responses!)).toEqual([
      '200',
      '401',
      '403',
      '429',
    ]);
  });

  it('declares 413, with the limit, and 415 on every API operation that reads a body', () => {
    const missing: string[] = [];
    for (const [route, methods] of Object.entries(paths)) {
      if (!route.startsWith('/api/')) continue;
      for (const [method, op] of Object.entries(methods)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        if (!/at most [0-9,]+ (KiB|bytes)/.test(op.responses?.['413']?.description ?? ''))
          missing.push(`${method.toUpperCase()} ${route} 413`);
        if (!op.responses?.['415']?.description)
          missing.push(`${method.toUpperCase()} ${route} 415`);
      }
    }
    expect(missing).toEqual([]);
    expect(paths['/api/auth/login']!.post!.responses!['413']!.description).toContain(
      'at most 16 KiB',
    );
    // A call that takes a list has the limit its schema needs.
    expect(
      paths['/api/user/subscriptions/names/list/add']!.post!.responses!['413']!.description,
    ).toMatch(/at most [0-9,]+ bytes/);
    expect(paths['/api/config']!.get!.responses!['413']).toBeUndefined();
  });

  it('describes the three webhook messages: headers, body schema and an example that fits it', async () => {
    expect(Object.keys(webhooks).sort()).toEqual([
      'case.status_changed',
      'event.created',
      'event.level_changed',
    ]);
    for (const [type, item] of Object.entries(webhooks)) {
      const op = item.post!;
      expect(op.summary, type).toBeTruthy();
      expect(
        op.parameters?.map((p) => [p.name, p.in, p.required, Boolean(p.description)]),
        type,
      ).toEqual([
        ['webhook-id', 'header', true, true],
        ['webhook-timestamp', 'header', true, true],
        ['webhook-signature', 'header', true, true],
      ]);
      const body = op.requestBody!.content!['application/json']!;
      expect(body.example).toMatchObject({ type });
      const { check, close } = await jsonSchemaCheck(body.schema);
      try {
        expect(await check(body.example), type).toBeNull();
        // The schema holds: a wrong type, or a field that is no string, is refused.
        expect(await check({ ...(body.example as object), type: 'other' }), type).not.toBeNull();
      } finally {
        await close();
      }
    }
    const event = webhooks['event.created']!.post!.requestBody!.content!['application/json']!;
    const data = (event.schema.properties as Record<string, Record<string, unknown>>).data!;
    const fields = data.properties as Record<string, Record<string, unknown>>;
    expect(fields.partyRole!.anyOf).toContainEqual({ type: 'null' });
    expect(fields.namesakes!.anyOf).toContainEqual({ type: 'null' });
    const guarded = fields.guarded!.properties as Record<string, Record<string, unknown>>;
    expect(guarded.kind!.enum).toEqual(['property', 'name']);
    expect(fields.confidence).toMatchObject({ minimum: 0, maximum: 1 });
  });
});
