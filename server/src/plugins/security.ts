import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

export const rateLimitMessage = (_request: unknown, context: { ttl: number }) => ({
  statusCode: 429,
  error: 'Too Many Requests',
  message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
});

export type SecurityOptions = { https: boolean; rateLimitPerMinute: number };

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions) {
  await app.register(fastifyHelmet, {
    // Mantine sets inline style attributes; scripts come only from our own origin.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
  });

  await app.register(fastifyRateLimit, {
    max: options.rateLimitPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: rateLimitMessage,
  });
}
