import { FIRST_ISSUE_ONLY, type Language } from '@deedwatch/rules';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifySchemaCompiler } from 'fastify';
import * as v from 'valibot';
import { api } from '../i18n/en/api.ts';
import { translator } from '../i18n/index.ts';

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

/**
 * One thing wrong with a request, kept as what was checked rather than as words: the error
 * handler says it in the request's language (ValidationError.messageIn), which is not known
 * while the request is validated. Field names stay as the API spells them.
 */
export type FieldIssue = {
  /** The part of the request: body, querystring, params or headers. */
  part: string;
  /** The field, dotted ('names.0.name'); '' for the part itself. */
  path: string;
  problem: 'required' | 'notAllowed' | 'nul' | 'invalid';
  /** What was checked: valibot's issue type (max_length, picklist, string…). */
  type?: string;
  /** The schema's own words for it, in English; absent when the schema gave none. */
  message?: string;
  /** The bound of a length or value check. */
  requirement?: number;
  /** The values a picklist allows. */
  options?: string[];
  /** Whether the value checked was a text or a list (a length is characters or items). */
  of?: 'string' | 'array';
};

type Say = (key: string, values?: Record<string, string | number>) => string;
const sayIn = (language: Language) => translator(language) as unknown as Say;

/** The catalog key of each part's name, written out so that the catalog check finds them. */
const PART_WORDS: Record<string, string> = {
  body: 'api.validation.part.body',
  querystring: 'api.validation.part.querystring',
  params: 'api.validation.part.params',
  headers: 'api.validation.part.headers',
};

/** Each of a schema's own messages that the catalog words in every language, by its name. */
const SAID_WORDS = {
  codeCharacters: 'api.validation.said.codeCharacters',
  maskCharacters: 'api.validation.said.maskCharacters',
  maskNeedsOne: 'api.validation.said.maskNeedsOne',
  recorderUrl: 'api.validation.said.recorderUrl',
  fraudUrl: 'api.validation.said.fraudUrl',
  subjectTwice: 'api.validation.said.subjectTwice',
  phone: 'api.validation.said.phone',
  emailOfAtMost: 'api.validation.said.emailOfAtMost',
  noLetters: 'api.validation.said.noLetters',
  atMostUpperCased: 'api.validation.said.atMostUpperCased',
  userSort: 'api.validation.said.userSort',
  wholeNumberUpTo: 'api.validation.said.wholeNumberUpTo',
  invalidEmail: 'api.validation.said.invalidEmail',
  passwordRequired: 'api.validation.said.passwordRequired',
  countyId: 'api.validation.said.countyId',
  statementRequired: 'api.validation.said.statementRequired',
  statementTooShort: 'api.validation.said.statementTooShort',
  listedCounty: 'api.validation.said.listedCounty',
  noControlLineBreaks: 'api.validation.said.noControlLineBreaks',
  noControl: 'api.validation.said.noControl',
  oneScope: 'api.validation.said.oneScope',
  scopesOnce: 'api.validation.said.scopesOnce',
  scopeOnce: 'api.validation.said.scopeOnce',
  wholeDays: 'api.validation.said.wholeDays',
  cursor: 'api.validation.said.cursor',
  since: 'api.validation.said.since',
  archived: 'api.validation.said.archived',
  possibleMatches: 'api.validation.said.possibleMatches',
  itemsPerRequest: 'api.validation.said.itemsPerRequest',
  httpsUrl: 'api.validation.said.httpsUrl',
  oneEventType: 'api.validation.said.oneEventType',
  eventTypeOnce: 'api.validation.said.eventTypeOnce',
  changeSomething: 'api.validation.said.changeSomething',
  unicode: 'api.validation.said.unicode',
  singleName: 'api.validation.said.singleName',
  notDots: 'api.validation.said.notDots',
  atMostBytes: 'api.validation.said.atMostBytes',
  notAName: 'api.validation.said.notAName',
} as const satisfies Record<
  keyof typeof api.validation.said,
  `api.validation.said.${keyof typeof api.validation.said}`
>;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each English message of SAID_WORDS as an anchored pattern; {{n}} is a whole number. Built at
 * run time, so each is checked linear by the hostile-patterns test.
 */
export const SAID: { key: string; pattern: RegExp; counted: boolean }[] = Object.entries(
  api.validation.said,
).map(([name, english]) => ({
  key: SAID_WORDS[name as keyof typeof SAID_WORDS],
  pattern: new RegExp(`^${english.split('{{n}}').map(escapeRegExp).join('(\\d{1,10})')}$`),
  counted: english.includes('{{n}}'),
}));

/** A schema's own message in `language`, when the catalog has it. */
function resaid(message: string, language: Language): string | undefined {
  if (message.length > 300) return undefined;
  for (const { key, pattern, counted } of SAID) {
    const match = pattern.exec(message);
    if (match) return sayIn(language)(key, counted ? { n: match[1]! } : undefined);
  }
  return undefined;
}

