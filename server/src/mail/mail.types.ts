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
};

export type SendResult = { providerMessageId: string | null };

export interface MailTransport {
  readonly name: 'postmark' | 'outbox';
  send(message: MailMessage): Promise<SendResult>;
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
