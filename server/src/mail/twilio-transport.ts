import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import type { Config } from '../config.ts';
import { MailSendError } from './mail.types.ts';
import { type SmsTransport, UNREACHABLE_CODES, unreachableReason } from './sms.types.ts';

type TwilioConfig = NonNullable<Config['twilio']>;

// Errors that mean the request never reached Twilio, so a resend cannot duplicate it.
const NOT_SENT = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH/;

/**
 * The Twilio client's HTTP client, sending every request to `apiBaseUrl` instead of the host
 * the client chose: Twilio's own address in production, any other (a regional gateway, a proxy,
 * a stand-in) when configured.
 */
class BaseUrlRequestClient extends twilio.RequestClient {
  readonly #base: URL;
  constructor(apiBaseUrl: string, timeoutMs: number) {
    super({ timeout: timeoutMs });
    this.#base = new URL(apiBaseUrl);
  }
  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = new URL(opts.uri);
    uri.protocol = this.#base.protocol;
    uri.host = this.#base.host;
    return super.request<TData>({ ...opts, uri: uri.href });
  }
}

export function classifyTwilioError(err: unknown): MailSendError {
  const e = err as { status?: number; code?: number; message?: string };
  const status = e.status ?? 0;
  const message = e.message ?? String(err);
  if (e.code !== undefined && UNREACHABLE_CODES.has(e.code)) {
    return new MailSendError('inactive', unreachableReason(e.code));
  }
  if (status === 429 || status >= 500) return new MailSendError('retry', message);
  if (status >= 400) {
    return new MailSendError('reject', e.code ? `${message} (Twilio error ${e.code})` : message);
  }
  if (NOT_SENT.test(message) || NOT_SENT.test(String((err as { code?: string }).code))) {
    return new MailSendError('retry', message);
  }
  return new MailSendError('ambiguous', message);
}

/** Texts through Twilio's Messages API with the official client. */
export function createTwilioTransport(config: TwilioConfig): SmsTransport {
  const client = twilio(config.accountSid, config.authToken, {
    httpClient: new BaseUrlRequestClient(config.apiBaseUrl, config.timeoutSeconds * 1000),
  });
  const sender = config.from.startsWith('MG')
    ? { messagingServiceSid: config.from }
    : { from: config.from };
  return {
    name: 'twilio',
    // Twilio has no idempotency key: a send interrupted mid-way stays ambiguous.
    idempotent: false,
    async send(message, options = {}) {
      try {
        const sent = await client.messages.create({
          ...sender,
          to: message.to,
          body: message.body,
          ...(options.statusCallback ? { statusCallback: options.statusCallback } : {}),
        });
        return { providerMessageId: sent.sid };
      } catch (err) {
        throw classifyTwilioError(err);
      }
    },
  };
}