/** The problem in the catalog's generic words, from what was checked; undefined if unknown. */
function genericProblem(issue: FieldIssue, say: Say): string | undefined {
  const n = issue.requirement;
  const items = issue.of === 'array';
  switch (issue.type) {
    case 'string':
      return say('api.validation.problem.typeString');
    case 'number':
      return say('api.validation.problem.typeNumber');
    case 'boolean':
      return say('api.validation.problem.typeBoolean');
    case 'object':
    case 'strict_object':
    case 'loose_object':
      return say('api.validation.problem.typeObject');
    case 'array':
      return say('api.validation.problem.typeArray');
    case 'picklist':
      return issue.options
        ? say('api.validation.problem.oneOf', { values: issue.options.join(', ') })
        : undefined;
    case 'min_length':
      if (n === undefined) return undefined;
      if (n === 1 && !items) return say('api.validation.problem.empty');
      return items
        ? say('api.validation.problem.atLeastItems', { n })
        : say('api.validation.problem.atLeastCharacters', { n });
    case 'max_length':
      if (n === undefined) return undefined;
      return items
        ? say('api.validation.problem.atMostItems', { n })
        : say('api.validation.problem.atMostCharacters', { n });
    case 'min_value':
      return n === undefined ? undefined : say('api.validation.problem.atLeast', { n });
    case 'max_value':
      return n === undefined ? undefined : say('api.validation.problem.atMost', { n });
    case 'integer':
      return say('api.validation.problem.wholeNumber');
    case 'uuid':
      return say('api.validation.problem.uuid');
    default:
      return undefined;
  }
}

/**
 * What is wrong with one field, in `language`: the schema's own words where it gave them (said
 * in the catalog's translation of them, or from what was checked when the catalog has no
 * translation), else the catalog's words for the check.
 */
function problemIn(issue: FieldIssue, language: Language): string {
  const say = sayIn(language);
  const { message } = issue;
  if (message !== undefined && language === 'en') return message;
  return (
    (message !== undefined ? resaid(message, language) : undefined) ??
    genericProblem(issue, say) ??
    message ??
    say('api.validation.problem.invalid')
  );
}

/** "query parameter County is required" — the field named, in words a person can act on. */
export function describeIssues(issues: readonly FieldIssue[], language: Language): string {
  const say = sayIn(language);
  return issues
    .slice(0, 5)
    .map((issue) => {
      const partKey = PART_WORDS[issue.part];
      const where = partKey ? say(partKey) : issue.part;
      const subject = issue.path ? `${where} ${issue.path}` : where;
      switch (issue.problem) {
        case 'notAllowed':
          return say('api.validation.notAllowed', { where, path: issue.path });
        case 'required':
          return say('api.validation.required', { subject });
        case 'nul':
          return say('api.validation.nul', { subject });
        default:
          return say('api.validation.issue', { subject, problem: problemIn(issue, language) });
      }
    })
    .join('; ');
}

/** Valibot's own message, which the schema did not choose: said from the check instead. */
const valibotDefault = (message: string) =>
  message.startsWith('Invalid ') && message.includes('eceived ');

/** A picklist's values, from valibot's `expected` ('("en" | "es")'). */
function optionsOf(expected: string | null): string[] | undefined {
  if (!expected || expected.length > 2000) return undefined;
  const list =
    expected.startsWith('(') && expected.endsWith(')') ? expected.slice(1, -1) : expected;
  return list.split(' | ').map((option) => {
    try {
      const value: unknown = JSON.parse(option);
      return typeof value === 'string' ? value : option;
    } catch {
      return option;
    }
  });
}

/** A valibot issue as a FieldIssue of `part`. */
export function fieldIssue(part: string, issue: v.BaseIssue<unknown>): FieldIssue {
  const path = v.getDotPath(issue) ?? '';
  // An object schema reports an unknown key as expecting `never`.
  if (issue.kind === 'schema' && issue.expected === 'never' && path) {
    return { part, path, problem: 'notAllowed' };
  }
  if (issue.input === undefined && issue.kind === 'schema' && path) {
    return { part, path, problem: 'required' };
  }
  const requirement = typeof issue.requirement === 'number' ? issue.requirement : undefined;
  const options = issue.type === 'picklist' ? optionsOf(issue.expected) : undefined;
  const of = Array.isArray(issue.input)
    ? 'array'
    : typeof issue.input === 'string'
      ? 'string'
      : undefined;
  return {
    part,
    path,
    problem: 'invalid',
    type: issue.type,
    ...(valibotDefault(issue.message) ? {} : { message: issue.message }),
    ...(requirement !== undefined ? { requirement } : {}),
    ...(options ? { options } : {}),
    ...(of ? { of } : {}),
  };
}

/** A request that does not fit its route's schema: 400, told in the request's language. */
export class ValidationError extends Error {
  readonly statusCode = 400;
  readonly issues: readonly FieldIssue[];
  constructor(issues: readonly FieldIssue[]) {
    super(describeIssues(issues, 'en'));
    this.name = 'ValidationError';
    this.issues = issues;
  }

  messageIn(language: Language): string {
    return describeIssues(this.issues, language);
  }
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
      const part = httpPart ?? 'body';
      return { error: new ValidationError(issues.map((issue) => fieldIssue(part, issue))) };
    }
    // After the schema, so a field that forbids control characters says so in its own words.
    const nul = pathOfNul(result.output);
    if (nul !== undefined) {
      return {
        error: new ValidationError([{ part: httpPart ?? 'body', path: nul, problem: 'nul' }]),
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
