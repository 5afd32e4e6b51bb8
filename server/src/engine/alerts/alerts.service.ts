import { type Language, levelRank, TEXTS_PER_NUMBER_PER_DAY } from '@deedwatch/rules';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import { alertText } from '../../mail/sms-templates.ts';
import { buffer } from 'node:stream/consumers';
import { firstPages, PdfProblem } from '../../documents/pdf/first-pages.ts';
import {
  type AlertHit,
  alertMail,
  alertTemplateModel,
  type FraudContact,
  onlyPossible,
} from '../../mail/alert-template.ts';
import type { BlobAttachment } from '../../mail/mail-sender.ts';
import { languageOf } from '../../mail/mail.repository.ts';
import { alertCopyMail } from '../../mail/trusted-contact-templates.ts';
import type { Engine } from '../engine.ts';
import { translator } from '../../i18n/index.ts';
import {
  countyInWords,
  levelHeadline,
  levelSubject,
  whatItDoes,
  whatWasRecorded,
} from '../levels/levels.ts';
import type { SendAlertJob } from '../matching/match.service.ts';
import * as repo from './alerts.repository.ts';
import { createContactCode, stopUrl } from './contact-codes.ts';
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

/** An excerpt's file: one per document and language, its title being in that language. */
const excerptName = (documentId: string, language: Language) =>
  language === 'en' ? `${documentId}.pdf` : `${documentId}.${language}.pdf`;

/** "Document 2024…: the first 2 pages, as recorded in Sacramento County", in `language`. */
const excerptTitle = (
  doc: Pick<AlertDocument, 'document_number' | 'county_name'>,
  language: Language,
) =>
  translator(language)('pdf.excerpt.title', {
    number: doc.document_number,
    count: ALERT_PAGES,
    county: countyInWords(doc.county_name, language),
  });

type AlertDocument = NonNullable<Awaited<ReturnType<typeof repo.findDocument>>>;

/**
 * The first pages of the document as a PDF of their own, made once per document and kept in
 * the blob store's excerpt container: its file and size, or null when the document cannot be
 * read. A document that cannot be read is alerted without it, and why is kept on the document;
 * one already known unreadable (at ingest, or by an earlier alert) is not parsed again for
 * every user it alerts. The excerpt's title is in the subscriber's language (its pages stay
 * English, as recorded): one file per document and language (the document's own excerpt_file
 * is the English one).
 */
export function ensureExcerpt(
  engine: ExcerptEngine,
  doc: ExcerptDocument,
  language: Language = 'en',
): Promise<{ file: string; size: number } | null> {
  // The alerts of one document to its several subscribers run side by side: the first to need
  // an excerpt makes it, and the others in this process wait for that one instead of each
  // parsing the same PDF again.
  let inFlight = excerptsInFlight.get(engine.blobs);
  if (!inFlight) excerptsInFlight.set(engine.blobs, (inFlight = new Map()));
  const key = excerptName(doc.id, language);
  const pending = inFlight.get(key);
  if (pending) return pending;
  const made = makeExcerpt(engine, doc, language).finally(() => inFlight.delete(key));
  inFlight.set(key, made);
  return made;
}

type ExcerptEngine = Pick<Engine, 'db' | 'blobs' | 'pdfLimits'>;
type ExcerptDocument = Pick<
  AlertDocument,
  | 'id'
  | 'pdf_error'
  | 'excerpt_file'
  | 'container'
  | 'file_name'
  | 'document_number'
  | 'county_name'
>;

/** The excerpts being made now, per blob store (one per engine) and file. */
const excerptsInFlight = new WeakMap<
  ExcerptEngine['blobs'],
  Map<string, Promise<{ file: string; size: number } | null>>
>();

