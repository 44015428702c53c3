-- Tables shared by the order list (issue 8) and the matching engine (issue 9), laid down
-- first so both build on one shape: order groups, the order timeline and match events.

-- An order group: its orders pause and activate together, and its live calls share one
-- concurrency limit (read by the matching engine).
CREATE TABLE order_groups (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id   integer NOT NULL REFERENCES companies(id),
  name         text NOT NULL CHECK (length(trim(name)) > 0),
  concurrency  integer CHECK (concurrency >= 1),
  created_at   timestamptz NOT NULL,
  deleted_at   timestamptz
);
CREATE INDEX order_groups_company_idx ON order_groups (company_id) WHERE deleted_at IS NULL;
ALTER TABLE orders ADD COLUMN order_group_id integer REFERENCES order_groups(id);
CREATE INDEX orders_group_idx ON orders (order_group_id) WHERE order_group_id IS NOT NULL;

-- The order timeline: one row per change, written in the same transaction as the change.
-- detail holds what changed (fields before and after, the pause reason and date, ...).
-- user_id is who acted (null for the system, e.g. a scheduled reactivation); by_admin is
-- true when an administrator acted, switched into the user or not.
CREATE TABLE order_events (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id    integer NOT NULL REFERENCES orders(id),
  kind        text NOT NULL,
  detail      jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(detail) = 'object'),
  user_id     integer REFERENCES users(id),
  by_admin    boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL
);
CREATE INDEX order_events_order_idx ON order_events (order_id, id DESC);

-- Why a lead did or did not go to an order: one row per order the engine considered for a
-- ping or post. outcome is 'sold', 'outbid', or the first eligibility rule that excluded
-- the order (a key of src/domain/engine). The order breakdown chart counts outcomes per
-- order; "why didn't I get this lead?" reads the rows of one ping.
CREATE TABLE match_events (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ping_id     text NOT NULL,
  order_id    integer NOT NULL REFERENCES orders(id),
  company_id  integer NOT NULL REFERENCES companies(id),
  outcome     text NOT NULL,
  bid_cents   integer CHECK (bid_cents >= 0),
  price_cents integer CHECK (price_cents >= 0),
  created_at  timestamptz NOT NULL
);
CREATE INDEX match_events_order_idx ON match_events (order_id, created_at DESC);
CREATE INDEX match_events_ping_idx ON match_events (ping_id);
