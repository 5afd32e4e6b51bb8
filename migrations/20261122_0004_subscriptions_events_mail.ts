import { type Kysely, sql } from 'kysely';

// Subscriptions become active (activated_at) when the account email is verified;
// only documents recorded at or after activation can raise events.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE apn_subscriptions (
      id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      county_id    integer NOT NULL REFERENCES counties (id) ON DELETE CASCADE,
      apn          text NOT NULL,
      apn_key      text COLLATE "C" NOT NULL,
      description  text NOT NULL DEFAULT '',
      address_key  text COLLATE "C",
      activated_at timestamptz,
      created_at   timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX apn_subscriptions_user_apn_key ON apn_subscriptions (user_id, county_id, apn_key)`.execute(
    db,
  );
  await sql`CREATE INDEX apn_subscriptions_apn_key_idx ON apn_subscriptions (county_id, apn_key)`.execute(
    db,
  );
  await sql`CREATE INDEX apn_subscriptions_address_key_idx ON apn_subscriptions (county_id, address_key)`.execute(
    db,
  );

  await sql`
    CREATE TABLE name_subscriptions (
      id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      county_id    integer NOT NULL REFERENCES counties (id) ON DELETE CASCADE,
      name         text NOT NULL,
      name_key     text COLLATE "C" NOT NULL,
      tokens       text[] NOT NULL DEFAULT '{}',
      activated_at timestamptz,
      created_at   timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX name_subscriptions_user_name_key ON name_subscriptions (user_id, county_id, name_key)`.execute(
    db,
  );
  await sql`CREATE INDEX name_subscriptions_name_key_idx ON name_subscriptions (county_id, name_key)`.execute(
    db,
  );

  await sql`
    CREATE TABLE events (
      id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id              uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      document_id          bigint NOT NULL REFERENCES recorded_documents (id) ON DELETE CASCADE,
      apn_subscription_id  uuid REFERENCES apn_subscriptions (id) ON DELETE CASCADE,
      name_subscription_id uuid REFERENCES name_subscriptions (id) ON DELETE CASCADE,
      match_kind           text NOT NULL,
      matched_value        text NOT NULL,
      party_role           text CHECK (party_role IN ('grantor', 'grantee')),
      is_exact             boolean NOT NULL,
      score                real NOT NULL CHECK (score >= 0 AND score <= 1),
      is_archived          boolean NOT NULL DEFAULT false,
      created_at           timestamptz NOT NULL DEFAULT now(),
      CHECK ((apn_subscription_id IS NULL) <> (name_subscription_id IS NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX events_apn_subscription_document_key ON events (apn_subscription_id, document_id) WHERE apn_subscription_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX events_name_subscription_document_key ON events (name_subscription_id, document_id) WHERE name_subscription_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX events_user_id_idx ON events (user_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX events_document_id_idx ON events (document_id)`.execute(db);
  await sql`CREATE INDEX events_created_at_idx ON events (created_at)`.execute(db);

  // The outbox transport's store: what would have been sent, for the dev mail viewer and tests.
  await sql`
    CREATE TABLE outbox_messages (
      id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      recipient  text NOT NULL,
      subject    text NOT NULL,
      text_body  text NOT NULL,
      html_body  text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX outbox_messages_created_at_idx ON outbox_messages (created_at DESC)`.execute(
    db,
  );
  await sql`
    CREATE TABLE outbox_attachments (
      id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      message_id   uuid NOT NULL REFERENCES outbox_messages (id) ON DELETE CASCADE,
      name         text NOT NULL,
      content_type text NOT NULL,
      content      bytea NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX outbox_attachments_message_id_idx ON outbox_attachments (message_id)`.execute(
    db,
  );

  // One row per message to send, whatever the transport: its status is what the user sees.
  await sql`
    CREATE TABLE deliveries (
      id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind                   text NOT NULL CHECK (kind IN ('welcome', 'login', 'verify', 'alert')),
      user_id                uuid REFERENCES users (id) ON DELETE CASCADE,
      notification_method_id uuid REFERENCES notification_methods (id) ON DELETE SET NULL,
      document_id            bigint REFERENCES recorded_documents (id) ON DELETE CASCADE,
      recipient              text NOT NULL,
      status                 text NOT NULL DEFAULT 'queued'
                             CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'ambiguous')),
      provider_message_id    text,
      attempts               integer NOT NULL DEFAULT 0,
      last_error             text,
      created_at             timestamptz NOT NULL DEFAULT now(),
      sent_at                timestamptz
    )`.execute(db);
  await sql`CREATE INDEX deliveries_user_id_idx ON deliveries (user_id)`.execute(db);
  await sql`CREATE INDEX deliveries_notification_method_id_idx ON deliveries (notification_method_id)`.execute(
    db,
  );
  await sql`CREATE INDEX deliveries_document_id_idx ON deliveries (document_id)`.execute(db);
  await sql`CREATE INDEX deliveries_created_at_idx ON deliveries (created_at)`.execute(db);
  await sql`CREATE UNIQUE INDEX deliveries_alert_key ON deliveries (user_id, document_id, notification_method_id) WHERE kind = 'alert'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE deliveries, outbox_attachments, outbox_messages, events, name_subscriptions, apn_subscriptions`.execute(
    db,
  );
}
