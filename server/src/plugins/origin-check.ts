import type { FastifyInstance } from 'fastify';
import { said } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests made by a page of another site: its Origin must be APP_URL's,
 * and a browser's Sec-Fetch-Site must not say cross-site. Clients that send neither header
 * (curl, server-to-server) are not browsers carrying someone's cookie and pass.
 */
export function registerOriginCheck(app: FastifyInstance, appUrl: string): void {
  const allowed = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    const crossOrigin =
      origin !== undefined ? origin !== allowed : site === 'cross-site' || site === 'same-site';
    if (crossOrigin) throw said(403, 'errors.crossSite');
  });
}
