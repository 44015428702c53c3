-- The ping path's order book (issue 9, speed): each server keeps the orders' static facts
-- (territory, vendors, schedule, filters, caps, bids, package, time zone, hourly cap) in
-- memory, and reads from the database only what moves with every sale (counts, balances,
-- the last sale). Services: src/server/services/engine/book.ts.

-- ------------------------------------------------------------------ the book's version
-- One number that moves whenever a fact the book holds changes, in the same transaction
-- as the change, with the orders it changed (engine_book_changes; an order id of null
-- means "any": a package, an agent's time zone or a company's hourly cap changed). Every
-- match reads the version in the statement that reads the moving facts (one snapshot);
-- a server whose book is older first reloads the orders changed since (all of them when
-- the log no longer reaches back to its version): a ping never decides on facts older
-- than its own snapshot, on any instance.
CREATE TABLE engine_book_version (
  id  boolean PRIMARY KEY DEFAULT true CHECK (id),
  v   bigint NOT NULL
);
INSERT INTO engine_book_version (id, v) VALUES (true, 1);

-- Every version has at least one row here (versions are contiguous), so a gap after a
-- book's version means the log was trimmed (the jobs keep its last 10,000 versions).
CREATE TABLE engine_book_changes (
  v         bigint NOT NULL,
  order_id  integer
);
CREATE INDEX engine_book_changes_v_idx ON engine_book_changes (v);

-- Deferred to commit, so the version row is the last lock a changing transaction takes
-- (after its order rows: two transactions never wait on each other in a cycle), bumped
-- once per transaction (its number kept in a transaction-local setting), and each
-- changed order logged under it.
CREATE FUNCTION engine_book_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ver bigint := nullif(current_setting('leadline.book_v', true), '')::bigint;
  changed integer;
BEGIN
  IF ver IS NULL THEN
    UPDATE engine_book_version SET v = v + 1 RETURNING v INTO ver;
    PERFORM set_config('leadline.book_v', ver::text, true);
  END IF;
  IF TG_TABLE_NAME = 'orders' THEN
    IF TG_OP = 'DELETE' THEN changed := OLD.id; ELSE changed := NEW.id; END IF;
  ELSIF TG_TABLE_NAME IN ('order_vendors', 'order_areas') THEN
    IF TG_OP = 'DELETE' THEN changed := OLD.order_id; ELSE changed := NEW.order_id; END IF;
  END IF;
  INSERT INTO engine_book_changes (v, order_id) VALUES (ver, changed);
  RETURN NULL;
END $$;

-- orders: every column the book holds (last_sold_at, written by each sale, is not one).
CREATE CONSTRAINT TRIGGER orders_book_bump
  AFTER INSERT OR DELETE OR UPDATE OF status, vertical, product, territory, cap_daily, cap_weekly, cap_monthly, max_bid_cents,
    custom_price_cents, schedule, filters, max_concurrent_calls, order_group_id, deleted_at, package_id, company_id, user_id, name
  ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION engine_book_bump();
CREATE CONSTRAINT TRIGGER order_vendors_book_bump AFTER INSERT OR DELETE OR UPDATE ON order_vendors
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION engine_book_bump();
CREATE CONSTRAINT TRIGGER order_areas_book_bump AFTER INSERT OR DELETE OR UPDATE ON order_areas
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION engine_book_bump();
CREATE CONSTRAINT TRIGGER packages_book_bump AFTER INSERT OR DELETE OR UPDATE OF cost_cents, max_buyers ON packages
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION engine_book_bump();
CREATE CONSTRAINT TRIGGER users_book_bump AFTER UPDATE OF timezone ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION engine_book_bump();
CREATE CONSTRAINT TRIGGER companies_book_bump AFTER UPDATE OF hourly_lead_cap ON companies
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION engine_book_bump();

-- ------------------------------------------------------------------ decisions, compactly
-- A ping considers a few hundred orders; one row each was most of a ping's cost. The
-- decision is now kept on the ping's own row, column-wise:
-- {"o": [order ids], "r": [outcomes], "b": [bids or null], "p": [prices or null]}.
-- match_events keeps what happens after the decision (a ping-post's sale or the rule
-- found under the sale's locks) and the rows written before this migration.
ALTER TABLE engine_pings ADD COLUMN considered jsonb;

-- The order breakdown chart: outcomes counted per order, added to by each server in
-- batches (services/engine/match-counts.ts) instead of counted from a row per decision.
CREATE TABLE order_match_counts (
  order_id  integer NOT NULL REFERENCES orders(id),
  outcome   text NOT NULL,
  n         bigint NOT NULL CHECK (n >= 0),
  PRIMARY KEY (order_id, outcome)
);
INSERT INTO order_match_counts (order_id, outcome, n)
  SELECT order_id, outcome, count(*) FROM match_events GROUP BY order_id, outcome;

-- ------------------------------------------------------------------ vendor keys in memory
-- Each server keeps the sales tokens it has seen valid (services/engine/vendor-keys.ts);
-- a revoked or replaced token, or a vendor made inactive, drops them all at once, on
-- every server (channel vendor_keys). A new token needs nothing: unknown tokens are read.
CREATE FUNCTION notify_vendor_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vendor_keys', '*');
  RETURN NULL;
END $$;
CREATE TRIGGER vendor_api_keys_notify_keys AFTER UPDATE OR DELETE OR TRUNCATE ON vendor_api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION notify_vendor_keys();
CREATE TRIGGER vendors_notify_keys AFTER UPDATE OR DELETE OR TRUNCATE ON vendors
  FOR EACH STATEMENT EXECUTE FUNCTION notify_vendor_keys();