async function makeExcerpt(
  engine: ExcerptEngine,
  doc: ExcerptDocument,
  language: Language,
): Promise<{ file: string; size: number } | null> {
  if (doc.pdf_error !== null) return null;
  // An excerpt kept since `doc` was read (by another process, or by one that stopped before
  // recording it on the document) is found by its name, and an English one is recorded.
  let file = (language === 'en' && doc.excerpt_file) || excerptName(doc.id, language);
  const stored = await engine.blobs.get(EXCERPT_CONTAINER, file);
  if (stored) {
    stored.stream.destroy();
    if (language === 'en' && doc.excerpt_file === null) {
      await repo.setExcerpt(engine.db, doc.id, file);
    }
    return { file, size: stored.size };
  }
  const original = await engine.blobs.get(doc.container, doc.file_name);
  if (!original) {
    await repo.setPdfError(engine.db, doc.id, 'The document file is missing from the store.');
    return null;
  }
  try {
    const excerpt = await firstPages(await buffer(original.stream), ALERT_PAGES, engine.pdfLimits, {
      title: excerptTitle(doc, language),
      // The pages are the county's, in English as recorded: a screen reader reads them as
      // English whatever the reader's language; only the title is in theirs.
      language: 'en',
    });
    file = excerptName(doc.id, language);
    await engine.blobs.put(EXCERPT_CONTAINER, file, excerpt.bytes);
    if (language === 'en') await repo.setExcerpt(engine.db, doc.id, file);
    return { file, size: excerpt.bytes.byteLength };
  } catch (err) {
    if (!(err instanceof PdfProblem)) throw err;
    await repo.setPdfError(engine.db, doc.id, `${err.reason}: ${err.message}`.slice(0, 500));
    return null;
  }
}

async function excerptOf(engine: Engine, doc: AlertDocument, language: Language): Promise<Excerpt> {
  const excerpt = await ensureExcerpt(engine, doc, language);
  if (!excerpt) return { state: 'unavailable' };
  if (Math.ceil(excerpt.size / 3) * 4 > MAX_ATTACHMENT_ENCODED_BYTES) return { state: 'too-large' };
  return {
    state: 'attached',
    attachment: {
      name: `${doc.document_number.replace(/[^A-Za-z0-9._-]/g, '_')}-first-${ALERT_PAGES}-pages.pdf`,
      contentType: 'application/pdf',
      container: EXCERPT_CONTAINER,
      file: excerpt.file,
    },
  };
}

/** The county's fraud contact, or null when staff have set none of it. */
export function fraudContactOf(row: {
  fraud_contact_name: string;
  fraud_contact_phone: string;
  fraud_contact_email: string;
  fraud_contact_url: string;
}): FraudContact | null {
  const contact = {
    name: row.fraud_contact_name,
    phone: row.fraud_contact_phone,
    email: row.fraud_contact_email,
    url: row.fraud_contact_url,
  };
  return Object.values(contact).some((value) => value !== '') ? contact : null;
}

/**
 * One alert: the user's hits on the document that alert (exact and strong ones, possible ones
 * of a name set to alert at once; never one found on record), mailed to each of their verified
 * email methods. The subject and first line lead with the most urgent level among the hits and
 * say what the document does; its link opens that hit's event on the dashboard. Every delivery
 * is queued at most once per method (a retried job queues only what is missing). The possible
 * hits it mails are marked digested in the same transaction, so no morning digest lists them
 * again. An Act now hit that is not a possible match is copied, in the same transaction, to each
 * trusted contact who accepted (once per contact), with a stop link of its own. When the most
 * urgent hit is Act now (or Check, for a phone that asked for those), each verified phone that
 * has not replied STOP is texted in the same transaction, within the daily text limits.
 */
