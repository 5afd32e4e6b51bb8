import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { storedReason } from '../../i18n/stored.ts';
import { hostOf, type ResolvedAddress } from './safe-address.ts';

export const USER_AGENT = 'DeedWatch-Webhooks/1.0';

export type PostRequest = {
  url: URL;
  /** The address resolvePublicAddress checked: the connection goes there and nowhere else. */
  address: ResolvedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Of the response body, at most this much is read; the connection is then closed. */
  maxResponseBytes: number;
  /** Certificate authorities to trust instead of the system's (the system's plus WEBHOOK_CA_FILE). */
  ca?: string[];
};

export type PostResponse = { status: number; body: string; truncated: boolean };

/**
 * One POST to a webhook receiver over HTTPS, certificate checked against the URL's host name,
 * connected to the checked address (the host name is never looked up again). Redirects are not
 * followed (a 3xx is the answer), at most maxResponseBytes of the body are read, and the whole
 * exchange must end within timeoutMs. Rejects on a connection, TLS or timeout failure.
 */
export function postWebhook(request: PostRequest): Promise<PostResponse> {
  const { url, address } = request;
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
  const timedOut = () =>
    new Error(storedReason('stored.webhooks.timedOut', { seconds: request.timeoutMs / 1000 }));
  const failure = (err: Error) =>
    err.name === 'AbortError' || err.name === 'TimeoutError' ? timedOut() : err;
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    const req = https.request(
      {
        method: 'POST',
        hostname: hostOf(url),
        port: url.port === '' ? 443 : Number(url.port),
        path: `${url.pathname}${url.search}`,
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
          'user-agent': USER_AGENT,
        },
        lookup,
        // A connection of its own each time: a pooled socket would skip the address check.
        agent: false,
        signal: AbortSignal.timeout(request.timeoutMs),
        ...(request.ca && { ca: request.ca }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = (truncated: boolean) =>
          settle(() =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              truncated,
            }),
          );
        res.on('data', (chunk: Buffer) => {
          const room = request.maxResponseBytes - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += chunk.length;
          if (size > request.maxResponseBytes) {
            finish(true);
            res.destroy();
          }
        });
        res.on('end', () => finish(false));
        res.on('error', (err) => settle(() => reject(failure(err))));
        res.on('aborted', () =>
          settle(() => reject(new Error(storedReason('stored.webhooks.connectionClosed')))),
        );
      },
    );
    req.on('error', (err) => settle(() => reject(failure(err))));
    req.end(request.body);
  });
}
