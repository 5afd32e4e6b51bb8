import { type Kysely, sql } from 'kysely';

const KINDS_BEFORE = [
  'welcome',
  'login',
  'verify',
  'alert',
  'digest',
  'history',
  'webhook_disabled',
  'case_packet',
  'contact_invite',
  'alert_copy',
];
const STATUSES_BEFORE = ['queued', 'sending', 'sent', 'failed', 'ambiguous'];

const check = (column: string, values: string[]) =>
  sql.raw(`CHECK (${column} = ANY ('{${values.join(',')}}'::text[]))`);

// Text messages as a channel of their own: a delivery and an outbox message say which channel
// they went by; an SMS method can be opted out by its owner's STOP and may take Check alerts
// too; a county says which countries' phone numbers it takes (the first is the default).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE counties
      ADD COLUMN phone_countries text[] NOT NULL DEFAULT '{US}'
        CHECK (cardinality(phone_countries) BETWEEN 1 AND 20
               AND array_to_string(phone_countries, ',') ~ '^[A-Z]{2}(,[A-Z]{2})*$')`.execute(db);

  await sql`
    ALTER TABLE notification_methods
      ADD COLUMN opted_out_at timestamptz,
      ADD COLUMN texts_check_level boolean NOT NULL DEFAULT false`.execute(db);
  // Carrier callbacks name the number, not the method.
  await sql`CREATE INDEX notification_methods_phone_idx ON notification_methods (phone) WHERE phone IS NOT NULL`.execute(
    db,
  );

  await sql`
    ALTER TABLE outbox_messages
      ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms'))`.execute(
    db,
  );

  await sql`
    ALTER TABLE deliveries
      ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms')),
      ADD COLUMN provider_status text`.execute(db);
  await sql`ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check`.execute(db);
  await sql`ALTER TABLE deliveries ADD CONSTRAINT deliveries_kind_check ${check('kind', [...KINDS_BEFORE, 'sms_unreachable'])}`.execute(
    db,
  );
  // delivered: the carrier says the text reached the phone; skipped: not sent by design (a
  // daily text limit), with the reason in last_error.
  await sql`ALTER TABLE deliveries DROP CONSTRAINT deliveries_status_check`.execute(db);
  await sql`ALTER TABLE deliveries ADD CONSTRAINT deliveries_status_check ${check('status', [...STATUSES_BEFORE, 'delivered', 'skipped'])}`.execute(
    db,
  );
  // Status callbacks find the delivery by the carrier's message id.
  await sql`CREATE INDEX deliveries_provider_message_id_idx ON deliveries (provider_message_id) WHERE provider_message_id IS NOT NULL`.execute(
    db,
  );
  // The daily text limits count the day's alert texts, per number and in all.
  await sql`CREATE INDEX deliveries_sms_alerts_idx ON deliveries (created_at, recipient) WHERE channel = 'sms' AND kind = 'alert'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX deliveries_sms_alerts_idx, deliveries_provider_message_id_idx`.execute(db);
  await sql`DELETE FROM deliveries WHERE kind = 'sms_unreachable' OR channel = 'sms'`.execute(db);
  await sql`ALTER TABLE deliveries DROP CONSTRAINT deliveries_status_check`.execute(db);
  await sql`ALTER TABLE deliveries ADD CONSTRAINT deliveries_status_check ${check('status', STATUSES_BEFORE)}`.execute(
    db,
  );
  await sql`ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check`.execute(db);
  await sql`ALTER TABLE deliveries ADD CONSTRAINT deliveries_kind_check ${check('kind', KINDS_BEFORE)}`.execute(
    db,
  );
  await sql`ALTER TABLE deliveries DROP COLUMN provider_status, DROP COLUMN channel`.execute(db);
  await sql`DELETE FROM outbox_messages WHERE channel = 'sms'`.execute(db);
  await sql`ALTER TABLE outbox_messages DROP COLUMN channel`.execute(db);
  await sql`DROP INDEX notification_methods_phone_idx`.execute(db);
  await sql`ALTER TABLE notification_methods DROP COLUMN texts_check_level, DROP COLUMN opted_out_at`.execute(
    db,
  );
  await sql`ALTER TABLE counties DROP COLUMN phone_countries`.execute(db);
}
