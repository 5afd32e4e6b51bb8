import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import type { TestApp } from './test-app.ts';

/**
 * How the fake answers a text to one number:
 * - ok: 201 with a Message resource (status queued), as Twilio accepts a text;
 * - invalid: 400 with code 21211 (not a valid phone number);
 * - not-mobile: 400 with code 21614 (cannot receive texts);
 * - rate-limited: 429 (code 20429); server-error: 500.
 */
export type FakeTwilioBehaviour = 'ok' | 'invalid' | 'not-mobile' | 'rate-limited' | 'server-error';

export type FakeTwilioRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The posted form's fields. */
  form: Record<string, string>;
  reply: { status: number; body: Record<string, unknown> };
};

export type FakeTwilio = {
  /** http://127.0.0.1:port, for TWILIO_API_BASE_URL. */
  url: string;
  accountSid: string;
  authToken: string;
  /** Every request received, in order, including refused ones. */
  requests: FakeTwilioRequest[];
  /** The accepted or refused sends to `to` (E.164). */
  messagesTo(to: string): FakeTwilioRequest[];
  setBehaviour(to: string, behaviour: FakeTwilioBehaviour): void;
  /**
   * Runs `hook` with the sid of each text to `to` that is accepted, before the fake answers the
   * send: as Twilio may report a text's status before its answer to the send has arrived.
   */
  beforeAnswering(
    to: string,
    hook: (sid: string, form: Record<string, string>) => Promise<void>,
  ): void;
  close(): Promise<void>;
};

function answer(
  res: ServerResponse,
  record: Omit<FakeTwilioRequest, 'reply'>,
  requests: FakeTwilioRequest[],
  status: number,
  body: Record<string, unknown>,
) {
  requests.push({ ...record, reply: { status, body } });
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const error = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

/**
 * A local stand-in for Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json)
 * that the real `twilio` client talks to over http: it checks the Basic credentials, records
 * each request and answers each number the way the test asked, with Twilio's codes and bodies.
 */
export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const requests: FakeTwilioRequest[] = [];
  const behaviours = new Map<string, FakeTwilioBehaviour>();
  const hooks = new Map<string, (sid: string, form: Record<string, string>) => Promise<void>>();
  const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake-twilio');
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const record = { method: req.method ?? '', path: url.pathname, headers: req.headers, form };
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        return answer(res, record, requests, 401, error(401, 20003, 'Authenticate'));
      }
      if (req.method !== 'POST' || url.pathname !== messagesPath) {
        return answer(
          res,
          record,
          requests,
          404,
          error(404, 20404, 'The requested resource was not found'),
        );
      }
      const to = form.To ?? '';
      if (!to)
        return answer(
          res,
          record,
          requests,
          400,
          error(400, 21604, "A 'To' phone number is required."),
        );
      if (!form.From && !form.MessagingServiceSid) {
        return answer(
          res,
          record,
          requests,
          400,
          error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required."),
        );
      }
      if (!form.Body)
        return answer(res, record, requests, 400, error(400, 21602, 'Message body is required.'));
      switch (behaviours.get(to) ?? 'ok') {
        case 'ok': {
          const sid = `SM${randomBytes(16).toString('hex')}`;
          await hooks.get(to)?.(sid, form);
          return answer(res, record, requests, 201, {
            sid,
            account_sid: accountSid,
            to,
            from: form.From ?? null,
            messaging_service_sid: form.MessagingServiceSid ?? null,
            body: form.Body,
            status: 'queued',
            num_segments: '1',
            direction: 'outbound-api',
            date_created: new Date().toUTCString(),
            error_code: null,
            error_message: null,
            uri: `${messagesPath.replace('.json', '')}/x.json`,
          });
        }
        case 'invalid':
          return answer(
            res,
            record,
            requests,
            400,
            error(400, 21211, `The 'To' number ${to} is not a valid phone number.`),
          );
        case 'not-mobile':
          return answer(
            res,
            record,
            requests,
            400,
            error(400, 21614, `'To' number ${to} is not a valid mobile number`),
          );
        case 'rate-limited':
          return answer(res, record, requests, 429, error(429, 20429, 'Too Many Requests'));
        case 'server-error':
          return answer(res, record, requests, 500, error(500, 20500, 'Internal Server Error'));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    requests,
    messagesTo: (to) => requests.filter((r) => r.path === messagesPath && r.form.To === to),
    setBehaviour: (to, behaviour) => void behaviours.set(to, behaviour),
    beforeAnswering: (to, hook) => void hooks.set(to, hook),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The sending number the tests configure. */
export const TWILIO_FROM = '+19165550100';

/** The environment of an app that texts through `fake`. */
export function fakeTwilioEnv(fake: FakeTwilio, env: Record<string, string> = {}) {
  return {
    SMS_TRANSPORT: 'twilio',
    TWILIO_ACCOUNT_SID: fake.accountSid,
    TWILIO_AUTH_TOKEN: fake.authToken,
    TWILIO_FROM,
    TWILIO_API_BASE_URL: fake.url,
    TWILIO_TIMEOUT_SECONDS: '5',
    ...env,
  };
}

/**
 * Posts a form to one of the app's Twilio webhooks as Twilio would: signed with `authToken`
 * over APP_URL and the path (unless `signature` is given, or null for none).
 */
export async function postTwilioWebhook(
  t: TestApp,
  path: string,
  form: Record<string, string>,
  options: { authToken?: string; signature?: string | null } = {},
) {
  const signature =
    options.signature !== undefined
      ? options.signature
      : twilio.getExpectedTwilioSignature(
          options.authToken ?? t.config.twilio!.authToken,
          `${t.config.appUrl}${path}`,
          form,
        );
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature !== null ? { 'x-twilio-signature': signature } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });
}
