-- The ping path's order book (issue 9, speed): each server keeps the orders' static facts
-- (territory, vendors, schedule, filters, caps, bids, package, time zone, hourly cap) in
-- memory, and reads from the database only what moves with every sale (counts, balances,
-- the last sale). Services: src/server/services/engine/book.ts.

-- ------------------------------------------------------------------ the book's version
-- One number that moves whenever a fact the book holds changes, in the same transaction
-- as the change. Every match reads it in the statement that reads the moving facts (one
-- snapshot), and a server whose book is older reloads it first: a ping never decides on
-- facts older than its own snapshot, on any instance.
CREATE TABLE engine_book_version (
  id  boolean PRIMARY KEY DEFAULT true CHECK (id),
  v   bigint NOT NULL
);
INSERT INTO engine_book_version (id, v) VALUES (true, 1);

-- Deferred to commit, so the version row is the last lock a changing transaction takes
-- (after its order rows: two transactions never wait on each other in a cycle), and
-- bumped once per transaction however many rows it changed (a transaction-local flag).
CREATE FUNCTION engine_book_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('leadline.book_bumped', true), '') = 'y' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('leadline.book_bumped', 'y', true);
  UPDATE engine_book_version SET v = v + 1;
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
