-- The pings' history in bounds (issue 22): engine_pings partitioned by UTC day, old days
-- dropped whole by the ping-history job (services/engine/ping-history.ts), the pings a
-- lead was sold from kept beside them, and each decision stored in a few bytes.
-- The same schema on PostgreSQL and PGlite (PostgreSQL 17 in WASM partitions alike).

ALTER TABLE engine_pings RENAME TO engine_pings_033;
ALTER INDEX engine_pings_pkey RENAME TO engine_pings_033_pkey;
DROP INDEX engine_pings_vendor_lead_key;
DROP INDEX engine_pings_held_idx;
DROP INDEX engine_pings_created_idx;

-- A partitioned table's keys must hold its partition key: (id, created_at). A new ping id
-- carries its creation day (record.ts), so a look-up by id reads one day's partition.
-- decision: the decision's bytes (src/domain/engine/decision-bytes.ts); considered: the
-- JSON columns of the rows written before this migration (read as they are, never written).
CREATE TABLE engine_pings (
  id              text NOT NULL,
  vendor_id       integer NOT NULL REFERENCES vendors(id),
  kind            text NOT NULL CHECK (kind IN ('ping','post','call')),
  vertical        text NOT NULL CHECK (vertical IN ('autoins','homeins')),
  product         text NOT NULL CHECK (product IN ('leads','calls')),
  zipcode         text NOT NULL,
  state           char(2),
  lead            jsonb NOT NULL DEFAULT '{}',
  offers          jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(offers) = 'array'),
  status          text NOT NULL CHECK (status IN ('open','sold','unsold')),
  order_id        integer REFERENCES orders(id),
  vendor_lead_id  text,
  created_at      timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  posted_at       timestamptz,
  considered      jsonb,
  decision        bytea,
  PRIMARY KEY (id, created_at)
) PARTITION BY RANGE (created_at);
-- Calls reserved and not yet posted count against the order's concurrency.
CREATE INDEX engine_pings_held_idx ON engine_pings (order_id, expires_at) WHERE kind = 'call' AND status = 'open';

-- Rows of a day without its partition yet (the job made days ahead, but a server whose
-- clock ran past them must still take pings); the job moves them into the day's
-- partition when it makes it, and deletes them past the retention.
CREATE TABLE engine_pings_default PARTITION OF engine_pings DEFAULT;
CREATE INDEX engine_pings_default_created_idx ON engine_pings_default (created_at);

-- The pings a lead was sold from, moved here before their day is dropped: a sold ping
-- lives as long as its lead (the "why not" breakdown of a sale). A deleted lead takes
-- its ping with it (trigger below).
CREATE TABLE engine_pings_kept (LIKE engine_pings INCLUDING DEFAULTS INCLUDING CONSTRAINTS, PRIMARY KEY (id));

-- A vendor_lead_id sent before is refused (409) forever: the rule needs a key without
-- the day, so it is a table of its own, written with the post's row.
CREATE TABLE engine_vendor_lead_ids (
  vendor_id       integer NOT NULL REFERENCES vendors(id),
  vendor_lead_id  text NOT NULL,
  ping_id         text NOT NULL,
  PRIMARY KEY (vendor_id, vendor_lead_id)
);

-- The partition of one UTC day, named engine_pings_yYYYYMMDD, made once: rows of that day
-- waiting in the default partition move into it. Answers whether it made it.
CREATE FUNCTION engine_pings_make_day(day date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  part text := 'engine_pings_y' || to_char(day, 'YYYYMMDD');
  lo timestamptz := day::timestamp AT TIME ZONE 'UTC';
  hi timestamptz := (day + 1)::timestamp AT TIME ZONE 'UTC';
BEGIN
  IF to_regclass(part) IS NOT NULL THEN RETURN false; END IF;
  EXECUTE format('CREATE TABLE %I (LIKE engine_pings INCLUDING DEFAULTS INCLUDING CONSTRAINTS,'
    || ' CHECK (created_at >= %L AND created_at < %L))', part, lo, hi);
  EXECUTE format('WITH moved AS (DELETE FROM engine_pings_default WHERE created_at >= $1 AND created_at < $2 RETURNING *)'
    || ' INSERT INTO %I SELECT * FROM moved', part) USING lo, hi;
  EXECUTE format('ALTER TABLE engine_pings ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
  RETURN true;
EXCEPTION WHEN duplicate_table THEN
  RETURN false; -- another instance made it first
END $$;

SELECT engine_pings_make_day(d::date)
  FROM (SELECT DISTINCT (created_at AT TIME ZONE 'UTC')::date AS d FROM engine_pings_033
        UNION SELECT (now() AT TIME ZONE 'UTC')::date + k FROM generate_series(0, 3) AS k) days;

INSERT INTO engine_pings (id, vendor_id, kind, vertical, product, zipcode, state, lead, offers, status, order_id, vendor_lead_id,
                          created_at, expires_at, posted_at, considered)
  SELECT id, vendor_id, kind, vertical, product, zipcode, state, lead, offers, status, order_id, vendor_lead_id,
         created_at, expires_at, posted_at, considered
    FROM engine_pings_033;
INSERT INTO engine_vendor_lead_ids (vendor_id, vendor_lead_id, ping_id)
  SELECT vendor_id, vendor_lead_id, id FROM engine_pings_033 WHERE vendor_lead_id IS NOT NULL;
DROP TABLE engine_pings_033;

-- A deleted lead takes its kept ping (when no other lead was sold from it).
CREATE FUNCTION engine_pings_kept_unkeep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM engine_pings_kept k
   WHERE k.id = OLD.ping_id AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.ping_id = OLD.ping_id);
  RETURN NULL;
END $$;
CREATE TRIGGER leads_unkeep_ping AFTER DELETE ON leads
  FOR EACH ROW WHEN (OLD.ping_id IS NOT NULL) EXECUTE FUNCTION engine_pings_kept_unkeep();
