import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * A personal access token: `dw_pat_`, 43 characters of base64url (256 random bits), and the
 * CRC-32 of both as 8 hex digits. The prefix lets secret scanners (and people) recognise a
 * DeedWatch token wherever it leaks; the checksum lets them, and the server, tell a real token
 * from a random string without asking the database.
 */
export const TOKEN_PREFIX = 'dw_pat_';
const BODY_LENGTH = 43;
export const TOKEN_LENGTH = TOKEN_PREFIX.length + BODY_LENGTH + 8;
/** What secret scanners search for. */
export const TOKEN_PATTERN = /^dw_pat_[A-Za-z0-9_-]{43}[0-9a-f]{8}$/;

const checksum = (text: string) => crc32(text).toString(16).padStart(8, '0');

export function generateToken(): string {
  const body = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return `${body}${checksum(body)}`;
}

/** Whether `token` has a token's shape and checksum (not whether it exists). */
export function wellFormedToken(token: string): boolean {
  if (token.length !== TOKEN_LENGTH || !TOKEN_PATTERN.test(token)) return false;
  const body = token.slice(0, -8);
  return checksum(body) === token.slice(-8);
}

/** What the database keeps of a token: its SHA-256, hex. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The start of a token, enough for its owner to tell it from their others. */
export const tokenHint = (token: string) => token.slice(0, TOKEN_PREFIX.length + 4);
