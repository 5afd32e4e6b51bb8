import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { translator } from '../i18n/index.ts';
import { errorBodyFor, languageOfRequest } from './error-handler.ts';
import { methodsAt, methodsInWords } from './method-not-allowed.ts';

/** Paths the server owns: a miss there is a JSON 404, never the web app's index.html. */
const serverPaths = /^\/(api|docs|dev|admin\/jobs|healthz|readyz)(\/|$|\?)/;

/** Longer paths are never pages of the web app (a document link is two names of 255 bytes). */
const MAX_PAGE_PATH = 2048;

/**
 * The web app's pages whose last segment looks like a file name: the alert mail's document link
 * `/documents/<county>/<file>.pdf`. Any other path with an extension is a static file, and a
 * missing one stays a 404 instead of becoming index.html.
 */
const pagesWithExtension = [/^\/documents\/[^/]+\/[^/]+$/];

function isWebAppPath(pathname: string): boolean {
  if (pathname.length > MAX_PAGE_PATH || serverPaths.test(pathname)) return false;
  const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
  return !looksLikeFile || pagesWithExtension.some((page) => page.test(pathname));
}

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

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const accept = request.headers.accept ?? '*/*';
    const wantsPage = accept.includes('text/html') || accept.includes('*/*');
    // HEAD too: some mail clients check a link before they open it.
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (hasBuild && isRead && wantsPage && isWebAppPath(pathname)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    // A path of the API asked with a method it does not have: 405, saying which it has, so a
    // client that used the wrong method is not told the path is missing. Named by the route's
    // pattern, never by what the client sent.
    // The routes are the registry's (plugins/route-registry.ts); an app without one has none.
    const routes = app.hasDecorator('registeredRoutes') ? app.registeredRoutes : [];
    const offered = methodsAt(routes, pathname);
    const say = translator(await languageOfRequest(request));
    if (offered) {
      const methods = offered.methods;
      const inWords =
        methods.length > 1
          ? say('api.request.methodsOr', {
              first: methods.slice(0, -1).join(', '),
              last: methods.at(-1)!,
            })
          : methodsInWords(methods);
      return reply
        .status(405)
        .header('allow', offered.allow.join(', '))
        .send(
          errorBodyFor(
            405,
            say('api.request.useMethod', { methods: inWords, path: offered.pattern }),
          ),
        );
    }
    // The path as sent, up to a length a person reads: Node lets a request line run to 16 KiB.
    const shown =
      pathname.length > SHOWN_PATH_LENGTH ? `${pathname.slice(0, SHOWN_PATH_LENGTH)}…` : pathname;
    return reply
      .status(404)
      .send(
        errorBodyFor(404, say('api.request.nothingAt', { method: request.method, path: shown })),
      );
  });
}

/** How much of an unknown path a 404 repeats. */
const SHOWN_PATH_LENGTH = 200;
