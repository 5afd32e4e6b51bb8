import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption (AES-256-GCM) for values that must pass through the database but
 * must not be readable there, such as a sign-in link inside a queued job's payload.
 */
export type SealingKey = Buffer;

export function deriveSealingKey(secret: string, purpose: string): SealingKey {
  return Buffer.from(hkdfSync('sha256', secret, 'deedwatch', purpose, 32));
}

export function seal(key: SealingKey, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Throws when the value was not sealed with this key or was altered. */
export function unseal(key: SealingKey, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
