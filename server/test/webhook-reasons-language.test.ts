import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEventWebhooks } from '../src/engine/webhooks/event-webhooks.ts';
import { registerMailWorker } from '../src/mail/mail.jobs.ts';
import { attemptDelivery, webhookDeps } from '../src/modules/webhooks/delivery.service.ts';
import { createCounty, createEvent, createSubscriber } from './helpers/factories.ts';
import { waitForMail } from './helpers/mail.ts';
import { signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { type Receiver, startReceiver } from './helpers/webhook-receiver.ts';

// Why a webhook attempt failed is shown in the subscriber's language where the words are
// DeedWatch's (a redirect, no body, no answer in time), and a receiver's own answer as it sent
// it; the time a still-retrying delivery is tried next is written as the product writes times
// in that language, its zone named.

let receiver: Receiver;
let t: TestApp;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestApp(
    { ...NO_RATE_LIMITS, WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_CA_FILE: receiver.caFile },
    { workers: false },
  );
  await registerMailWorker(t.boss, t.db, t.mailSender);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function spanishEndpoint(path: string) {
  const user = await createSubscriber(t.db, { verified: true, language: 'es' });
  const cookie = await signInSubscriber(t, user.email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: { cookie, origin: t.config.appUrl },
    payload: { url: receiver.url(path), eventTypes: ['event.created'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  const county = await createCounty(t.db);
  const event = await createEvent(t.db, { userId: user.id, countyId: county.id });
  await t.db
    .transaction()
    .execute((trx) =>
      enqueueEventWebhooks(trx, t.boss, [{ user_id: user.id, document_id: event.document_id }]),
    );
  const endpoint = res.json().endpoint as { id: string };
  const delivery = await t.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpoint.id)
    .executeTakeFirstOrThrow();
  return { user, cookie, endpoint, delivery };
}

const listed = async (cookie: string, endpointId: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${endpointId}/deliveries`,
      headers: { cookie },
    })
  ).json().deliveries as { lastError: string | null; status: string }[];

describe("a webhook's failures, to a Spanish subscriber", () => {
  it('are said in Spanish on the dashboard, in the resend refusal and in the disable mail', async () => {
    const { user, cookie, endpoint, delivery } = await spanishEndpoint('/moved');
    receiver.respond((_request, res) => void res.writeHead(302, { location: '/x' }).end());
    let now = delivery.created_at;
    const deps = webhookDeps(
      t.config,
      { db: t.db, boss: t.boss, mailSender: t.mailSender },
      { now: () => now },
    );

    expect(await attemptDelivery(deps, delivery.id)).toBe('retrying');
    const stored = await t.db
      .selectFrom('webhook_deliveries')
      .select(['last_error', 'next_attempt_at'])
      .where('id', '=', delivery.id)
      .executeTakeFirstOrThrow();
    // Stored in English, as staff and the logs read it.
    expect(stored.last_error).toBe(
      'HTTP 302: a redirect, which is not followed: give the final URL',
    );
    expect((await listed(cookie, endpoint.id))[0]!.lastError).toBe(
      'HTTP 302: una redirección, que no se sigue: indique la URL final',
    );

    // Still retrying: the next attempt's time as Spanish writes it, with its zone.
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/deliveries/${delivery.id}/resend`,
      headers: { cookie, origin: t.config.appUrl },
    });
    expect(resend.statusCode).toBe(409);
    const message = resend.json().message as string;
    expect(message).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    const next = stored.next_attempt_at!;
    const pacific = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(next);
    const part = (type: string) => pacific.find((p) => p.type === type)!.value;
    expect(message).toContain(
      `su próximo intento será el ${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')} P`,
    );
    expect(message).toMatch(/ P[DS]T\. /);

    // A receiver's own words stay as it sent them; ours around a timeout are re-said.
    receiver.respond((_request, res) => void res.writeHead(503).end('down for maintenance'));
    now = new Date(next.getTime());
    expect(await attemptDelivery(deps, delivery.id)).toBe('retrying');
    expect((await listed(cookie, endpoint.id))[0]!.lastError).toBe(
      'HTTP 503: down for maintenance',
    );

    // The last failure after 24 hours: the disable mail and the reason say it in Spanish.
    receiver.respond((_request, res) => void res.writeHead(301, { location: '/y' }).end());
    now = new Date(delivery.created_at.getTime() + 25 * 60 * 60 * 1000);
    await t.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: now })
      .where('id', '=', delivery.id)
      .execute();
    expect(await attemptDelivery(deps, delivery.id)).toBe('failed');
    const mail = await waitForMail(t.db, user.email, /webhook/i);
    expect(mail.text_body).toContain(
      'HTTP 301: una redirección, que no se sigue: indique la URL final',
    );
    expect(mail.text_body).not.toContain('a redirect, which is not followed');
    const endpoints = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks',
      headers: { cookie },
    });
    expect(endpoints.json().endpoints[0].disabledReason).toBe(
      'Todas las entregas fallaron durante 24 horas; la última: HTTP 301: una redirección, que no se sigue: indique la URL final',
    );
  });

  it('say a timeout in Spanish', async () => {
    const { cookie, endpoint, delivery } = await spanishEndpoint('/slow');
    receiver.respond(() => {
      // Never answers: the attempt times out.
    });
    const deps = webhookDeps(
      t.config,
      { db: t.db, boss: t.boss, mailSender: t.mailSender },
      { now: () => delivery.created_at, timeoutMs: 200 },
    );
    expect(await attemptDelivery(deps, delivery.id)).toBe('retrying');
    expect((await listed(cookie, endpoint.id))[0]!.lastError).toBe(
      'No se pudo entregar: no hubo una respuesta completa en 0.2 s',
    );
  });
});