export async function sendAlert(engine: Engine, job: SendAlertJob): Promise<number> {
  const { db, mailSender, brand } = engine;
  const doc = await repo.findDocument(db, job.documentId);
  if (!doc) return 0;
  const [events, recipients, documentProperty, language] = await Promise.all([
    repo.alertEventsOf(db, job.userId, job.documentId),
    repo.alertRecipients(db, job.userId),
    repo.documentProperty(db, job.documentId),
    languageOf(db, job.userId),
  ]);
  if (events.length === 0) return 0;

  const hits: AlertHit[] = events.map((e) => {
    const guarded =
      e.name !== null ? { name: e.name } : { apn: e.apn ?? '', address: e.description ?? '' };
    return {
      matchKind: e.match_kind as AlertHit['matchKind'],
      guarded: e.name ?? `${e.apn ?? ''}${e.description ? ` (${e.description})` : ''}`,
      // An APN hit is the guarded parcel (the same key), written as the subscriber guards it,
      // in the county's format, rather than as the county's index wrote it.
      matchedValue: e.match_kind === 'apn' && e.apn ? e.apn : e.matched_value,
      partyRole: e.party_role,
      tier: e.tier,
      level: e.level,
      reason: reasonOf({ ...e, guarded }, language),
      ...(e.tier === 'possible' && e.name !== null
        ? { possibleBecause: possibleBecause(e.name, e.matched_value, language) }
        : {}),
      ...(e.tier === 'possible' && e.name !== null ? { namesakes: e.namesakes } : {}),
    };
  });
  // The most urgent hit (the most confident of those) says what the document does.
  const top = events.reduce((best, e) => (levelRank(e.level) < levelRank(best.level) ? e : best));
  const subject = levelSubject(top.match_kind, top.party_role);
  const sentence = whatItDoes(
    {
      documentType: doc.document_type,
      subject,
      property:
        subject === 'property'
          ? top.description || (top.apn ? `APN ${top.apn}` : null)
          : (documentProperty ?? null),
      countyName: doc.county_name,
      recordedAt: doc.recorded_at,
    },
    language,
  );
  const headline = levelHeadline(top.level, sentence, onlyPossible(hits), language);
  const possibleIds = events.filter((e) => e.tier === 'possible').map((e) => e.id);
  const excerpt = recipients.length > 0 ? await excerptOf(engine, doc, language) : null;
  const fraudContact = fraudContactOf(doc);
  const input = {
    level: top.level,
    whatItDoes: sentence,
    headline,
    eventUrl: `${brand.appUrl}/dashboard?event=${top.id}`,
    fraudContact,
    documentNumber: doc.document_number,
    documentType: doc.document_type,
    recordedAt: doc.recorded_at,
    countyName: doc.county_name,
    countyLinkUrl: doc.link_url,
    hits,
    dashboardUrl: `${brand.appUrl}/dashboard`,
    documentUrl: `${brand.appUrl}/documents/${encodeURIComponent(doc.container)}/${encodeURIComponent(doc.file_name)}`,
    attachment: excerpt?.state ?? 'unavailable',
    language,
  };
  const rendered = alertMail(brand, input);
  // The county's alias only when Postmark templates are configured: an alias Postmark does not
  // know is refused (422), and the alert would never go out.
  const template =
    mailSender.transport.name === 'postmark' && engine.alertTemplates && doc.alert_template_id
      ? { alias: doc.alert_template_id, model: alertTemplateModel(brand, input) }
      : undefined;
  // The most confident Act now hit that is not a possible match, said to the trusted contacts
  // in the third person: the subscriber's sentence says "you".
  const copied = events.find((e) => e.level === 'act_now' && e.tier !== 'possible');
  const copySentence =
    copied &&
    whatWasRecorded(
      {
        documentType: doc.document_type,
        subject: levelSubject(copied.match_kind, copied.party_role),
        name: copied.name,
        property:
          copied.description ||
          (copied.apn ? `APN ${copied.apn}` : null) ||
          (documentProperty ?? null),
        countyName: doc.county_name,
        recordedAt: doc.recorded_at,
      },
      language,
    );
  const account = copied ? await repo.accountEmail(db, job.userId) : undefined;

  return db.transaction().execute(async (trx) => {
    // Who has said stop is read here, not with the rest above, so that a stop (a contact's
    // link, a phone's STOP) either is seen or drops what this transaction queues.
    const contacts = account ? await repo.activeTrustedContacts(trx, job.userId) : [];
    const phones =
      engine.smsSender && top.level !== 'records' ? await repo.smsRecipients(trx, job.userId) : [];
    let queued = 0;
    for (const method of recipients) {
      const id = await mailSender.enqueue(trx, {
        deliveryKind: 'alert',
        userId: job.userId,
        notificationMethodId: method.id,
        documentId: doc.id,
        message: { to: method.email!, ...rendered, ...(template ? { template } : {}) },
        attachments: excerpt?.state === 'attached' ? [excerpt.attachment] : [],
      });
      if (id) queued++;
    }
    for (const contact of contacts) {
      if (await repo.copyQueued(trx, job.userId, doc.id, contact.email)) continue;
      const code = await createContactCode(trx, contact.id, 'stop');
      const copy = alertCopyMail(brand, {
        subscriberEmail: account!.email,
        contactName: contact.name,
        headline: levelHeadline('act_now', copySentence!, false, language),
        whatItDoes: copySentence!,
        documentNumber: doc.document_number,
        documentType: doc.document_type,
        recordedAt: doc.recorded_at,
        countyName: doc.county_name,
        countyLinkUrl: doc.link_url,
        fraudContact,
        stopUrl: stopUrl(brand.appUrl, code),
        language,
      });
      await mailSender.enqueue(trx, {
        deliveryKind: 'alert_copy',
        userId: job.userId,
        documentId: doc.id,
        message: { to: contact.email, ...copy },
      });
    }
    if (top.level !== 'records') {
      const text = {
        level: top.level,
        documentType: doc.document_type,
        countyName: doc.county_name,
        documentNumber: doc.document_number,
        eventUrl: input.eventUrl,
      };
      for (const phone of phones) {
        if (top.level === 'check' && !phone.texts_check_level) continue;
        const alert = { userId: job.userId, documentId: doc.id, language };
        if (await textAlert(engine, trx, alert, phone, text)) queued++;
      }
    }
    await repo.markDigested(trx, possibleIds);
    return queued;
  });
}

