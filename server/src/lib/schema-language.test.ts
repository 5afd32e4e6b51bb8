import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeIssues, type FieldIssue, pageQuery } from './schema.ts';

// Every message a route schema gives its own checks reaches a Spanish caller in Spanish: either
// the catalog words it (api.validation.said) or it is said from what was checked (a length, a
// list of values, a type). English callers read each as the schema wrote it.

type Node = {
  kind?: string;
  type?: string;
  message?: unknown;
  requirement?: unknown;
  options?: unknown[];
  expects?: string;
};

/** Every check with a message of its own, in every exported schema of the modules. */
async function schemaChecks(): Promise<{ where: string; node: Node }[]> {
  const modules = path.resolve(import.meta.dirname, '../modules');
  const seen = new Set<unknown>();
  const found: { where: string; node: Node }[] = [];
  const walk = (value: unknown, where: string) => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    const node = value as Node;
    const isCheck = node.kind === 'schema' || node.kind === 'validation';
    if (isCheck && typeof node.message === 'string') found.push({ where, node });
    for (const child of Object.values(value)) walk(child, where);
  };
  for (const dir of readdirSync(modules)) {
    for (const file of readdirSync(path.join(modules, dir))) {
      if (!file.endsWith('.schemas.ts')) continue;
      const exported = (await import(path.join(modules, dir, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exported)) walk(value, `${file} ${name}`);
    }
  }
  walk(pageQuery('entries'), 'lib/schema.ts pageQuery');
  return found;
}

const issueOf = (node: Node, input: unknown): FieldIssue => ({
  part: 'body',
  path: 'field',
  problem: 'invalid',
  type: node.type!,
  message: node.message as string,
  ...(typeof node.requirement === 'number' ? { requirement: node.requirement } : {}),
  ...(node.options ? { options: node.options.map(String) } : {}),
  ...(typeof input === 'string' ? { of: 'string' as const } : { of: 'array' as const }),
});

describe('validation messages', () => {
  it('reach a Spanish caller in Spanish, every one the route schemas write', async () => {
    const checks = await schemaChecks();
    expect(checks.length).toBeGreaterThan(50);
    const english: string[] = [];
    for (const { where, node } of checks) {
      const message = node.message as string;
      const issue = issueOf(node, '');
      expect(describeIssues([issue], 'en'), where).toBe(`body field: ${message}`);
      const spanish = describeIssues([issue], 'es');
      if (spanish.includes(message)) english.push(`${where}: ${message}`);
    }
    expect(english).toEqual([]);
  });

  it('name the part of the request and keep field names as the API spells them', () => {
    const issues: FieldIssue[] = [
      { part: 'querystring', path: 'county', problem: 'required' },
      { part: 'body', path: 'type', problem: 'notAllowed' },
      { part: 'params', path: 'id', problem: 'invalid', type: 'uuid', message: 'must be x' },
      { part: 'body', path: 'name', problem: 'nul' },
    ];
    expect(describeIssues(issues, 'en')).toBe(
      "query parameter county is required; body field 'type' is not allowed; path parameter id: must be x; body name contains a NUL character (U+0000), which no text may hold.",
    );
    expect(describeIssues(issues, 'es')).toBe(
      "parámetro de consulta county es obligatorio; cuerpo: el campo 'type' no está permitido; parámetro de ruta id: debe ser un identificador (un UUID); cuerpo name contiene un carácter NUL (U+0000), que ningún texto puede contener.",
    );
  });
});
