import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { createCounty, createSubscriber } from './helpers/factories.ts';
import { signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';

type MediaType = { example?: unknown; examples?: Record<string, { value: unknown }> };
type Operation = {
  operationId?: string;
  tags?: string[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: unknown }>;
};

describe('the OpenAPI document', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    t = await startTestApp({ ...NO_RATE_LIMITS, SMS_TRANSPORT: 'outbox' });
    paths = (t.app.swagger() as { paths: typeof paths }).paths;
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
  });
});
