import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from './session.ts';

export const openApiInfo = {
  title: 'DeedWatch API',
  description:
    'Property-fraud alerts: subscribers guard parcel numbers (APNs), addresses and owner names, and are emailed when the county recorder records a document that affects them. Authentication is a session cookie: sign in through the auth calls, then call the API from the same browser.',
  version: '1.0.0',
};

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
        },
      },
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true, withCredentials: true },
  });
}
