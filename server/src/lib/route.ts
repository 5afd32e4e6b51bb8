import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RouteShorthandOptions,
} from 'fastify';
import type * as v from 'valibot';
import { schema as jsonSchema } from './schema.ts';

/**
 * Who may call a route, declared on every API route (`config.access`) and checked by the one
 * access guard (plugins/access-guard.ts) before the input is validated, so nobody without the
 * access learns what the route accepts. public: anyone; signed-in: any session; staff: admin
 * or customersupport; admin: admin only. While staff impersonate a subscriber, the session's
 * account is the subscriber's.
 */
export type Access = 'public' | 'signed-in' | 'staff' | 'admin';

export const STAFF_ROLES = ['admin', 'customersupport'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles each restricted access admits. */
export const ROLES_OF: Record<'staff' | 'admin', readonly StaffRole[]> = {
  staff: STAFF_ROLES,
  admin: ['admin'],
};

/**
 * What a personal access token needs to call a route: read, write, or session when no token may
 * call it (the calls that manage tokens). Undeclared, it follows from the method: GET, and a
 * POST that changes nothing (readOnly), need read; any other call needs write. Staff and admin
 * routes take no token whatever it says.
 */
export type Scope = 'read' | 'write' | 'session';

/** The scope a route needs, as declared or as its method implies. */
export function scopeOf(
  method: string,
  config: { scope?: Scope; readOnly?: boolean } | undefined,
): Scope {
  if (config?.scope) return config.scope;
  return method === 'GET' || method === 'HEAD' || config?.readOnly ? 'read' : 'write';
}

/** The session's account, as the guard found it. */
export type Caller = { userId: string; impersonatorId: string | null };
/** On staff and admin routes, with the role the guard read from the database. */
export type StaffCaller = Caller & { role: StaffRole };

/** What a handler of a route with access `A` is given: nobody is possible on public routes only. */
export type CallerOf<A extends Access> = A extends 'public'
  ? Caller | null
  : A extends 'signed-in'
    ? Caller
    : StaffCaller;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    scope?: Scope;
  }
  interface FastifyRequest {
    /** Set by the access guard on every route that declares its access. */
    caller: Caller | StaffCaller | null;
  }
}

type Input = v.GenericSchema | undefined;
type Output<S extends Input> = S extends v.GenericSchema ? v.InferOutput<S> : unknown;

type Generic<B extends Input, Q extends Input, P extends Input> = {
  Body: Output<B>;
  Querystring: Output<Q>;
  Params: Output<P>;
};

/** A request whose body, query and params are what the route's valibot schemas output. */
export type TypedRequest<
  B extends Input = undefined,
  Q extends Input = undefined,
  P extends Input = undefined,
> = FastifyRequest<Generic<B, Q, P>>;

type RouteSchema<B extends Input, Q extends Input, P extends Input> = Omit<
  FastifySchema,
  'body' | 'querystring' | 'params'
> & { body?: B; querystring?: Q; params?: P };

export type RouteDefinition<
  A extends Access,
  B extends Input,
  Q extends Input,
  P extends Input,
> = Pick<RouteShorthandOptions, 'bodyLimit' | 'logLevel' | 'preValidation'> & {
  method: HTTPMethods;
  url: string;
  access: A;
  /** What a personal access token needs to call it; by default what its method implies. */
  scope?: Scope;
  /** Any other route config (notWhileImpersonating, readOnly, rateLimit). */
  config?: Omit<NonNullable<RouteShorthandOptions['config']>, 'access'>;
  /**
   * The OpenAPI fields and responses as Fastify takes them; body, querystring and params as
   * valibot schemas, which become the JSON Schema of the document (lib/schema.ts) and the types
   * of `request.body`, `request.query` and `request.params`.
   */
  schema: RouteSchema<B, Q, P>;
  /** Run after validation, with the typed request (attempt limits keyed by a field, …). */
  preHandler?: ((request: TypedRequest<B, Q, P>, reply: FastifyReply) => Promise<void>)[];
  handler: (
    request: TypedRequest<B, Q, P>,
    reply: FastifyReply,
    caller: CallerOf<A>,
  ) => Promise<unknown>;
};

/**
 * Registers a route whose handler gets its input typed from its schemas and the caller its
 * access guarantees: `route(app, { method, url, access, schema: { body, … }, handler })`.
 */
export function route<
  A extends Access,
  B extends Input = undefined,
  Q extends Input = undefined,
  P extends Input = undefined,
>(app: FastifyInstance, definition: RouteDefinition<A, B, Q, P>): void {
  const { access, scope, config, schema, handler, preHandler, ...options } = definition;
  const { body, querystring, params, ...rest } = schema;
  app.route<Generic<B, Q, P>>({
    ...options,
    config: { ...config, access, ...(scope && { scope }) },
    schema: {
      ...rest,
      ...(body && { body: jsonSchema(body) }),
      ...(querystring && { querystring: jsonSchema(querystring) }),
      ...(params && { params: jsonSchema(params) }),
    },
    ...(preHandler && { preHandler }),
    handler: (request, reply) => {
      const caller = request.caller;
      if (access !== 'public' && caller === null) {
        throw new Error(`${definition.method} ${definition.url}: the access guard did not run`);
      }
      // The guard set the caller for this access: a StaffCaller on staff and admin routes.
      return handler(request, reply, caller as CallerOf<A>);
    },
  });
}
