import { type Kysely, sql } from 'kysely';

// API access for programs:
// - personal_access_tokens: a subscriber's bearer tokens. Only the SHA-256 of a token is kept
//   (hex, C collation, unique), with a hint of its first characters to tell tokens apart, its
//   scopes, optional expiry, last use and revocation (rows stay, so a revoked token's 401 can
//   say so).
// - personal_access_token_ips: every address a token was used from, so only a use from a new
//   one is written to the audit log.
// - webhook_endpoints: a subscriber's HTTPS receivers, the event types each wants, its signing
//   secret (sealed: unreadable without the server's secret) and when and why it was disabled.
// - webhook_deliveries: one message to one endpoint (its body as signed, byte for byte), its
//   status, attempts and last outcome; a resend is a new row pointing at the one it repeats.
// - deliveries.kind admits 'webhook_disabled': the mail telling a subscriber an endpoint was
//   disabled. The kinds the check admits are read from the constraint as it stands, so this
//   widens whatever an earlier migration left.
const EVENT_TYPES = sql`ARRAY['event.created', 'event.level_changed', 'case.status_changed']`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE personal_access_tokens (
      id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      token_hash   text COLLATE "C" NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      token_hint   text NOT NULL CHECK (length(token_hint) <= 20),
      scopes       text[] NOT NULL
                   CHECK (cardinality(scopes) BETWEEN 1 AND 2 AND scopes <@ ARRAY['read', 'write']),
      created_at   timestamptz NOT NULL DEFAULT now(),
      expires_at   timestamptz,
      last_used_at timestamptz,
      last_used_ip text,
      revoked_at   timestamptz
    )`.execute(db);
  await sql`CREATE INDEX personal_access_tokens_user_id_idx ON personal_access_tokens (user_id, created_at DESC)`.execute(
    db,
  );
  await sql`
    CREATE TABLE personal_access_token_ips (
      token_id      uuid NOT NULL REFERENCES personal_access_tokens (id) ON DELETE CASCADE,
      ip            text NOT NULL,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (token_id, ip)
    )`.execute(db);

  await sql`
    CREATE TABLE webhook_endpoints (
      id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      url             text NOT NULL CHECK (length(url) <= 2048 AND url LIKE 'https://%'),
      description     text NOT NULL DEFAULT '' CHECK (length(description) <= 200),
      event_types     text[] NOT NULL
                      CHECK (cardinality(event_types) BETWEEN 1 AND 3 AND event_types <@ ${EVENT_TYPES}),
      secret_sealed   text NOT NULL,
      created_at      timestamptz NOT NULL DEFAULT now(),
      disabled_at     timestamptz,
      disabled_reason text,
      UNIQUE (user_id, url)
    )`.execute(db);

  await sql`
    CREATE TABLE webhook_deliveries (
      id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      endpoint_id      uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
      message_id       text COLLATE "C" NOT NULL,
      event_type       text NOT NULL CHECK (event_type = ANY (${EVENT_TYPES})),
      event_id         uuid REFERENCES events (id) ON DELETE SET NULL,
      payload          text NOT NULL,
      status           text NOT NULL DEFAULT 'pending'
                       CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts         integer NOT NULL DEFAULT 0,
      created_at       timestamptz NOT NULL DEFAULT now(),
      next_attempt_at  timestamptz,
      last_attempt_at  timestamptz,
      last_status_code integer,
      last_error       text,
      delivered_at     timestamptz,
      resent_from      uuid REFERENCES webhook_deliveries (id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_endpoint_id_idx ON webhook_deliveries (endpoint_id, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX webhook_deliveries_event_id_idx ON webhook_deliveries (event_id)`.execute(
    db,
  );
  await sql`CREATE INDEX webhook_deliveries_resent_from_idx ON webhook_deliveries (resent_from)`.execute(
    db,
  );
  await sql`CREATE INDEX webhook_deliveries_created_at_idx ON webhook_deliveries (created_at)`.execute(
    db,
  );
  // An event is queued once per endpoint, however often asked; resends are rows of their own.
  await sql`CREATE UNIQUE INDEX webhook_deliveries_event_key ON webhook_deliveries (endpoint_id, event_id) WHERE resent_from IS NULL AND event_id IS NOT NULL`.execute(
    db,
  );

  await setDeliveryKinds(db, 'add');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM deliveries WHERE kind = 'webhook_disabled'`.execute(db);
  await setDeliveryKinds(db, 'remove');
  await sql`DROP TABLE webhook_deliveries, webhook_endpoints`.execute(db);
  await sql`DROP TABLE personal_access_token_ips, personal_access_tokens`.execute(db);
}

/** Rewrites deliveries_kind_check with the kinds it admits now, plus or minus ours. */
async function setDeliveryKinds(db: Kysely<unknown>, change: 'add' | 'remove'): Promise<void> {
  await sql`
    DO $$
    DECLARE
      kinds text[];
    BEGIN
      -- The check reads kind IN ('a', 'b') or kind = ANY ('{a,b}'::text[]): each quoted
      -- string is a kind, or an array literal of kinds.
      SELECT array_agg(DISTINCT k ORDER BY k) INTO kinds
      FROM pg_constraint c,
           regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g') AS m,
           unnest(CASE WHEN m[1] LIKE '{%}' THEN m[1]::text[] ELSE ARRAY[m[1]] END) AS k
      WHERE c.conname = 'deliveries_kind_check' AND c.conrelid = 'deliveries'::regclass
        AND k <> 'webhook_disabled';
      IF ${sql.lit(change === 'add')} THEN
        kinds := kinds || 'webhook_disabled'::text;
      END IF;
      ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check;
      EXECUTE format(
        'ALTER TABLE deliveries ADD CONSTRAINT deliveries_kind_check CHECK (kind = ANY (%L::text[]))',
        kinds);
    END $$`.execute(db);
}
