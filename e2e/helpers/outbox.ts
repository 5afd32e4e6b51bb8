import { waitFor } from '../../server/test/helpers/wait.ts';

/** A message as GET /dev/mail.json lists it. */
export type OutboxMail = { id: string; to: string; subject: string; text: string; html: string };

export const WELCOME_SUBJECT = 'Welcome to DeedWatch: please verify your email';
export const SIGN_IN_SUBJECT = 'Your DeedWatch sign-in link';

export async function outbox(baseUrl: string): Promise<OutboxMail[]> {
  const res = await fetch(`${baseUrl}/dev/mail.json`);
  if (res.status !== 200) throw new Error(`GET /dev/mail.json answered ${res.status}`);
  return (await res.json()) as OutboxMail[];
}

const linkIn = (mail: OutboxMail, label: string) =>
  new RegExp(`${label} (\\S+)`).exec(mail.text)?.[1];

/**
 * Waits for the newest mail to `to` with `subject` whose link after `label` is not among `used`
 * (mail is sent by a queue worker, a moment after the request), and returns that link.
 */
export async function linkFromMail(
  baseUrl: string,
  to: string,
  subject: string,
  label: string,
  used: readonly string[] = [],
): Promise<string> {
  const mail = await waitFor(`a new "${subject}" to ${to} in the outbox`, async () =>
    (await outbox(baseUrl)).find((m) => {
      if (m.to !== to || m.subject !== subject) return false;
      const link = linkIn(m, label);
      return link !== undefined && !used.includes(link);
    }),
  );
  return linkIn(mail, label)!;
}
