import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { scopeOf } from '../lib/route.ts';
import { WEBHOOK_MESSAGES } from '../engine/webhooks/webhook-payloads.ts';
import { errorResponse, schema } from '../lib/schema.ts';
import { sizeInWords } from './error-handler.ts';
import { SESSION_COOKIE } from './session.ts';

export const openApiInfo = {
  title: 'DeedWatch API',
  description:
    "Property-fraud alerts: subscribers guard parcel numbers (APNs), addresses and owner names, and are emailed when the county recorder records a document that affects them. Authenticate with a session cookie (sign in through the auth calls, then call the API from the same browser) or, from a program, with a personal access token from the dashboard's API Access section: `Authorization: Bearer dw_pat_…`. Each operation says the scope a token needs (read or write) or that it takes no token. Webhooks push new events to your HTTPS endpoints, signed the Standard Webhooks way. A guide with examples: docs/api.md.",
  version: '1.0.0',
};

type Responses = Record<string, unknown>;

/** Fastify's own, for an app that sets none. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

const TOO_MANY =
  'Too many calls: with this token this minute (RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset tell the budget), from your address (x-ratelimit-* headers), or too many invalid tokens from your address; Retry-After says when to try again';

/** The errors a token can meet on a call it may make, with a session beside it or not. */
const TOKEN_ERRORS: Responses = {
  401: errorResponse(
    'Nobody is signed in, or the bearer token is not valid: the message says whether it is unknown, expired or revoked',
  ),
  403: errorResponse(
    'The token lacks the scope this call needs (the message and WWW-Authenticate name it), or the caller may not make this call',
  ),
  429: errorResponse(TOO_MANY),
};

/** On a call open to anyone: a token is not needed, but one sent is checked. */
const OPEN_CALL_TOKEN_ERRORS: Responses = {
  401: errorResponse(
    'A bearer token was sent and is not valid: the message says whether it is unknown, expired or revoked. Send none, or a valid one',
  ),
  403: errorResponse(
    'A bearer token was sent that lacks the scope this call needs (the message and WWW-Authenticate name it)',
  ),
  429: errorResponse(TOO_MANY),
};

/** On a call no token makes: a token sent is still checked before it is refused. */
const NO_TOKEN_ERRORS: Responses = {
  401: errorResponse(
    'Nobody is signed in, or a bearer token was sent and is not valid (the message says why)',
  ),
  403: errorResponse(
    'A bearer token was sent: tokens do not make this call (WWW-Authenticate says insufficient_scope), or the signed-in caller may not make it',
  ),
  429: errorResponse(TOO_MANY),
};

/** The methods whose requests Fastify reads a body of, when one is sent. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The errors of reading a request body, told with the route's limit. */
function bodyErrors(bodyLimit: number): Responses {
  return {
    413: errorResponse(
      `The request body is larger than this call takes: at most ${sizeInWords(bodyLimit)}. It is refused unread`,
    ),
    415: errorResponse(
      "The request body's Content-Type is not one the API reads: send the body as application/json",
    ),
  };
}

/**
 * What the document says of tokens and bodies on each API operation, from the route's access
 * and scope (lib/route.ts): the bearer scheme beside the session, with the scope it needs, on
 * the calls a token may make; the session alone on staff routes and on the calls that manage
 * tokens; the scope in words in the description. And the errors every such call can meet
 * whatever its handler does, declared here once rather than route by route: a token sent is
 * checked on every API call (401, 403, 429), and a body is read, and refused if too large
 * (413) or not JSON (415), on every call of a method that has one. What a route declares
 * itself is kept, as more precise.
 */
