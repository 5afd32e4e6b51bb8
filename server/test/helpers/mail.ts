import type { Database } from '../../src/db/database.ts';
import { waitFor } from './wait.ts';

/** The mails to `to` whose subject matches, newest first. */
export async function mailsTo(db: Database, to: string, subject: RegExp) {
  const rows = await db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('recipient', '=', to)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.filter((m) => subject.test(m.subject));
}

/** Waits for the outbox to hold a message to `to` whose subject matches, and returns the newest. */
export async function waitForMail(db: Database, to: string, subject: RegExp) {
  return waitFor(
    `a mail to ${to} matching ${subject}`,
    async () => (await mailsTo(db, to, subject))[0],
  );
}

/** The code in the first link to `path` (e.g. 'login-redirect') of a message's text. */
export function codeFrom(text: string, path: string): string {
  const match = new RegExp(`/${path}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no /${path}/ link in:\n${text}`);
  return match[1];
}

export async function countOutbox(db: Database, to: string): Promise<number> {
  const row = await db
    .selectFrom('outbox_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('recipient', '=', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
