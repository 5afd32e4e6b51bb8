import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import * as repo from './dev-mail.repository.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const DEVELOPMENT_NOTICE =
  'This is the outbox of a development transport (MAIL_TRANSPORT=outbox, SMS_TRANSPORT=outbox): nothing here was really sent, by mail or by text. Anyone who can reach this server can read these messages and follow their sign-in links, so never run a server people use this way.';

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:Roboto,Arial,sans-serif;margin:0;color:#222}
header{background:#B31E3B;color:#fff;padding:12px 24px;font-weight:900}
main{padding:16px 24px;max-width:960px}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:8px;border-bottom:1px solid #E8E8E8;vertical-align:top}
a{color:#910933}pre{white-space:pre-wrap;background:#f6f6f6;padding:12px}
.mail{border:1px solid #B3B3B3;margin:12px 0}
.notice{background:#FFF4E5;border-bottom:1px solid #E8C48A;margin:0;padding:8px 24px}
</style></head>
<body><header>DeedWatch outbox: mail and texts that would have been sent</header>
<p class="notice">${escapeHtml(DEVELOPMENT_NOTICE)}</p><main>${body}</main></body></html>`;

const IdParams = v.strictObject({ id: v.pipe(v.string(), v.uuid('must be a message id')) });
const AttachmentParams = v.strictObject({
  id: v.pipe(v.string(), v.uuid('must be a message id')),
  attachmentId: v.pipe(v.string(), v.uuid('must be an attachment id')),
});

/**
 * The outbox viewer: registered only with the outbox transport (MAIL_TRANSPORT=outbox, or the
 * embedded default), so a person trying the product can open the links a real inbox would
 * receive. Not in the API docs.
 */
export async function devMailRoutes(app: FastifyInstance, { db }: { db: Database }) {
  // Development only, and no operation of the API: public, and hidden from its document.
  const hidden = { access: 'public', method: 'GET' } as const;

  route(app, {
    ...hidden,
    url: '/dev/mail.json',
    schema: { hide: true },
    handler: async () => {
      const messages = await repo.listMessages(db);
      return messages.map((m) => ({
        id: m.id,
        channel: m.channel,
        to: m.recipient,
        subject: m.subject,
        text: m.text_body,
        html: m.html_body,
        attachments: m.attachments.map((a) => ({
          name: a.name,
          contentType: a.content_type,
          size: a.size,
        })),
        createdAt: m.created_at.toISOString(),
      }));
    },
  });

  route(app, {
    ...hidden,
    url: '/dev/mail',
    schema: { hide: true },
    handler: async (_request, reply) => {
      const messages = await repo.listMessages(db);
      const rows = messages
        .map(
          (m) =>
            `<tr><td>${escapeHtml(m.created_at.toISOString().replace('T', ' ').slice(0, 19))}</td><td>${m.channel === 'sms' ? 'Text' : 'Email'}</td><td>${escapeHtml(m.recipient)}</td>` +
            `<td><a href="/dev/mail/${m.id}">${escapeHtml(m.subject)}</a></td><td>${m.attachments.length || ''}</td></tr>`,
        )
        .join('');
      const body = messages.length
        ? `<table><thead><tr><th>Sent</th><th>By</th><th>To</th><th>Subject</th><th>Attachments</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p>No mail or text yet. Register or ask for a sign-in link, and it appears here.</p>';
      return reply.type('text/html; charset=utf-8').send(page('Outbox', body));
    },
  });

  route(app, {
    ...hidden,
    url: '/dev/mail/:id',
    schema: { hide: true, params: IdParams },
    handler: async (request, reply) => {
      const { id } = request.params;
      const message = await repo.findMessage(db, id);
      if (!message) throw notFound('No such message in the outbox.');
      const attachments = await repo.listAttachmentsOf(db, id);
      const files = attachments
        .map(
          (a) =>
            `<li><a href="/dev/mail/${id}/attachments/${a.id}">${escapeHtml(a.name)}</a> (${a.size} bytes)</li>`,
        )
        .join('');
      const body = `<p><a href="/dev/mail">&larr; Outbox</a></p>
<table><tr><th>To</th><td>${escapeHtml(message.recipient)}</td></tr><tr><th>Subject</th><td>${escapeHtml(message.subject)}</td></tr>
<tr><th>Sent</th><td>${escapeHtml(message.created_at.toISOString())}</td></tr></table>
${files ? `<h3>Attachments</h3><ul>${files}</ul>` : ''}
${message.channel === 'sms' ? '' : `<h3>HTML</h3><div class="mail">${message.html_body}</div>`}
<h3>Text</h3><pre>${escapeHtml(message.text_body)}</pre>`;
      return reply.type('text/html; charset=utf-8').send(page(message.subject, body));
    },
  });

  route(app, {
    ...hidden,
    url: '/dev/mail/:id/attachments/:attachmentId',
    schema: { hide: true, params: AttachmentParams },
    handler: async (request, reply) => {
      const { id, attachmentId } = request.params;
      const attachment = await repo.findAttachment(db, id, attachmentId);
      if (!attachment) throw notFound('No such attachment.');
      const filename = attachment.name.replace(/[^\w.-]/g, '_');
      return reply
        .type(attachment.content_type)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(attachment.content);
    },
  });
}
