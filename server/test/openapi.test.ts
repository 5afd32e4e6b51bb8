import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

type Operation = {
  operationId?: string;
  tags?: string[];
  responses?: Record<string, { description?: string; content?: unknown }>;
};

describe('the OpenAPI document', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    t = await startTestApp();
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

  it('is what openapi/openapi.json holds (npm run gen writes it)', async () => {
    const committed = JSON.parse(
      await readFile(path.join(repoRoot, 'openapi/openapi.json'), 'utf8'),
    );
    expect(committed.paths).toEqual(JSON.parse(JSON.stringify(paths)));
  });
});
