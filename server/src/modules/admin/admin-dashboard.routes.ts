import { createDashboardHandler } from '@pg-boss/dashboard/handler';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';

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

const PAGE = /^\d{1,6}$/;
// Goes into an integer column: nine digits at most stay under 2^31.
const RETRIES = /^\d{1,9}$/;
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Refuses what the dashboard would pass to its database and fail on with a 500: a NUL anywhere
 * in the address, a page number past any list (it goes into a bigint), a retry count past an
 * integer, a job id that is not a UUID. The address is at most 16 KB (Node's limit on a request
 * head).
 */
function checkDashboardAddress(url: string): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    throw badRequest('The address is not valid percent-encoding.');
  }
  if (decoded.includes('\u0000')) throw badRequest('The address holds a NUL character.');
  const parsed = new URL(url, 'http://dashboard');
  if (parsed.searchParams.getAll('page').some((page) => !PAGE.test(page))) {
    throw badRequest('page must be a whole number from 0 to 999999.');
  }
  const retries = parsed.searchParams.getAll('minRetries').map((r) => r.trim());
  if (retries.some((r) => r !== '' && !RETRIES.test(r))) {
    throw badRequest('minRetries must be a whole number from 0 to 999999999.');
  }
  // A job's page and actions: /queues/<queue>/jobs/<id>.
  const [, queues, , jobs, id] = parsed.pathname.slice(DASHBOARD_PATH.length).split('/');
  if (queues === 'queues' && jobs === 'jobs' && id && !JOB_ID.test(decodeURIComponent(id))) {
    throw notFound('No job has that id.');
  }
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * Refuses a form post the dashboard's actions could not read (they answer a body that is no
 * form, or a broken one, with a 500): 415 for another kind of body, 400 for a form that does not
 * parse.
 */
async function checkDashboardForm(request: Request): Promise<void> {
  if (request.method !== 'POST') return;
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    throw new HttpError(
      415,
      'Send the form as application/x-www-form-urlencoded or multipart/form-data.',
    );
  }
  try {
    await request.clone().formData();
  } catch {
    throw badRequest('The form could not be read.');
  }
}

/** What a browser is shown at /admin/jobs by someone signed in who is not an admin. */
const ADMINS_ONLY_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Admins only - DeedWatch</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1>Admins only</h1>
<p>The job queues are for admins. Your account cannot open them.</p>
<p><a href="/admin">Back to Admin</a> (staff) or <a href="/">DeedWatch's home page</a></p>
</body>
</html>
`;

const wantsPage = (request: FastifyRequest) =>
  request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');

/**
 * The pg-boss dashboard at /admin/jobs, for admins only. Mounted, it skips its own login, so
 * the access guard's admin check is what guards it. Its pages bring their own inline scripts:
 * the Content-Security-Policy of these routes lets those run, and is otherwise the app's (in
 * particular, nothing is loaded from another origin). A browser that may not open it is sent
 * to the staff sign-in, /admin-login (not signed in), or shown a page saying so (signed in,
 * not an admin);
 * any other caller gets the API's JSON errors.
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

  app.setErrorHandler((err: { statusCode?: number }, request, reply) => {
    if (wantsPage(request) && err.statusCode === 401) return reply.redirect('/admin-login', 303);
    if (wantsPage(request) && err.statusCode === 403) {
      return reply.status(403).type('text/html; charset=utf-8').send(ADMINS_ONLY_PAGE);
    }
    // Everything else as the rest of the API answers it.
    throw err;
  });

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    checkDashboardAddress(request.url);
    const fetchRequest = toFetchRequest(request, origin);
    await checkDashboardForm(fetchRequest);
    return sendFetchResponse(reply, await handler(fetchRequest));
  };
  // GET pages and POST form actions are all the dashboard uses; any other method is not found
  // here (its router answers an unknown method with an error, a 500).
  for (const url of [DASHBOARD_PATH, `${DASHBOARD_PATH}/*`]) {
    app.route({
      method: ['GET', 'POST'],
      url,
      config: {
        access: 'admin',
        contentSecurityPolicy: 'inline-scripts',
        referrerPolicy: 'same-origin',
      },
      schema: { hide: true },
      handler: serve,
    });
  }
}
