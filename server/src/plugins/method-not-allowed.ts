import type { RegisteredRoute } from './route-registry.ts';

/** What a path of the API offers when it was asked with a method it does not have. */
export type PathMethods = {
  /** The route's pattern as registered (/api/webhooks/:id): never the path the client sent. */
  pattern: string;
  /** For the Allow header: HEAD with GET, as Fastify answers HEAD wherever it answers GET. */
  allow: string[];
  /** The methods a client means to call, in the order of `allow`. */
  methods: string[];
};

/** Longer paths are no route of ours: not worth splitting. */
const MAX_API_PATH = 2048;

/** A registered pattern, segment by segment: a `:param` takes any one non-empty segment. */
function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split('/');
  return parts.every((part, i) => {
    const segment = segments[i];
    if (segment === undefined) return false;
    // A wildcard takes the rest of the path, whatever its length.
    if (part === '*') return true;
    if (i === parts.length - 1 && segments.length !== parts.length) return false;
    return part.startsWith(':') ? segment !== '' : part === segment;
  });
}

const paramCount = (pattern: string) => pattern.split('/').filter((p) => p.startsWith(':')).length;

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The methods the API's routes offer at `pathname`, matched by their patterns as the router
 * matches them, or undefined when no route has the path (a 404). Only under /api: elsewhere a
 * miss is the web app's or a 404, as it was.
 */
export function methodsAt(
  routes: readonly RegisteredRoute[],
  pathname: string,
): PathMethods | undefined {
  if (!pathname.startsWith('/api/') || pathname.length > MAX_API_PATH) return undefined;
  const segments = pathname.split('/');
  const found = routes.filter((r) => r.url.startsWith('/api/') && matches(r.url, segments));
  if (found.length === 0) return undefined;
  // The most specific pattern names the path, as the router prefers a static segment.
  const pattern = found
    .map((r) => r.url)
    .sort((a, b) => paramCount(a) - paramCount(b) || a.localeCompare(b))[0]!;
  const methods = [...new Set(found.map((r) => r.method))].sort(
    (a, b) => ORDER.indexOf(a) - ORDER.indexOf(b),
  );
  const allow = methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]));
  return { pattern, allow, methods };
}

/** "GET", "GET or POST", "GET, PATCH or DELETE". */
export function methodsInWords(methods: readonly string[]): string {
  return methods.length <= 1
    ? (methods[0] ?? '')
    : `${methods.slice(0, -1).join(', ')} or ${methods.at(-1)}`;
}
