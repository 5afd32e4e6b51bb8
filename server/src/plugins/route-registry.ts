import type { FastifyInstance } from 'fastify';
import type { Access } from '../lib/route.ts';

/** access: what the route's config declares (undefined outside the API: the docs, the web app). */
export type RegisteredRoute = { method: string; url: string; access: Access | undefined };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app as registered (HEAD routes Fastify adds for GETs left out). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Keeps the list of every route the app registers, with its declared access, for the
 * route-policy test that calls each one with every role: a route added without a declared
 * policy fails that test. Must be registered before any route.
 */
export function registerRouteRegistry(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, access: route.config?.access });
    }
  });
  app.decorate('registeredRoutes', routes);
}
