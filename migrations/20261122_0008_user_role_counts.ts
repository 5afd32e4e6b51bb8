import { type Kysely, sql } from 'kysely';

// How many users hold each role, kept exact by statement-level triggers, so the staff users
// list can give its total without counting a million rows on every page. An update that does
// not change a role (a sign-in stamping last_login_at) writes nothing here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_role_counts (
      role  text PRIMARY KEY CHECK (role IN ('subscriber', 'customersupport', 'admin')),
      users bigint NOT NULL CHECK (users >= 0)
    )`.execute(db);
  await sql`
    INSERT INTO user_role_counts (role, users)
    SELECT r.role, (SELECT count(*) FROM users u WHERE u.role = r.role)
    FROM unnest(ARRAY['subscriber', 'customersupport', 'admin']) AS r (role)`.execute(db);

  await sql`
    CREATE FUNCTION user_role_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE user_role_counts c SET users = c.users + d.n
      FROM (SELECT role, count(*) AS n FROM added GROUP BY role) d
      WHERE c.role = d.role;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION user_role_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE user_role_counts c SET users = c.users - d.n
      FROM (SELECT role, count(*) AS n FROM removed GROUP BY role) d
      WHERE c.role = d.role;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION user_role_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE user_role_counts c SET users = c.users + d.n
      FROM (
        SELECT role, sum(n) AS n FROM (
          SELECT n.role, 1 AS n FROM before_rows o JOIN after_rows n USING (id) WHERE o.role <> n.role
          UNION ALL
          SELECT o.role, -1 FROM before_rows o JOIN after_rows n USING (id) WHERE o.role <> n.role
        ) moves GROUP BY role
      ) d
      WHERE c.role = d.role;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER users_role_counts_insert AFTER INSERT ON users
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_add()`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER users_role_counts_delete AFTER DELETE ON users
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_remove()`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER users_role_counts_update AFTER UPDATE ON users
    REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
    FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER users_role_counts_update ON users`.execute(db);
  await sql`DROP TRIGGER users_role_counts_delete ON users`.execute(db);
  await sql`DROP TRIGGER users_role_counts_insert ON users`.execute(db);
  await sql`DROP FUNCTION user_role_counts_change(), user_role_counts_remove(), user_role_counts_add()`.execute(
    db,
  );
  await sql`DROP TABLE user_role_counts`.execute(db);
}