export function tokenDocs(
  route: Pick<RouteOptions, 'url' | 'method' | 'config' | 'bodyLimit'>,
  schema: FastifySchema,
  defaultBodyLimit: number,
) {
  const access = route.config?.access;
  if (access === undefined || !route.url.startsWith('/api/')) return schema;
  const method = [route.method].flat()[0] ?? 'GET';
  const scope = scopeOf(method, route.config);
  const declared = (schema.security as Record<string, string[]>[] | undefined) ?? [];
  const withSession = declared.length > 0 || access === 'signed-in';
  let security: Record<string, string[]>[] | undefined;
  let note: string;
  if (access === 'staff' || access === 'admin' || route.url.startsWith('/api/admin/')) {
    security = [{ session: [] }];
    note = 'Tokens: not accepted. A staff call: sign in as staff in the browser.';
  } else if (scope === 'session') {
    security = [{ session: [] }];
    note = 'Tokens: not accepted. Only a signed-in browser session makes this call.';
  } else if (withSession) {
    security = [{ session: [] }, { bearer: [scope] }];
    note = `Scope: \`${scope}\`. A personal access token needs the ${scope} scope; a session needs nothing more.`;
  } else {
    security = undefined;
    note = `Scope: \`${scope}\`, when a token is sent: open to anyone, and a token sent must be valid.`;
  }
  const tokenUsable = security === undefined || security.length > 1;
  const tokenErrors = !tokenUsable
    ? NO_TOKEN_ERRORS
    : withSession
      ? TOKEN_ERRORS
      : OPEN_CALL_TOKEN_ERRORS;
  const readErrors = BODY_METHODS.has(method)
    ? bodyErrors(route.bodyLimit ?? defaultBodyLimit)
    : {};
  const responses = (schema.response ?? {}) as Responses;
  return {
    ...schema,
    description: schema.description ? `${schema.description}\n\n${note}` : note,
    ...(security && { security }),
    'x-token-scope': tokenUsable ? scope : null,
    response: { ...tokenErrors, ...readErrors, ...responses },
  };
}

type WebhookItem = fastifySwagger.OpenAPIV3_2.PathItemObject;

/** The headers every webhook delivery carries, the Standard Webhooks way. */
const WEBHOOK_HEADERS = [
  {
    name: 'webhook-id',
    description:
      "The message's id: the same on every retry and on a resend, so a receiver that keeps the ids it handled processes each message once",
    example: 'msg_3f2a1c4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  },
  {
    name: 'webhook-timestamp',
    description:
      'When this attempt was sent, in Unix seconds: refuse a delivery far from now (5 minutes, say), so an old one cannot be replayed',
    example: '1795691642',
  },
  {
    name: 'webhook-signature',
    description:
      "`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` under the key of the endpoint's whsec_ secret (the base64 after whsec_), over the body exactly as received; several signatures are separated by spaces",
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
].map(({ name, description, example }) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
}));

/**
 * The messages DeedWatch POSTs to a subscriber's webhook endpoints, as OpenAPI 3.1 webhooks:
 * each body's schema is the one the code builds it as (engine/webhooks/webhook-payloads.ts).
 */
export function webhookDocs(): Record<string, WebhookItem> {
  // Our JSON Schema is valibot's (lib/schema.ts), untyped: the types are OpenAPI's own.
  return Object.fromEntries(
    WEBHOOK_MESSAGES.map((message) => [
      message.type,
      {
        post: {
          operationId: `webhook_${message.type.replace('.', '_')}`,
          tags: ['webhooks'],
          summary: message.summary,
          description: `${message.description}\n\nPOSTed as JSON to each endpoint that asked for \`${message.type}\`, signed with its secret (verify it: docs/api.md). Answer with any 2xx within 10 seconds; anything else is retried for 24 hours, then the endpoint is disabled.`,
          parameters: WEBHOOK_HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: schema(message.schema), example: message.example },
            },
          },
          responses: {
            '2XX': { description: 'Received: the delivery is done' },
            default: { description: 'Any other answer, or none in 10 seconds: tried again later' },
          },
        },
      },
    ]),
  ) as Record<string, WebhookItem>;
}

export async function registerSwagger(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: openApiInfo,
      tags: [
        { name: 'config', description: 'Public county configuration' },
        { name: 'auth', description: 'Sessions and sign-in' },
        { name: 'user', description: 'Registration and the signed-in subscriber' },
        { name: 'search', description: 'Search-as-you-type for names, addresses and APNs' },
        { name: 'documents', description: 'Recorded documents' },
        {
          name: 'tokens',
          description: 'Personal access tokens: managed from a signed-in browser session',
        },
        {
          name: 'webhooks',
          description: 'Endpoints that receive your events as signed HTTPS POSTs',
        },
        { name: 'admin', description: 'Staff back-office' },
        { name: 'health', description: 'Liveness and readiness probes' },
      ],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: `HttpOnly session cookie set at sign-in; named __Host-${SESSION_COOKIE} when APP_URL is https`,
          },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'dw_pat_…',
            description:
              'A personal access token from the dashboard (API Access): `Authorization: Bearer dw_pat_…`. It acts as its subscriber within its scopes (read, write), never on staff calls. A request that sends one is not read as a session.',
          },
        },
      },
      webhooks: webhookDocs(),
    },
    transform: ({ schema, url, route }) => ({
      schema: tokenDocs(route, schema, app.initialConfig.bodyLimit ?? DEFAULT_BODY_LIMIT),
      url,
    }),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true, withCredentials: true },
  });
}
