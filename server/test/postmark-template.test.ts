import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAlert } from '../src/engine/alerts/alerts.service.ts';
import { createEngine } from '../src/engine/engine.ts';
import { alertMail, alertTemplateModel, type AlertMailInput } from '../src/mail/alert-template.ts';
import { type MailMessage, MailSendError } from '../src/mail/mail.types.ts';
import { createOutboxTransport } from '../src/mail/outbox-transport.ts';
import { createPostmarkTransport } from '../src/mail/postmark-transport.ts';
import type { Brand } from '../src/mail/templates.ts';
import { type FakePostmark, fakePostmarkEnv, startFakePostmark } from './helpers/fake-postmark.ts';
import { createCounty, createEvent, createSubscriber } from './helpers/factories.ts';
import { startTestApp, type TestApp, testConfig } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

const MAIL_FROM = 'DeedWatch Test <alerts@deedwatch.test>';
const ALIAS = 'sacramento-alert';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const brand: Brand = {
  appUrl: 'http://deedwatch.test',
  supportPhone: '(916) 555-0100',
  supportEmail: 'help@deedwatch.test',
};

const alert: AlertMailInput = {
  level: 'act_now',
  whatItDoes:
    "A deed transferring 12 O'BRIEN WAY from you was recorded in Sacramento County on 11/22/2024.",
  headline:
    "Act now: A deed transferring 12 O'BRIEN WAY from you was recorded in Sacramento County on 11/22/2024",
  eventUrl: 'http://deedwatch.test/dashboard?event=6f1c2c9e-8a4b-4b7e-9a51-0c2f3e4d5a6b',
  fraudContact: null,
  documentNumber: '202411220001234',
  documentType: 'GRANT DEED',
  recordedAt: new Date('2024-11-22T18:00:00Z'),
  countyName: 'Sacramento',
  countyLinkUrl: 'https://ccr.saccounty.gov',
  hits: [
    {
      matchKind: 'name',
      guarded: "O'BRIEN & SONS LLC",
      matchedValue: "O'BRIEN & SONS LLC",
      partyRole: 'grantor',
      tier: 'exact',
      level: 'act_now',
      reason: 'The same name.',
    },
  ],
  dashboardUrl: 'http://deedwatch.test/dashboard',
  documentUrl: 'http://deedwatch.test/documents/sac/202411220001234.pdf',
  attachment: 'attached',
};

/** The built-in rendering, with the county's Postmark template to send instead. */
function templatedAlert(to: string): MailMessage {
  const rendered = alertMail(brand, alert);
  return {
    to,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    tag: rendered.tag,
    template: { alias: ALIAS, model: alertTemplateModel(brand, alert) },
  };
}

function transportFor(fake: FakePostmark) {
  return createPostmarkTransport(
    {
      serverToken: fake.token,
      apiHost: fake.host,
      useHttps: false,
      messageStream: 'outbound',
      timeoutSeconds: 5,
    },
    MAIL_FROM,
  );
}

