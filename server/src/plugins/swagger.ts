import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { scopeOf } from '../lib/route.ts';
import { errorResponse } from '../lib/schema.ts';
import { SESSION_COOKIE } from './session.ts';

export const openApiInfo = {
  title: 'DeedWatch API',
  description:
    "Property-fraud alerts: subscribers guard parcel numbers (APNs), addresses and owner names, and are emailed when the county recorder records a document that affects them. Authenticate with a session cookie (sign in through the auth calls, then call the API from the same browser) or, from a program, with a personal access token from the dashboard's API Access section: `Authorization: Bearer dw_pat_…`. Each operation says the scope a token needs (read or write) or that it takes no token. Webhooks push new events to your HTTPS endpoints, signed the Standard Webhooks way. A guide with examples: docs/api.md.",
  version: '1.0.0',
};

type Responses = Record<string, unknown>;

const TOKEN_ERRORS: Responses = {
  401: errorResponse(
    'Nobody is signed in, or the bearer token is not valid: the message says whether it is unknown, expired or revoked',
  ),
  403: errorResponse(
    'The token lacks the scope this call needs (the message and WWW-Authenticate name it), or the caller may not make this call',
  ),
  429: errorResponse(
    'Too many calls with this token this minute: RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset tell the budget, Retry-After when to try again',
  ),
};

/**
 * What the document says of tokens on each API operation, from the route's access and scope
 * (lib/route.ts): the bearer scheme beside the session, with the scope it needs, on the calls
 * a token may make; the session alone on staff routes and on the calls that manage tokens; the
 * scope in words in the description; and the errors a token call can meet.
 */
export function tokenDocs(
  route: Pick<RouteOptions, 'url' | 'method' | 'config'>,
  schema: FastifySchema,
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
  const responses = (schema.response ?? {}) as Responses;
  return {
    ...schema,
    description: schema.description ? `${schema.description}\n\n${note}` : note,
    ...(security && { security }),
    'x-token-scope': tokenUsable ? scope : null,
    ...(tokenUsable && withSession && { response: { ...TOKEN_ERRORS, ...responses } }),
  };
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
    },
    transform: ({ schema, url, route }) => ({ schema: tokenDocs(route, schema), url }),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true, withCredentials: true },
  });
}
