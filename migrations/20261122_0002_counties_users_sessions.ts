import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE counties (
      id                    integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name                  text NOT NULL CHECK (name <> ''),
      code                  text NOT NULL CHECK (code ~ '^[A-Z0-9_]+$'),
      ui_mask               text NOT NULL CHECK (ui_mask ~ '^[0a-]+$'),
      data_mask             text NOT NULL CHECK (data_mask ~ '^[0a-]+$'),
      format                text NOT NULL,
      link_url              text NOT NULL,
      alert_template_id     text NOT NULL DEFAULT '',
      create_county_mailer  boolean NOT NULL DEFAULT false,
      mailer_document_types text[] NOT NULL DEFAULT '{}',
      mailer_template_path  text NOT NULL DEFAULT '',
      use_one_page_mailer   boolean NOT NULL DEFAULT false,
      mailer_output_path    text NOT NULL DEFAULT '',
      use_watermark         boolean NOT NULL DEFAULT false,
      add_sample_to_mailer  boolean NOT NULL DEFAULT false,
      is_enabled            boolean NOT NULL DEFAULT true,
      created_at            timestamptz NOT NULL DEFAULT now(),
      updated_at            timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX counties_code_key ON counties (code)`.execute(db);
  await sql`CREATE UNIQUE INDEX counties_name_key ON counties (lower(name))`.execute(db);

  // Emails are stored lower-cased, so equality and the unique index need no lower().
  await sql`
    CREATE TABLE users (
      id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email             text NOT NULL CHECK (email = lower(email) AND email LIKE '%_@_%'),
      role              text NOT NULL DEFAULT 'subscriber'
                        CHECK (role IN ('subscriber', 'customersupport', 'admin')),
      password_hash     text,
      email_verified_at timestamptz,
      created_at        timestamptz NOT NULL DEFAULT now(),
      last_login_at     timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_key ON users (email)`.execute(db);
  await sql`CREATE INDEX users_created_at_idx ON users (created_at, id)`.execute(db);
  await sql`CREATE INDEX users_last_login_at_idx ON users (last_login_at)`.execute(db);
  await sql`CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops)`.execute(db);

  await sql`
    CREATE TABLE notification_methods (
      id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id              uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      type                 text NOT NULL CHECK (type IN ('Email', 'SMS')),
      email                text CHECK (email = lower(email)),
      phone                text,
      verified_at          timestamptz,
      undeliverable_at     timestamptz,
      undeliverable_reason text,
      created_at           timestamptz NOT NULL DEFAULT now(),
      CHECK ((type = 'Email' AND email IS NOT NULL) OR (type = 'SMS' AND phone IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX notification_methods_user_id_idx ON notification_methods (user_id)`.execute(
    db,
  );
  await sql`
    CREATE UNIQUE INDEX notification_methods_user_address_key
      ON notification_methods (user_id, type, coalesce(email, phone))`.execute(db);

  await sql`
    CREATE TABLE auth_codes (
      id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id                uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      purpose                text NOT NULL CHECK (purpose IN ('login', 'verify_email', 'verify_sms')),
      code_hash              bytea NOT NULL,
      notification_method_id uuid REFERENCES notification_methods (id) ON DELETE CASCADE,
      expires_at             timestamptz NOT NULL,
      used_at                timestamptz,
      created_at             timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX auth_codes_code_hash_key ON auth_codes (code_hash)`.execute(db);
  await sql`CREATE INDEX auth_codes_user_id_idx ON auth_codes (user_id, purpose)`.execute(db);
  await sql`CREATE INDEX auth_codes_notification_method_id_idx ON auth_codes (notification_method_id)`.execute(
    db,
  );
  await sql`CREATE INDEX auth_codes_expires_at_idx ON auth_codes (expires_at)`.execute(db);

  // The @fastify/session store. Rows exist only for sessions that carry data.
  await sql`
    CREATE TABLE sessions (
      sid        text PRIMARY KEY,
      data       jsonb NOT NULL,
      user_id    uuid REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX sessions_expires_at_idx ON sessions (expires_at)`.execute(db);
  await sql`CREATE INDEX sessions_user_id_idx ON sessions (user_id)`.execute(db);

  await sql`
    CREATE TABLE audit_log (
      id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      actor_id        uuid REFERENCES users (id) ON DELETE SET NULL,
      impersonator_id uuid REFERENCES users (id) ON DELETE SET NULL,
      action          text NOT NULL,
      target_type     text,
      target_id       text,
      details         jsonb NOT NULL DEFAULT '{}',
      at              timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_actor_id_idx ON audit_log (actor_id)`.execute(db);
  await sql`CREATE INDEX audit_log_impersonator_id_idx ON audit_log (impersonator_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE audit_log, sessions, auth_codes, notification_methods, users, counties`.execute(
    db,
  );
}
