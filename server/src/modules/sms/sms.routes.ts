import type { FastifyInstance, FastifyRequest } from 'fastify';
import twilio from 'twilio';
import type { Database } from '../../db/database.ts';
import { forbidden } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { errorResponse } from '../../lib/schema.ts';
import type { MailSender } from '../../mail/mail-sender.ts';
import type { Brand } from '../../mail/templates.ts';
import { InboundSmsBody, SmsStatusBody, SmsStatusQuery, TwimlResponse } from './sms.schemas.ts';
import * as service from './sms.service.ts';

export type SmsRoutesOptions = {
  db: Database;
  mailSender: MailSender;
  brand: Brand;
  /** Twilio's Auth Token, which signs its webhooks; unset, every webhook is refused. */
  authToken: string | undefined;
};

const FORM = 'application/x-www-form-urlencoded';

/**
 * Twilio's webhooks: replies to our texts (STOP, START, HELP) and each text's status. Every
 * request must carry X-Twilio-Signature, Twilio's HMAC of the URL it called and the posted
 * fields with the Auth Token; anything else is 403 and changes nothing.
 */
export async function smsRoutes(
  app: FastifyInstance,
  { db, mailSender, brand, authToken }: SmsRoutesOptions,
) {
  // Twilio posts forms; only these routes take them.
  app.addContentTypeParser(
    FORM,
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const signed = async (request: FastifyRequest) => {
    const signature = request.headers['x-twilio-signature'];
    const params = (request.body ?? {}) as Record<string, string>;
    const valid =
      authToken !== undefined &&
      typeof signature === 'string' &&
      request.headers['content-type']?.startsWith(FORM) === true &&
      twilio.validateRequest(authToken, signature, `${brand.appUrl}${request.url}`, params);
    if (!valid)
      throw forbidden("The request is not signed by Twilio with this server's Auth Token.");
  };
  const deps = { db, mailSender, brand };
  const refused = errorResponse('No valid X-Twilio-Signature: nothing was changed');
  const common = {
    tags: ['sms'],
    consumes: [FORM],
  };

  route(app, {
    method: 'POST',
    url: '/sms/twilio/inbound',
    access: 'public',
    preValidation: signed,
    schema: {
      ...common,
      operationId: 'smsInbound',
      summary: 'Twilio webhook: a text sent to our number (STOP, START, HELP)',
      description:
        "Set as the number's (or Messaging Service's) incoming message webhook, HTTP POST, at exactly APP_URL/api/sms/twilio/inbound. Signed by Twilio (X-Twilio-Signature). STOP opts every method on the sender's number out of texts, START opts it back in, HELP is answered with the support contacts.",
      body: InboundSmsBody,
      response: { 200: TwimlResponse, 403: refused },
    },
    handler: async (request, reply) => {
      const xml = await service.inbound(deps, request.body.From, request.body.Body);
      return reply.type('text/xml; charset=utf-8').send(xml);
    },
  });

  route(app, {
    method: 'POST',
    url: '/sms/twilio/status',
    access: 'public',
    preValidation: signed,
    schema: {
      ...common,
      operationId: 'smsStatus',
      summary: "Twilio webhook: a text's delivery status",
      description:
        "Given to Twilio with each text (StatusCallback: APP_URL/api/sms/twilio/status?delivery=<the delivery's id>, so a status that comes before the send's answer is not lost). Signed by Twilio over that whole URL. delivered and undelivered/failed update the delivery of the text; a number Twilio reports invalid or unreachable (errors 21211, 21614, 30003, 30005, 30006) is marked and its owner told by email.",
      body: SmsStatusBody,
      querystring: SmsStatusQuery,
      response: { 204: { description: 'Recorded' }, 403: refused },
    },
    handler: async (request, reply) => {
      await service.statusCallback(deps, {
        deliveryId: request.query.delivery,
        messageSid: request.body.MessageSid,
        messageStatus: request.body.MessageStatus,
        errorCode: request.body.ErrorCode,
      });
      return reply.status(204).send();
    },
  });
}
