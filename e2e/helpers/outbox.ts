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

/**
 * Waits for a mail to `to` with a subject matching `subject` that is not among `seen` (by id),
 * adds it to `seen`, and returns it: each step of a journey reads the mail it caused.
 */
export async function newMail(
  baseUrl: string,
  to: string,
  subject: RegExp,
  seen: Set<string>,
): Promise<OutboxMail> {
  const mail = await waitFor(`a new mail to ${to} matching ${subject} in the outbox`, async () =>
    (await outbox(baseUrl)).find((m) => m.to === to && subject.test(m.subject) && !seen.has(m.id)),
  );
  seen.add(mail.id);
  return mail;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The links of a mail as a mail client shows them: every href of the HTML, every URL of the text. */
export function linksOf(mail: OutboxMail): { html: string[]; text: string[] } {
  const html = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) =>
    m[1]!.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!),
  );
  // A URL ends at whitespace; a full stop or comma after it is the sentence's, not the URL's.
  const text = [...mail.text.matchAll(/\b(?:https?:\/\/|mailto:)\S+/g)].map((m) =>
    m[0].replace(/[.,;:)]+$/, ''),
  );
  return { html, text };
}
