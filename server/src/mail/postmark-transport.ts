import { ServerClient } from 'postmark';
import type { Config } from '../config.ts';
import { type MailMessage, MailSendError, type MailTransport } from './mail.types.ts';

type PostmarkConfig = Omit<NonNullable<Config['postmark']>, 'alertTemplates'>;

// Postmark's own error codes, sent in a 422 body (https://postmarkapp.com/developer/api/overview#error-codes).
const INACTIVE_RECIPIENT = 406;
// Errors that mean the request never reached Postmark, so a resend cannot duplicate it.
const NOT_SENT = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH/;

/**
 * fetch for the Postmark client: a network failure keeps its cause in the message, which the
 * client would otherwise reduce to "fetch failed" — the cause decides whether a resend is safe.
 */
const fetchKeepingCause: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    throw new Error(`${e.message} (${e.cause?.code ?? e.name})`, { cause: err });
  }
};

export function classifyPostmarkError(err: unknown): MailSendError {
  const e = err as { statusCode?: number; code?: number; message?: string };
  const status = e.statusCode ?? 0;
  const message = e.message ?? String(err);
  if (status === 422 && e.code === INACTIVE_RECIPIENT)
    return new MailSendError('inactive', message);
  if (status === 429 || status >= 500) return new MailSendError('retry', message);
  if (status >= 400) return new MailSendError('reject', message);
  if (NOT_SENT.test(message)) return new MailSendError('retry', message);
  return new MailSendError('ambiguous', message);
}

export function createPostmarkTransport(config: PostmarkConfig, from: string): MailTransport {
  const client = new ServerClient(config.serverToken, {
    requestHost: config.apiHost,
    useHttps: config.useHttps,
    timeout: config.timeoutSeconds,
    fetch: fetchKeepingCause,
  });
  return {
    name: 'postmark',
    idempotent: false,
    async send(message: MailMessage) {
      const common = {
        From: from,
        To: message.to,
        MessageStream: config.messageStream,
        Tag: message.tag,
        Attachments: (message.attachments ?? []).map((a) => ({
          Name: a.name,
          ContentType: a.contentType,
          Content: a.content.toString('base64'),
          ContentID: null,
        })),
      };
      try {
        const result = message.template
          ? await client.sendEmailWithTemplate({
              ...common,
              TemplateAlias: message.template.alias,
              TemplateModel: message.template.model,
            })
          : await client.sendEmail({
              ...common,
              Subject: message.subject,
              TextBody: message.text,
              HtmlBody: message.html,
            });
        return { providerMessageId: result.MessageID };
      } catch (err) {
        throw classifyPostmarkError(err);
      }
    },
  };
}