describe('sending with a Postmark template', () => {
  let fake: FakePostmark;
  let t: TestApp;
  let postmarkEnv: Record<string, string>;
  beforeAll(async () => {
    fake = await startFakePostmark();
    fake.addTemplate(ALIAS);
    postmarkEnv = fakePostmarkEnv(fake, { MAIL_FROM });
    t = await startTestApp(postmarkEnv);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('goes to /email/withTemplate with the alias, the model, the tag and the attachments', async () => {
    const to = 'template-direct@example.com';
    const message = templatedAlert(to);
    const result = await transportFor(fake).send({
      ...message,
      attachments: [
        {
          name: '202411220001234.pdf',
          contentType: 'application/pdf',
          content: Buffer.from('%PDF-1.7\n'),
        },
      ],
    });

    const received = fake.requestsTo(to);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/email/withTemplate');
    // The template supplies subject and bodies: sending ours too would be refused by Postmark.
    expect(request!.body).toStrictEqual({
      From: MAIL_FROM,
      To: to,
      TemplateAlias: ALIAS,
      TemplateModel: JSON.parse(JSON.stringify(message.template!.model)),
      MessageStream: 'outbound',
      Tag: 'alert',
      Attachments: [
        {
          Name: '202411220001234.pdf',
          ContentType: 'application/pdf',
          Content: Buffer.from('%PDF-1.7\n').toString('base64'),
          ContentID: null,
        },
      ],
    });
    expect(request!.body!.TemplateModel).toMatchObject({
      documentNumber: '202411220001234',
      recordingDate: '11/22/2024',
      hits: [{ guarded: "O'BRIEN & SONS LLC" }],
    });
    expect(request!.reply?.status).toBe(200);
    expect(result.providerMessageId).toMatch(UUID);
    expect(result.providerMessageId).toBe(request!.reply!.body.MessageID);
  });

  it('still sends a message without a template to /email with its own subject and bodies', async () => {
    const to = 'template-none@example.com';
    const { template: _template, ...plain } = templatedAlert(to);
    await transportFor(fake).send(plain);
    const [request] = fake.requestsTo(to);
    expect(request!.path).toBe('/email');
    expect(request!.body).toMatchObject({
      Subject: alert.headline,
      Tag: 'alert',
    });
    expect(request!.body).not.toHaveProperty('TemplateAlias');
    expect(request!.body!.HtmlBody).toContain('O&#39;BRIEN &amp; SONS LLC');
  });

  it('classifies an alias Postmark does not know as reject: resending cannot help', async () => {
    const to = 'template-unknown@example.com';
    const message = templatedAlert(to);
    const err = await transportFor(fake)
      .send({ ...message, template: { ...message.template!, alias: 'no-such-template' } })
      .then(
        () => expect.fail('the send should have failed'),
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(MailSendError);
    expect((err as MailSendError).disposition).toBe('reject');
    const [request] = fake.requestsTo(to);
    expect(request!.reply?.status).toBe(422);
    expect((err as MailSendError).message).toBe(request!.reply!.body.Message);
  });

  it('keeps the template through the sealed send-mail job and delivers it with it', async () => {
    const user = await createSubscriber(t.db, { email: 'template-pipeline@example.com' });
    const message = templatedAlert(user.email);
    const deliveryId = await t.db
      .transaction()
      .execute((trx) =>
        t.mailSender.enqueue(trx, { deliveryKind: 'alert', userId: user.id, message }),
      );
    if (!deliveryId) throw new Error('the alert was not queued');
    const delivery = await waitFor('the templated alert to be sent', async () => {
      const row = await t.db
        .selectFrom('deliveries')
        .selectAll()
        .where('id', '=', deliveryId)
        .executeTakeFirst();
      return row?.status === 'sent' ? row : undefined;
    });

    const received = fake.requestsTo(user.email);
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/email/withTemplate');
    expect(received[0]!.body).toMatchObject({
      TemplateAlias: ALIAS,
      TemplateModel: JSON.parse(JSON.stringify(message.template!.model)),
    });
    expect(delivery.provider_message_id).toBe(received[0]!.reply!.body.MessageID);
  });

  it('the outbox ignores the template and stores the rendered subject and bodies', async () => {
    const to = 'template-outbox@example.com';
    const message = templatedAlert(to);
    await createOutboxTransport(t.db).send(message);
    const row = await t.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', to)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
    });
  });

  /** An alert of a county whose template alias is ALIAS, sent by an engine of `env`. */
  async function alertThroughEngine(env: Record<string, string>) {
    const config = testConfig(t.database.url, { ...postmarkEnv, ...env });
    const engine = createEngine(config, { ...t.engine, mailSender: t.mailSender });
    const county = await createCounty(t.db);
    await t.db
      .updateTable('counties')
      .set({ alert_template_id: ALIAS })
      .where('id', '=', county.id)
      .execute();
    const user = await createSubscriber(t.db, { verified: true });
    const event = await createEvent(t.db, { userId: user.id, countyId: county.id });
    expect(await sendAlert(engine, { userId: user.id, documentId: event.document_id })).toBe(1);
    return waitFor(`the alert to ${user.email} at the fake Postmark`, () => {
      const [request] = fake.requestsTo(user.email);
      return request?.reply ? request : undefined;
    });
  }

  it('sends an alert with the built-in template unless POSTMARK_ALERT_TEMPLATES is on', async () => {
    const request = await alertThroughEngine({});
    expect(request.path).toBe('/email');
    expect(request.body).not.toHaveProperty('TemplateAlias');
    // The factory's event names the guarded name as the grantee of a grant deed: Check.
    expect(request.body!.Subject).toMatch(
      /^Check: A deed transferring property to you was recorded in County C[0-9A-F]+ County on /,
    );
    expect(request.reply!.status).toBe(200);
  });

  it("sends an alert with the county's template alias when POSTMARK_ALERT_TEMPLATES is on", async () => {
    const request = await alertThroughEngine({ POSTMARK_ALERT_TEMPLATES: 'true' });
    expect(request.path).toBe('/email/withTemplate');
    expect(request.body).toMatchObject({ TemplateAlias: ALIAS, Tag: 'alert' });
    expect(request.body!.TemplateModel).toMatchObject({ documentType: 'GRANT DEED' });
    expect(request.reply!.status).toBe(200);
  });
});
