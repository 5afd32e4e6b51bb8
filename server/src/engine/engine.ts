import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import type { PdfLimits } from '../documents/pdf/extract-text.ts';
import type { MailSender } from '../mail/mail-sender.ts';
import type { SmsSender } from '../mail/sms-sender.ts';
import type { Brand } from '../mail/templates.ts';
import type { Config } from '../config.ts';
import { type CountyPathPolicy, countyPathPolicy } from '../lib/county-paths.ts';
import { type BlobStore, createFileBlobStore } from '../storage/blob-store.ts';

/** What the engine's jobs and commands share: the database, the queue, mail and documents. */
export type Engine = {
  db: Database;
  boss: PgBoss;
  mailSender: MailSender;
  /** Texts: null when SMS_TRANSPORT offers none. */
  smsSender: SmsSender | null;
  /** Alert texts per day across every number (SMS_DAILY_LIMIT). */
  smsDailyLimit: number;
  blobs: BlobStore;
  brand: Brand;
  log: Logger;
  /** Alerts use the county's Postmark template alias (POSTMARK_ALERT_TEMPLATES with Postmark). */
  alertTemplates: boolean;
  pdfLimits?: Partial<PdfLimits>;
  /** Where county inboxes and mailer files may be (the data folder, COUNTY_PATH_ROOTS). */
  countyPaths: CountyPathPolicy;
};

export function createEngine(
  config: Pick<Config, 'appUrl' | 'supportPhone' | 'supportEmail' | 'documentsDir'> &
    Partial<Pick<Config, 'postmark' | 'dataDir' | 'countyPathRoots' | 'smsDailyLimit'>>,
  deps: {
    db: Database;
    boss: PgBoss;
    mailSender: MailSender;
    smsSender?: SmsSender | null;
    log: Logger;
    blobs?: BlobStore;
  },
): Engine {
  return {
    ...deps,
    smsSender: deps.smsSender ?? null,
    smsDailyLimit: config.smsDailyLimit ?? 0,
    blobs: deps.blobs ?? createFileBlobStore(config.documentsDir),
    alertTemplates: config.postmark?.alertTemplates ?? false,
    countyPaths: countyPathPolicy(config),
    brand: {
      appUrl: config.appUrl,
      supportPhone: config.supportPhone,
      supportEmail: config.supportEmail,
    },
  };
}
