export type Attachment = { name: string; contentType: string; content: Buffer };

export type MailMessage = {
  /** An email address, or a phone number for an SMS. */
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: Attachment[];
  /** Postmark's tag: the kind of message, for its statistics. */
  tag?: string;
  /**
   * A template stored in Postmark (a county's own alert design) to send instead of the rendered
   * subject and bodies. Those are still required: the outbox stores them, and they are what the
   * message said had Postmark not been used.
   */
  template?: { alias: string; model: Record<string, unknown> };
};

export type SendResult = { providerMessageId: string | null };

export interface MailTransport {
  readonly name: 'postmark' | 'outbox';
  /**
   * True when sending twice with the same `idempotencyKey` delivers once: a send interrupted by
   * a crash may then simply be sent again. Postmark has no such key, so an interrupted send to
   * it stays ambiguous.
   */
  readonly idempotent: boolean;
  send(message: MailMessage, options?: { idempotencyKey?: string }): Promise<SendResult>;
}

/**
 * What a failed send means for the message:
 * - retry: nothing was accepted (rate limit, server error, refused connection); send again later.
 * - reject: the provider refused the message itself; sending again cannot help.
 * - inactive: the recipient bounced or complained before; the method is marked undeliverable.
 * - ambiguous: the request may have been accepted (timeout, reset); never resent blindly.
 */
export type FailureDisposition = 'retry' | 'reject' | 'inactive' | 'ambiguous';

export class MailSendError extends Error {
  readonly disposition: FailureDisposition;
  constructor(disposition: FailureDisposition, message: string) {
    super(message);
    this.name = 'MailSendError';
    this.disposition = disposition;
  }
}
