import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { tooManyRequests } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'inline-scripts' on the routes whose pages bring their own inline scripts (the job
     * dashboard): their policy also runs inline scripts, and is otherwise the same (nothing
     * loaded from another origin: not the web fonts the dashboard asks Google for).
     */
    contentSecurityPolicy?: 'inline-scripts';
    /**
     * 'same-origin' on the pages whose own forms post back to us (the job dashboard). Under
     * no-referrer a browser sends such a post with `Origin: null`, which the origin check must
     * refuse as it would a page of another site; same-origin still tells other sites nothing.
     */
    referrerPolicy?: 'same-origin';
  }
}

/**
 * Fastify's options that close a connection whose request is not wholly received in `ms` (a
 * client trickling its headers or body, or stopping mid-body) with 408; Fastify's default turns
 * Node's limit off. Node takes the limit only when the server is made (set later, it is never
 * checked), and checks the open connections at the interval given (30 s by default, which would
 * let a short limit run long). Every server we listen with takes them.
 */
export const requestTimeouts = (ms: number) => ({
  requestTimeout: ms,
  http: {
    requestTimeout: ms,
    connectionsCheckingInterval: Math.min(5_000, Math.ceil(ms / 4)),
  },
});

/** The global limit's 429, told in the request's language by the error handler. */
export const rateLimitMessage = (_request: unknown, context: { ttl: number }) =>
  tooManyRequests(context.ttl);

export type SecurityOptions = { https: boolean; rateLimitPerMinute: number };

type Headers = Record<string, string>;

/**
 * The headers helmet's middleware sets for `options`, read once by running it against a
 * response that only records them. Our options hold nothing that varies by request (no nonces,
 * no directive functions), so every response gets the same headers; running helmet per request
 * rebuilt its middleware each time.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Headers {
  const headers: Headers = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

function securityHeaderOptions(https: boolean, inlineScripts = false): HelmetOptions {
  return {
    // Mantine sets inline style attributes; scripts come only from our own origin.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        scriptSrc: inlineScripts ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
  };
}

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions) {
  const withPolicy = helmetHeaders(securityHeaderOptions(options.https));
  const withInlineScripts = helmetHeaders(securityHeaderOptions(options.https, true));
  const referrerSameOrigin = { 'referrer-policy': 'same-origin' };
  app.addHook('onRequest', (request, reply, done) => {
    const { contentSecurityPolicy, referrerPolicy } = request.routeOptions.config;
    reply.headers(contentSecurityPolicy === 'inline-scripts' ? withInlineScripts : withPolicy);
    if (referrerPolicy === 'same-origin') reply.headers(referrerSameOrigin);
    done();
  });

  await app.register(fastifyRateLimit, {
    max: options.rateLimitPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: rateLimitMessage,
  });
}
