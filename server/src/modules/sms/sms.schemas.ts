import type { JsonSchema } from '../../lib/schema.ts';
import * as v from 'valibot';

const field = (max: number, description: string) =>
  v.pipe(v.string(), v.maxLength(max, `is at most ${max} characters`), v.description(description));

// Twilio posts many more fields than these (and adds new ones): the rest are kept for the
// signature, which covers every field, and otherwise ignored.

export const InboundSmsBody = v.looseObject({
  From: field(40, "The sender's number, E.164"),
  Body: v.optional(field(1600, 'The text of the message (STOP, START, HELP, …)'), ''),
});

export const SmsStatusBody = v.looseObject({
  MessageSid: field(64, "Twilio's id of the text, as it answered the send"),
  MessageStatus: field(
    32,
    'queued, sending, sent, delivered, undelivered, failed (Twilio may add others)',
  ),
  ErrorCode: v.optional(field(16, 'Twilio error code when the text was not delivered')),
});

export const SmsStatusQuery = v.object({
  delivery: v.optional(
    v.pipe(
      v.string(),
      v.uuid('must be the id of a delivery'),
      v.description(
        'The delivery of the text, as the StatusCallback we gave Twilio names it; without it the text is found by MessageSid',
      ),
    ),
  ),
});

export const TwimlResponse: JsonSchema = {
  description:
    'TwiML: an empty <Response/>, or for HELP a <Message> with how to reach support (Twilio texts it back)',
  content: { 'text/xml': { schema: { type: 'string' } } },
};
