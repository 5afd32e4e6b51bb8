import type { Executor } from '../../db/database.ts';
import { newLinkCode } from '../../lib/link-codes.ts';
import { insertContactCode } from './alerts.repository.ts';

/** How long a trusted contact has to accept an invitation. */
export const ACCEPT_CODE_TTL_DAYS = 7;
/** A stop link keeps working long after the copy that carried it: stopping must stay one click. */
export const STOP_CODE_TTL_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new single-use code of a trusted contact's accept or stop link; only its hash is stored. */
export async function createContactCode(
  db: Executor,
  contactId: string,
  purpose: 'accept' | 'stop',
): Promise<string> {
  const { code, hash } = newLinkCode();
  const days = purpose === 'accept' ? ACCEPT_CODE_TTL_DAYS : STOP_CODE_TTL_DAYS;
  await insertContactCode(db, {
    contactId,
    purpose,
    hash,
    expiresAt: new Date(Date.now() + days * DAY_MS),
  });
  return code;
}

/** The web pages a contact's links open. */
export const acceptUrl = (appUrl: string, code: string) =>
  `${appUrl}/trusted-contact/accept/${code}`;
export const stopUrl = (appUrl: string, code: string) => `${appUrl}/trusted-contact/stop/${code}`;
