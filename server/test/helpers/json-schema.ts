import Fastify from 'fastify';

type Schema = Record<string, unknown>;

/**
 * The schema with every object closed to properties it does not name: the document leaves them
 * open (a receiver should ignore a field added later), but what we send now must be all there.
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, closed(value)]),
  ) as Schema;
  if (copy.type === 'object' && copy.properties && copy.additionalProperties === undefined) {
    copy.additionalProperties = false;
  }
  return copy;
}

/**
 * A check of values against a JSON Schema of the API document, by Ajv as Fastify runs it (the
 * validator the document's schemas are written for; the app itself validates with valibot),
 * without coercion or removal, and with every object closed. Resolves to the errors, or null.
 */
export async function jsonSchemaCheck(
  schema: Schema,
): Promise<{ check: (value: unknown) => Promise<string | null>; close: () => Promise<void> }> {
  const app = Fastify({
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: true } },
  });
  app.post('/check', { schema: { body: closed(schema) as Schema } }, async () => ({ ok: true }));
  await app.ready();
  return {
    check: async (value) => {
      const res = await app.inject({ method: 'POST', url: '/check', payload: value as object });
      return res.statusCode === 200 ? null : (res.json() as { message: string }).message;
    },
    close: () => app.close(),
  };
}
