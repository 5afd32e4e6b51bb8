-- What an event costs to write, as shipped and as a lighter row of its own: 68 documents × 1,000
-- guarded names of a benchmark database (one kept by `npm run bench -- --scale small --keep`),
-- the row a possible name match gets, inserted three times each with one INSERT … SELECT into
-- `events` (its foreign keys, indexes and counters' trigger) and into a table holding only the
-- row, its primary key and one index. The database is left as it was.
--
--   psql postgres://postgres@127.0.0.1:5432/deedwatch_bench_… -f scripts/bench/event-writes.sql
\timing on
SET jit = off;
CREATE TEMP TABLE ev AS
SELECT gen_random_uuid() AS id, ns.user_id, d.id AS document_id, NULL::uuid AS apn_subscription_id,
  ns.id AS name_subscription_id, 'name'::text AS match_kind, ns.name AS matched_value,
  'grantor'::text AS party_role, false AS is_exact, 0.5::real AS confidence, false AS is_archived,
  now() AS created_at, 'possible'::text AS tier, 3 AS namesakes, false AS on_record,
  NULL::timestamptz AS digested_at, 'check'::text AS level, NULL::timestamptz AS recognised_at
FROM (SELECT id FROM recorded_documents ORDER BY id LIMIT 68) d
CROSS JOIN (SELECT id, user_id, name FROM name_subscriptions ORDER BY id LIMIT 1000) ns
WHERE NOT EXISTS (
  SELECT 1 FROM events e WHERE e.name_subscription_id = ns.id AND e.document_id = d.id);
SELECT count(*) AS events FROM ev;
-- An ordinary table, as events is (a TEMP one would skip the WAL).
DROP TABLE IF EXISTS bench_light_events;
CREATE TABLE bench_light_events (LIKE events INCLUDING DEFAULTS);
ALTER TABLE bench_light_events ADD PRIMARY KEY (id);
CREATE INDEX ON bench_light_events (user_id, created_at DESC);
\echo warming up
INSERT INTO events SELECT * FROM ev;
DELETE FROM events e USING ev WHERE e.id = ev.id;
VACUUM events;
INSERT INTO bench_light_events SELECT * FROM ev;
TRUNCATE bench_light_events;
\echo into events, as shipped
INSERT INTO events SELECT * FROM ev;
DELETE FROM events e USING ev WHERE e.id = ev.id;
VACUUM events;
INSERT INTO events SELECT * FROM ev;
DELETE FROM events e USING ev WHERE e.id = ev.id;
VACUUM events;
INSERT INTO events SELECT * FROM ev;
DELETE FROM events e USING ev WHERE e.id = ev.id;
VACUUM events;
\echo into the lighter table
INSERT INTO bench_light_events SELECT * FROM ev;
TRUNCATE bench_light_events;
INSERT INTO bench_light_events SELECT * FROM ev;
TRUNCATE bench_light_events;
INSERT INTO bench_light_events SELECT * FROM ev;
TRUNCATE bench_light_events;
DROP TABLE bench_light_events;
