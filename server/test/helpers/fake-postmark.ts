import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the fake answers a message to one recipient:
 * - ok: 200 with a MessageID, as Postmark accepts a message;
 * - invalid: 422 with ErrorCode 300 (an invalid email request);
 * - inactive: 422 with ErrorCode 406 (the recipient hard-bounced or complained before);
 * - rate-limited: 429; server-error: 500;
 * - hang: reads the request and never answers, so the client's timeout fires.
 */
export type FakePostmarkBehaviour =
  'ok' | 'invalid' | 'inactive' | 'rate-limited' | 'server-error' | 'hang';

export type FakePostmarkRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; undefined when the body was not a JSON object. */
  body: Record<string, unknown> | undefined;
  /** What the fake answered; undefined while it hangs. */
  reply: { status: number; body: Record<string, unknown> } | undefined;
};

export type FakePostmark = {
  /** host:port, for POSTMARK_API_HOST (over plain http). */
  host: string;
  /** The only server token the fake accepts. */
  token: string;
  /** Every request received, in order, including refused ones. */
  requests: FakePostmarkRequest[];
  /** The requests whose To names `recipient` (case-insensitive). */
  requestsTo(recipient: string): FakePostmarkRequest[];
  /**
   * Sets how messages to `recipient` are answered (default 'ok'). A list is played one request
   * at a time and its last entry then repeats: `['server-error', 'ok']` fails once, then succeeds.
   */
  setBehaviour(recipient: string, behaviour: FakePostmarkBehaviour | FakePostmarkBehaviour[]): void;
  /**
   * Stores a template on the fake server: POST /email/withTemplate accepts only the aliases
   * added here and answers any other with Postmark's 422 "template not found".
   */
  addTemplate(alias: string): void;
  /** Stops the server, dropping any request left hanging. */
  close(): Promise<void>;
};

const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** The addresses in a Postmark To field: "a@x.com, Name <b@y.com>" → ['a@x.com', 'b@y.com']. */
function addresses(to: unknown): string[] {
  if (typeof to !== 'string') return [];
  return to
    .split(',')
    .map((part) => (/<([^>]*)>/.exec(part)?.[1] ?? part).trim().toLowerCase())
    .filter((address) => address !== '');
}

function answer(res: ServerResponse, record: FakePostmarkRequest, status: number, body: object) {
  record.reply = { status, body: body as Record<string, unknown> };
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/**
 * A local stand-in for Postmark's API (POST /email and /email/withTemplate) that the real `postmark` client can talk to
 * over http: it checks the server token, records each request and answers each recipient the way
 * the test asked, with Postmark's status codes and error bodies.
 */
export async function startFakePostmark(): Promise<FakePostmark> {
  const token = `fake-server-token-${randomBytes(8).toString('hex')}`;
  const requests: FakePostmarkRequest[] = [];
  const behaviours = new Map<string, FakePostmarkBehaviour[]>();
  const templates = new Set<string>();

  const behaviourFor = (recipients: string[]): FakePostmarkBehaviour => {
    for (const recipient of recipients) {
      const plan = behaviours.get(recipient);
      if (!plan) continue;
      // The last entry stays: it is what every later request gets.
      return plan.length > 1 ? plan.shift()! : plan[0]!;
    }
    return 'ok';
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake-postmark');
      let body: Record<string, unknown> | undefined;
      let validJson = true;
      try {
        const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
          body = parsed as Record<string, unknown>;
        } else validJson = false;
      } catch {
        validJson = false;
      }
      const record: FakePostmarkRequest = {
        method: req.method ?? '',
        path: url.pathname,
        headers: req.headers,
        body,
        reply: undefined,
      };
      requests.push(record);

      const given = req.headers['x-postmark-server-token'];
      if (given === undefined) {
        return answer(res, record, 401, {
          ErrorCode: 10,
          Message:
            'No Account or Server API tokens were supplied in the HTTP headers. Please add a header for either X-Postmark-Server-Token or X-Postmark-Account-Token.',
        });
      }
      if (given !== token) {
        return answer(res, record, 401, {
          ErrorCode: 10,
          Message: 'Request does not contain a valid Server token.',
        });
      }
      const withTemplate = url.pathname === '/email/withTemplate';
      if (req.method !== 'POST' || (url.pathname !== '/email' && !withTemplate)) {
        return answer(res, record, 404, { ErrorCode: 0, Message: 'Not found.' });
      }
      if (!validJson || !body) {
        return answer(res, record, 422, {
          ErrorCode: 402,
          Message: 'Received invalid JSON input.',
        });
      }
      if (withTemplate) {
        const alias = body.TemplateAlias;
        if (typeof alias !== 'string' || !templates.has(alias)) {
          return answer(res, record, 422, {
            ErrorCode: 1101,
            Message: `The template with alias '${String(alias)}' does not exist on this server.`,
          });
        }
        const model = body.TemplateModel;
        if (!model || typeof model !== 'object' || Array.isArray(model)) {
          return answer(res, record, 422, {
            ErrorCode: 403,
            Message: 'TemplateModel must be a JSON object.',
          });
        }
      }
      const recipients = addresses(body.To);
      if (recipients.length === 0) {
        return answer(res, record, 422, { ErrorCode: 300, Message: 'Zero recipients specified' });
      }
      if (typeof body.From !== 'string' || body.From === '') {
        return answer(res, record, 422, { ErrorCode: 300, Message: "Provide a 'From' address." });
      }

      switch (behaviourFor(recipients)) {
        case 'ok':
          return answer(res, record, 200, {
            To: body.To,
            SubmittedAt: new Date().toISOString(),
            MessageID: randomUUID(),
            ErrorCode: 0,
            Message: 'OK',
          });
        case 'invalid':
          return answer(res, record, 422, {
            ErrorCode: 300,
            Message: `Invalid 'To' address: '${String(body.To)}'.`,
          });
        case 'inactive':
          return answer(res, record, 422, {
            ErrorCode: 406,
            Message: `You tried to send to recipient(s) that have been marked as inactive. Found inactive addresses: ${recipients.join(', ')}. Inactive recipients are ones that have generated a hard bounce, a spam complaint, or a manual suppression.`,
          });
        case 'rate-limited':
          return answer(res, record, 429, {
            ErrorCode: 0,
            Message: 'Rate limit exceeded. Please slow down your requests.',
          });
        case 'server-error':
          return answer(res, record, 500, { ErrorCode: 0, Message: 'Internal server error.' });
        case 'hang':
          // Read and never answered: the sender cannot know whether it was accepted.
          return;
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    host: `127.0.0.1:${port}`,
    token,
    requests,
    requestsTo: (recipient) =>
      requests.filter((r) => addresses(r.body?.To).includes(recipient.toLowerCase())),
    setBehaviour(recipient, behaviour) {
      const plan = Array.isArray(behaviour) ? [...behaviour] : [behaviour];
      if (plan.length === 0) throw new Error('setBehaviour needs at least one behaviour');
      behaviours.set(recipient.toLowerCase(), plan);
    },
    addTemplate(alias) {
      templates.add(alias);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // close() waits for open connections; a hanging request's would never end.
        server.closeAllConnections();
      }),
  };
}

/** The environment of an app that sends through `fake` (over http, with a 5 s timeout). */
export function fakePostmarkEnv(
  fake: FakePostmark,
  env: Record<string, string> = {},
): Record<string, string> {
  return {
    POSTMARK_SERVER_TOKEN: fake.token,
    POSTMARK_API_HOST: fake.host,
    POSTMARK_USE_HTTPS: 'false',
    POSTMARK_TIMEOUT_SECONDS: '5',
    ...env,
  };
}
