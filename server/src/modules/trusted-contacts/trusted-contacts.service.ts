import { isEmail, MAX_TRUSTED_CONTACTS } from '@deedwatch/rules';
import type { Database } from '../../db/database.ts';
import {
  ACCEPT_CODE_TTL_DAYS,
  acceptUrl,
  createContactCode,
  stopUrl,
} from '../../engine/alerts/contact-codes.ts';
import { said } from '../../lib/errors.ts';
import { hashLinkCode, isLinkCode } from '../../lib/link-codes.ts';
import type { Caller } from '../../lib/route.ts';
import type { MailSender } from '../../mail/mail-sender.ts';
import { languageOf } from '../../mail/mail.repository.ts';
import type { Brand } from '../../mail/templates.ts';
import { contactInviteMail } from '../../mail/trusted-contact-templates.ts';
import { sessionUser } from '../user/session-user.service.ts';
import { lockUser } from '../user/user.repository.ts';
import * as repo from './trusted-contacts.repository.ts';

export type ContactDeps = { db: Database; mailSender: MailSender; brand: Brand };

export const INVALID_CONTACT_LINK =
  'This link is invalid, used or expired. If you were invited, ask the person who named you to name you again.';

/**
 * Names a trusted contact: at most MAX_TRUSTED_CONTACTS per subscriber, never one of the
 * subscriber's own addresses. The contact is invited by mail (accept and stop links) in the same
 * transaction, and gets nothing else until they accept.
 */
export async function addContact(
  deps: ContactDeps,
  caller: Caller,
  input: { email: string; name: string },
) {
  const { db } = deps;
  const email = input.email.toLowerCase();
  if (!isEmail(email)) throw said(400, 'errors.trustedContactEmail');
  await db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, caller.userId);
    if (!user) throw said(404, 'errors.accountNotFound');
    const own = new Set([user.email.toLowerCase(), ...(await repo.ownEmails(trx, caller.userId))]);
    if (own.has(email)) throw said(400, 'errors.contactIsYou', { email });
    const contacts = await repo.listContacts(trx, caller.userId);
    if (contacts.some((c) => c.email === email)) throw said(409, 'errors.contactExists', { email });
    if (contacts.length >= MAX_TRUSTED_CONTACTS)
      throw said(409, 'errors.tooManyContacts', { max: MAX_TRUSTED_CONTACTS });
    const { id } = await repo.insertContact(trx, caller.userId, email, input.name);
    const accept = await createContactCode(trx, id, 'accept');
    const stop = await createContactCode(trx, id, 'stop');
    await deps.mailSender.enqueue(trx, {
      deliveryKind: 'contact_invite',
      userId: caller.userId,
      message: {
        to: email,
        ...contactInviteMail(deps.brand, {
          subscriberEmail: user.email,
          contactName: input.name,
          acceptUrl: acceptUrl(deps.brand.appUrl, accept),
          stopUrl: stopUrl(deps.brand.appUrl, stop),
          validDays: ACCEPT_CODE_TTL_DAYS,
          language: await languageOf(trx, caller.userId),
        }),
      },
    });
  });
  return sessionUser(db, caller);
}

/**
 * Removes a trusted contact at once: their links stop working and mail to them not yet sent is
 * dropped. Another user's contact is not found.
 */
export async function removeContact(db: Database, caller: Caller, contactId: string) {
  await db.transaction().execute(async (trx) => {
    const email = await repo.deleteContact(trx, caller.userId, contactId);
    if (!email) throw said(404, 'errors.trustedContactNotFound', { id: contactId });
    await repo.deleteQueuedMail(trx, caller.userId, email);
  });
  return sessionUser(db, caller);
}

/**
 * The contact accepts by the link of their invitation: copies of Act now alerts start. The same
 * link opened again while the invitation holds (7 days) says they are active, and changes
 * nothing; a contact who stopped or was removed is not found.
 */
export async function acceptInvitation(db: Database, code: string) {
  if (!isLinkCode(code)) throw said(404, 'errors.invalidContactLink');
  const hash = hashLinkCode(code);
  return db.transaction().execute(async (trx) => {
    const used = await repo.useCode(trx, hash, 'accept');
    const contactId = used?.contact_id ?? (await repo.answeredByCode(trx, hash, 'accept'))?.id;
    const contact = contactId && (await repo.findContact(trx, contactId));
    if (!contact || contact.status === 'stopped') throw said(404, 'errors.invalidContactLink');
    await repo.activate(trx, contact.id);
    return { status: 'active' as const, subscriberEmail: contact.subscriber_email };
  });
}

/**
 * One click stops a contact for good (the invitation's stop link, or any copy's): nothing more
 * is sent, not even mail queued and not yet sent, and none of their links works again. The same link clicked again says it is stopped.
 */
export async function stopContact(db: Database, code: string) {
  if (!isLinkCode(code)) throw said(404, 'errors.invalidContactLink');
  const hash = hashLinkCode(code);
  return db.transaction().execute(async (trx) => {
    const used = await repo.useCode(trx, hash, 'stop');
    const contactId = used?.contact_id ?? (await repo.answeredByCode(trx, hash, 'stop'))?.id;
    const contact = contactId && (await repo.findContact(trx, contactId));
    if (!contact) throw said(404, 'errors.invalidContactLink');
    await repo.stop(trx, contact.id);
    await repo.deleteQueuedMail(trx, contact.user_id, contact.email);
    return { status: 'stopped' as const, subscriberEmail: contact.subscriber_email };
  });
}
