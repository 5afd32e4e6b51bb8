import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/** How long closing the app waits for handlers still running. */
export const IN_FLIGHT_CLOSE_TIMEOUT_MS = 10_000;

/**
 * Closing the app waits for every route handler still running, not only for the responses
 * Fastify still owes: a client that gave up (a timeout, a closed tab) leaves its handler running,
 * and once the caller destroys the database pool after `app.close()`, that handler's next query
 * would fail. Each async handler is counted from its call to its settling; `onClose` waits for
 * the count to reach 0, at most `timeoutMs`. Must be registered before any route.
 */
export function registerInFlight(
  app: FastifyInstance,
  { timeoutMs = IN_FLIGHT_CLOSE_TIMEOUT_MS }: { timeoutMs?: number } = {},
): void {
  let running = 0;
  let settled: (() => void) | undefined;
  const done = () => {
    running--;
    if (running === 0) settled?.();
  };

  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (result instanceof Promise) {
        running++;
        result.then(done, done);
      }
      return result;
    } as RouteHandlerMethod;
  });

  app.addHook('onClose', async () => {
    if (running === 0) return;
    const left = running;
    const finished = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      settled = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    if (finished) app.log.info({ handlers: left }, 'closing: waited for running handlers');
    else app.log.warn({ handlers: running }, 'closing: handlers still running after the wait');
  });
}
