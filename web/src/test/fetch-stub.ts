import { vi } from 'vitest';

type Handler = (request: Request) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Replaces globalThis.fetch with handlers keyed by "METHOD /path". Unknown calls get a 404, so a
 * test notices a request it did not expect.
 */
export function stubFetch(handlers: Record<string, Handler>) {
  const requests: Request[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    const handler = handlers[`${request.method} ${new URL(request.url).pathname}`];
    if (handler) return handler(request);
    return json({ statusCode: 404, error: 'Not Found', message: 'No handler in this test' }, 404);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { fetch: fetchStub, requests };
}

/** The JSON body a stubbed request was sent with. */
export const bodyOf = async (request: Request): Promise<unknown> =>
  JSON.parse(await request.clone().text()) as unknown;

/** Requests to one "METHOD /path". */
export const callsTo = (requests: Request[], route: string) =>
  requests.filter((r) => `${r.method} ${new URL(r.url).pathname}` === route);
