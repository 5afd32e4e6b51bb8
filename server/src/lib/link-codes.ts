import { createHash, randomBytes } from 'node:crypto';

/**
 * The codes of links mailed to people who have no session to sign in with (a trusted contact's
 * accept and stop links): 32 bytes from the CSPRNG (256 bits) as base64url, 43 characters, of
 * which only the SHA-256 is stored, exactly as for sign-in codes.
 */
const LINK_CODE = /^[A-Za-z0-9_-]{43}$/;

export const hashLinkCode = (code: string): Buffer => createHash('sha256').update(code).digest();

/** Whether `code` could be a link code at all: anything else is refused before any lookup. */
export const isLinkCode = (code: string): boolean => LINK_CODE.test(code);

/** A new code and the hash to store. */
export function newLinkCode(): { code: string; hash: Buffer } {
  const code = randomBytes(32).toString('base64url');
  return { code, hash: hashLinkCode(code) };
}
