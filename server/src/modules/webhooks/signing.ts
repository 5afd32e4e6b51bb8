import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (standardwebhooks.com): the secret is `whsec_` and base64 of its
 * key bytes; each delivery carries webhook-id, webhook-timestamp (Unix seconds) and
 * webhook-signature `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, so the receiver can check
 * the body is ours, unaltered, and recent.
 */
export const SECRET_PREFIX = 'whsec_';

export function generateSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The headers of one delivery attempt, signed at `at`. */
export function signedHeaders(secret: string, id: string, at: Date, body: string) {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': sign(secret, id, timestamp, body),
  };
}
