import { createDashboardHandler } from '@pg-boss/dashboard/handler';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const DASHBOARD_PATH = '/admin/jobs';

/** The Fetch API request the dashboard handler expects, for this Fastify request. */
function toFetchRequest(request: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const body = request.body;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(body);
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(body) : undefined,
  });
}

async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name.toLowerCase() !== 'set-cookie') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

/**
 * The pg-boss dashboard at /admin/jobs, for admins only. Mounted, it skips its own login, so
 * the access guard's admin check is what guards it. Its pages bring their own
 * scripts: the Content-Security-Policy is off on these routes only; the other security headers stay.
 */
export async function adminDashboardRoutes(
  app: FastifyInstance,
  { databaseUrl, appUrl }: { databaseUrl: string; appUrl: string },
) {
  const origin = new URL(appUrl).origin;
  const handler = createDashboardHandler({
    databases: [{ url: databaseUrl, name: 'DeedWatch', schema: 'pgboss' }],
    basePath: DASHBOARD_PATH,
    allowedActionOrigins: [new URL(appUrl).host],
  });
  app.addHook('onClose', () => handler.close());

  // This plugin is encapsulated: its parsers apply to the dashboard routes only. Form posts
  // (retry, cancel, delete) reach the dashboard as the browser sent them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const serve = async (request: FastifyRequest, reply: FastifyReply) =>
    sendFetchResponse(reply, await handler(toFetchRequest(request, origin)));
  // GET pages and POST form actions are all the dashboard uses; any other method is not found
  // here (its router answers an unknown method with an error, a 500).
  for (const url of [DASHBOARD_PATH, `${DASHBOARD_PATH}/*`]) {
    app.route({
      method: ['GET', 'POST'],
      url,
      config: { access: 'admin', contentSecurityPolicy: false },
      schema: { hide: true },
      handler: serve,
    });
  }
}
