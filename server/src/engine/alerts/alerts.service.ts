import { buffer } from 'node:stream/consumers';
import { firstPages, PdfProblem } from '../../documents/pdf/first-pages.ts';
import { type AlertHit, alertMail, alertTemplateModel } from '../../mail/alert-template.ts';
import type { BlobAttachment } from '../../mail/mail-sender.ts';
import type { Engine } from '../engine.ts';
import type { SendAlertJob } from '../matching/match.service.ts';
import * as repo from './alerts.repository.ts';
import { possibleBecause, reasonOf } from './reasons.ts';

/** Pages of the document attached to an alert. */
export const ALERT_PAGES = 2;
/** Postmark's limit on a message: larger, once base64-encoded, and the link replaces the file. */
export const MAX_ATTACHMENT_ENCODED_BYTES = 10 * 1024 * 1024;

type Excerpt =
  { state: 'attached'; attachment: BlobAttachment } | { state: 'too-large' | 'unavailable' };

/**
 * The blob container of alert excerpts: never a county's, whose codes are upper-case letters,
 * digits and underscores (a CHECK on counties.code), so no feed file can take an excerpt's key
 * and /documents/<container>/<file> can never serve one.
 */
export const EXCERPT_CONTAINER = 'alert-excerpts';

const excerptName = (documentId: string) => `${documentId}.pdf`;

/**
 * The first pages of the document as a PDF of their own, made once per document and kept in
 * the blob store's excerpt container. A document that cannot be read is alerted without it,
 * and why is kept on the document; one already known unreadable (at ingest, or by an earlier
 * alert) is not parsed again for every user it alerts.
 */
async function excerptOf(
  engine: Engine,
  doc: NonNullable<Awaited<ReturnType<typeof repo.findDocument>>>,
): Promise<Excerpt> {
  if (doc.pdf_error !== null) return { state: 'unavailable' };
  let file = doc.excerpt_file;
  let size: number | undefined;
  if (file) {
    const stored = await engine.blobs.get(EXCERPT_CONTAINER, file);
    if (stored) {
      stored.stream.destroy();
      size = stored.size;
    } else file = null;
  }
  if (!file) {
    const original = await engine.blobs.get(doc.container, doc.file_name);
    if (!original) {
      await repo.setPdfError(engine.db, doc.id, 'The document file is missing from the store.');
      return { state: 'unavailable' };
    }
    try {
      const excerpt = await firstPages(
        await buffer(original.stream),
        ALERT_PAGES,
        engine.pdfLimits,
      );
      file = excerptName(doc.id);
      await engine.blobs.put(EXCERPT_CONTAINER, file, excerpt.bytes);
      await repo.setExcerpt(engine.db, doc.id, file);
      size = excerpt.bytes.byteLength;
    } catch (err) {
      if (!(err instanceof PdfProblem)) throw err;
      await repo.setPdfError(engine.db, doc.id, `${err.reason}: ${err.message}`.slice(0, 500));
      return { state: 'unavailable' };
    }
  }
  if (Math.ceil(size! / 3) * 4 > MAX_ATTACHMENT_ENCODED_BYTES) return { state: 'too-large' };
  return {
    state: 'attached',
    attachment: {
      name: `${doc.document_number.replace(/[^A-Za-z0-9._-]/g, '_')}-first-${ALERT_PAGES}-pages.pdf`,
      contentType: 'application/pdf',
      container: EXCERPT_CONTAINER,
      file,
    },
  };
}

/**
 * One alert: the user's hits on the document that alert (exact and strong ones, possible ones
 * of a name set to alert at once; never one found on record), mailed to each of their verified
 * email methods. Every delivery is queued at most once per method (a retried job queues only
 * what is missing). The possible hits it mails are marked digested in the same transaction, so
 * no morning digest lists them again.
 */
export async function sendAlert(engine: Engine, job: SendAlertJob): Promise<number> {
  const { db, mailSender, brand } = engine;
  const doc = await repo.findDocument(db, job.documentId);
  if (!doc) return 0;
  const [events, recipients] = await Promise.all([
    repo.alertEventsOf(db, job.userId, job.documentId),
    repo.alertRecipients(db, job.userId),
  ]);
  if (events.length === 0 || recipients.length === 0) return 0;

  const hits: AlertHit[] = events.map((e) => {
    const guarded =
      e.name !== null ? { name: e.name } : { apn: e.apn ?? '', address: e.description ?? '' };
    return {
      matchKind: e.match_kind as AlertHit['matchKind'],
      guarded: e.name ?? `${e.apn ?? ''}${e.description ? ` (${e.description})` : ''}`,
      matchedValue: e.matched_value,
      partyRole: e.party_role,
      tier: e.tier,
      reason: reasonOf({ ...e, guarded }),
      ...(e.tier === 'possible' && e.name !== null
        ? { possibleBecause: possibleBecause(e.name, e.matched_value), namesakes: e.namesakes }
        : {}),
    };
  });
  const possibleIds = events.filter((e) => e.tier === 'possible').map((e) => e.id);
  const excerpt = await excerptOf(engine, doc);
  const input = {
    documentNumber: doc.document_number,
    documentType: doc.document_type,
    recordedAt: doc.recorded_at,
    countyName: doc.county_name,
    countyLinkUrl: doc.link_url,
    hits,
    dashboardUrl: `${brand.appUrl}/dashboard`,
    documentUrl: `${brand.appUrl}/documents/${encodeURIComponent(doc.container)}/${encodeURIComponent(doc.file_name)}`,
    attachment: excerpt.state,
  };
  const rendered = alertMail(brand, input);
  // The county's alias only when Postmark templates are configured: an alias Postmark does not
  // know is refused (422), and the alert would never go out.
  const template =
    mailSender.transport.name === 'postmark' && engine.alertTemplates && doc.alert_template_id
      ? { alias: doc.alert_template_id, model: alertTemplateModel(brand, input) }
      : undefined;

  return db.transaction().execute(async (trx) => {
    let queued = 0;
    for (const method of recipients) {
      const id = await mailSender.enqueue(trx, {
        deliveryKind: 'alert',
        userId: job.userId,
        notificationMethodId: method.id,
        documentId: doc.id,
        message: { to: method.email!, ...rendered, ...(template ? { template } : {}) },
        attachments: excerpt.state === 'attached' ? [excerpt.attachment] : [],
      });
      if (id) queued++;
    }
    await repo.markDigested(trx, possibleIds);
    return queued;
  });
}
