import { FIRST_ISSUE_ONLY } from '@deedwatch/rules';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifySchemaCompiler } from 'fastify';
import * as v from 'valibot';

/**
 * Route schemas are written once, in valibot. `schema()` turns one into the JSON Schema that
 * Fastify puts in the OpenAPI document, and remembers the valibot original so the validator
 * compiler below validates with valibot itself: one source for the contract and the checks,
 * no Ajv type coercion, and messages we write.
 */
const originals = new WeakMap<object, v.GenericSchema>();

export type JsonSchema = Record<string, unknown>;

export function schema(valibotSchema: v.GenericSchema): JsonSchema {
  const json = toJsonSchema(valibotSchema, {
    errorMode: 'ignore',
    typeMode: 'input',
  }) as JsonSchema;
  delete json.$schema;
  originals.set(json, valibotSchema);
  return json;
}

/** The standard error body, declared on every route for its error statuses. */
export const ErrorBody = v.object({
  statusCode: v.pipe(v.number(), v.integer()),
  error: v.string(),
  message: v.string(),
});

/** An error response for the OpenAPI document, described for the status it documents. */
export function errorResponse(description: string): JsonSchema {
  return schema(v.pipe(ErrorBody, v.description(description)));
}

/** A success response, described. */
export function response(valibotSchema: v.GenericSchema, description: string): JsonSchema {
  return schema(v.pipe(valibotSchema, v.description(description)));
}

/** The page sizes a staff list offers. */
export const PAGE_SIZES = ['10', '20', '50', '100'] as const;

/**
 * The `page` and `count` query parameters of a staff list (the audit log, the case queue): a
 * page from 1, and 10, 20, 50 or 100 `entries` per page, 20 unless asked.
 */
export function pageQuery(entries: string) {
  return {
    page: v.optional(
      v.pipe(
        v.string(),
        v.maxLength(6, 'must be a whole number from 1 to 999999'),
        v.regex(/^[1-9][0-9]{0,5}$/, 'must be a whole number from 1 to 999999'),
        v.description('The page, from 1'),
        v.transform(Number),
      ),
      '1',
    ),
    count: v.optional(
      v.pipe(
        v.picklist(PAGE_SIZES, 'must be 10, 20, 50 or 100'),
        v.description(`${entries} per page: 10, 20, 50 or 100`),
        v.transform(Number),
      ),
      '20',
    ),
  };
}

export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'ValidationError';
  }
}

const partNames: Record<string, string> = {
  body: 'body',
  querystring: 'query parameter',
  params: 'path parameter',
  headers: 'header',
};

/** "query parameter County: is required" — the field named, in words a person can act on. */
export function describeIssues(part: string, issues: v.BaseIssue<unknown>[]): string {
  const where = partNames[part] ?? part;
  return issues
    .slice(0, 5)
    .map((issue) => {
      const path = v.getDotPath(issue);
      // An object schema reports an unknown key as expecting `never`.
      if (issue.kind === 'schema' && issue.expected === 'never' && path) {
        return `${where} field '${path}' is not allowed`;
      }
      const subject = path ? `${where} ${path}` : where;
      if (issue.input === undefined && issue.kind === 'schema' && path) {
        return `${subject} is required`;
      }
      return `${subject}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * Where a string of `data` holds U+0000, as a dotted path ('' for `data` itself), or
 * undefined when none does. Postgres text cannot store it (the driver would fail with a 500),
 * and no name, address or code of ours needs it.
 */
function pathOfNul(data: unknown, at = ''): string | undefined {
  if (typeof data === 'string') return data.includes('\u0000') ? at : undefined;
  if (data === null || typeof data !== 'object') return undefined;
  for (const [key, value] of Object.entries(data)) {
    const found = pathOfNul(value, at ? `${at}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

export const valibotValidatorCompiler: FastifySchemaCompiler<unknown> = ({
  schema: json,
  httpPart,
}) => {
  const original = originals.get(json as object);
  if (!original) {
    throw new Error(
      `Route schema for ${httpPart} was not built with schema(); validation would be skipped`,
    );
  }
  return (data: unknown) => {
    // Each pipe stops at its first failed action: a pattern never runs on a string its length
    // check refused.
    const result = v.safeParse(original, data, FIRST_ISSUE_ONLY);
    if (!result.success) {
      // No body at all: named by the first field it lacks, when it lacks one, rather than as
      // "Expected Object but received null".
      const missing =
        data == null && httpPart === 'body' ? v.safeParse(original, {}, FIRST_ISSUE_ONLY) : result;
      const issues = missing.success ? result.issues : missing.issues;
      return { error: new ValidationError(describeIssues(httpPart ?? 'body', issues)) };
    }
    // After the schema, so a field that forbids control characters says so in its own words.
    const nul = pathOfNul(result.output);
    if (nul !== undefined) {
      return {
        error: new ValidationError(
          `${httpPart ?? 'body'}${nul ? ` ${nul}` : ''} contains a NUL character (U+0000), which no text may hold.`,
        ),
      };
    }
    return { value: result.output };
  };
};

type SchemaNode = {
  kind: string;
  type: string;
  pipe?: SchemaNode[];
  requirement?: unknown;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  wrapped?: SchemaNode;
  options?: unknown[];
  literal?: unknown;
};

/** The validations a value must pass as the client sent it: up to the first transform. */
function rawChecks(node: SchemaNode): SchemaNode[] {
  const [first, ...rest] = node.pipe ?? [];
  const checks = first?.pipe ? rawChecks(first) : [];
  for (const item of rest) {
    if (item.kind === 'schema' || (item.kind === 'transformation' && item.type === 'transform'))
      break;
    if (item.kind === 'validation') checks.push(item);
  }
  return checks;
}

function maxCount(node: SchemaNode): number {
  const bounds = rawChecks(node)
    .filter((c) => c.type === 'max_length' || c.type === 'length')
    .map((c) => c.requirement as number);
  if (bounds.length === 0) throw new Error(`A ${node.type} without a max length has no bound`);
  return Math.min(...bounds);
}

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * The largest JSON text a client needs to send a value of `schema`, in bytes, as
 * JSON.stringify writes it: every string at its max length with each UTF-16 unit as 3 bytes of
 * UTF-8 (the most any character but a control character takes; a surrogate pair takes 4 for
 * 2), every list at its max length, every optional field present, numbers at their widest.
 * A route whose body may need more than the app's default limit takes this as its bodyLimit:
 * anything larger is refused (413) before it is read. Throws on a string or list without a
 * max length: its body has no bound.
 */
export function maxJsonBytes(schema: v.GenericSchema): number {
  const node = schema as unknown as SchemaNode;
  switch (node.type) {
    case 'string':
      return 3 * maxCount(node) + 2;
    case 'array':
      return 2 + maxCount(node) * (maxJsonBytes(node.item as unknown as v.GenericSchema) + 1);
    case 'object':
    case 'strict_object':
      return Object.entries(node.entries ?? {}).reduce(
        (sum, [key, entry]) =>
          sum + jsonBytes(key) + 2 + maxJsonBytes(entry as unknown as v.GenericSchema),
        2,
      );
    case 'optional':
    case 'nullable':
    case 'nullish':
      return Math.max(4, maxJsonBytes(node.wrapped as unknown as v.GenericSchema));
    case 'picklist':
      return Math.max(...(node.options ?? []).map(jsonBytes));
    case 'literal':
      return jsonBytes(node.literal);
    case 'boolean':
      return 5;
    case 'number':
      // -1.7976931348623157e+308
      return 24;
    default:
      throw new Error(`maxJsonBytes cannot bound a ${node.type} schema`);
  }
}