/** Why an alert text was not sent, in the subscriber's words: shown with the event's deliveries. */
export const overNumberLimit = (language: Language) =>
  translator(language)('sms.notTexted.numberLimit', { limit: TEXTS_PER_NUMBER_PER_DAY });
export const overDailyLimit = (limit: number, language: Language) =>
  translator(language)('sms.notTexted.dailyLimit', { limit });

/**
 * Queues one alert text, or, past a daily limit (per number, or in all), records it skipped
 * with the reason, so that the event says why only the email went. True when a text was queued.
 */
async function textAlert(
  engine: Engine,
  trx: Transaction<DB>,
  alert: { userId: string; documentId: string; language: Language },
  phone: { id: string; phone: string | null },
  text: Parameters<typeof alertText>[0],
): Promise<boolean> {
  const smsSender = engine.smsSender!;
  const to = phone.phone!;
  const input = {
    deliveryKind: 'alert' as const,
    userId: alert.userId,
    notificationMethodId: phone.id,
    documentId: alert.documentId,
  };
  const sent = await repo.alertTextsToday(trx, to);
  const reason =
    sent.toPhone >= TEXTS_PER_NUMBER_PER_DAY
      ? overNumberLimit(alert.language)
      : sent.total >= engine.smsDailyLimit
        ? overDailyLimit(engine.smsDailyLimit, alert.language)
        : undefined;
  if (reason) {
    await smsSender.skip(trx, { ...input, to, reason });
    return false;
  }
  return (
    (await smsSender.enqueue(trx, {
      ...input,
      message: { to, body: alertText(text, alert.language) },
    })) !== null
  );
}
