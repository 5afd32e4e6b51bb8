import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBodyFor } from './error-handler.ts';

/** Paths the server owns: a miss there is a JSON 404, never the web app's index.html. */
const serverPaths = /^\/(api|docs|dev|admin\/jobs|healthz|readyz)(\/|$|\?)/;

/**
 * Serves the built web app from `webDist`. Any other GET that asks for HTML gets index.html so
 * the client router can take the path (SPA fallback). Without a build, the API still runs.
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/; index.html must always be revalidated.
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDist }, 'no web build found: run `npm run build` to serve the web app');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const accept = request.headers.accept ?? '*/*';
    const wantsPage = accept.includes('text/html') || accept.includes('*/*');
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    const isPage = request.method === 'GET' && wantsPage && !looksLikeFile;
    if (hasBuild && isPage && !serverPaths.test(pathname)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send(errorBodyFor(404, `There is nothing at ${request.method} ${pathname}.`));
  });
}
