-- The marketplace engine (issue 9, part A): vendors' pings and posts, the territory index
-- the ping path reads, the auction's package settings, the delivery outbox and the
-- delivery status of a lead. Rules: src/domain/engine; services: src/server/services/engine.

-- ------------------------------------------------------------------ packages and orders
-- How many buyers one lead is sold to: 1 is exclusive, more is shared.
ALTER TABLE packages ADD COLUMN max_buyers integer NOT NULL DEFAULT 1 CHECK (max_buyers BETWEEN 1 AND 10);
-- The auction's tie-break: the order that has waited longest since its last sale (or its
-- creation) wins a tie. Kept in the sale's transaction, under the order's row lock.
ALTER TABLE orders ADD COLUMN last_sold_at timestamptz;

-- ------------------------------------------------------------------ territory index
-- Where an order buys, as rows the ping path looks up by the lead's ZIP and state:
-- area is a five-digit ZIP (a ZIP list, a radius or counties, stored expanded in
-- territory.zips) or a two-letter state (a whole state). Kept by the trigger below from
-- orders.territory, whoever writes it; vertical and product ride along for the index.
CREATE TABLE order_areas (
  area      text NOT NULL,
  vertical  text NOT NULL,
  product   text NOT NULL,
  order_id  integer NOT NULL REFERENCES orders(id),
  PRIMARY KEY (area, vertical, product, order_id)
);
CREATE INDEX order_areas_order_idx ON order_areas (order_id);

CREATE FUNCTION order_areas_of(t jsonb) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT t ->> 'state'
   WHERE t ->> 'geoType' = 'state' AND coalesce(t ->> 'state', '') ~ '^[A-Z]{2}$'
     AND NOT coalesce((t ->> 'enableCounties')::boolean, false)
  UNION
  SELECT left(CASE jsonb_typeof(z) WHEN 'string' THEN z #>> '{}' ELSE z ->> 'id' END, 5)
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(t -> 'zips') = 'array' THEN t -> 'zips' ELSE '[]' END) AS z
   WHERE NOT (t ->> 'geoType' = 'state' AND NOT coalesce((t ->> 'enableCounties')::boolean, false))
     AND (jsonb_typeof(z) = 'string' OR coalesce((z ->> 'enabled')::boolean, true))
     AND left(CASE jsonb_typeof(z) WHEN 'string' THEN z #>> '{}' ELSE z ->> 'id' END, 5) ~ '^[0-9]{5}$'
$$;

CREATE FUNCTION order_areas_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.territory IS NOT DISTINCT FROM OLD.territory
     AND NEW.vertical = OLD.vertical AND NEW.product = OLD.product THEN
    RETURN NULL;
  END IF;
  DELETE FROM order_areas WHERE order_id = NEW.id;
  INSERT INTO order_areas (area, vertical, product, order_id)
    SELECT DISTINCT a, NEW.vertical, NEW.product, NEW.id FROM order_areas_of(NEW.territory) AS a;
  RETURN NULL;
END $$;
CREATE TRIGGER orders_areas AFTER INSERT OR UPDATE OF territory, vertical, product ON orders
  FOR EACH ROW EXECUTE FUNCTION order_areas_keep();

INSERT INTO order_areas (area, vertical, product, order_id)
  SELECT DISTINCT a, o.vertical, o.product, o.id FROM orders o CROSS JOIN LATERAL order_areas_of(o.territory) AS a;

-- ------------------------------------------------------------------ pings
-- One row per vendor request that the engine matched: a ping (kept until expires_at for
-- its post), a direct post, or a call match (whose id is the call id; order_id holds the
-- reserved order while status is 'open'). offers: the buyers a ping found,
-- [{ orderId, companyId, priceCents }]. lead: the fields sent (a ping has no contact).
CREATE TABLE engine_pings (
  id              text PRIMARY KEY,
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
  posted_at       timestamptz
);
CREATE UNIQUE INDEX engine_pings_vendor_lead_key ON engine_pings (vendor_id, vendor_lead_id) WHERE vendor_lead_id IS NOT NULL;
-- Calls reserved and not yet posted count against the order's concurrency.
CREATE INDEX engine_pings_held_idx ON engine_pings (order_id, expires_at) WHERE kind = 'call' AND status = 'open';
CREATE INDEX engine_pings_created_idx ON engine_pings (created_at);

-- ------------------------------------------------------------------ leads
ALTER TABLE leads ADD COLUMN ping_id text;
-- none: no channel to deliver to; pending: in the outbox; delivered; failed (retries spent).
ALTER TABLE leads ADD COLUMN delivery_status text NOT NULL DEFAULT 'none' CHECK (delivery_status IN ('none','pending','delivered','failed'));
ALTER TABLE leads ADD COLUMN delivery_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE leads ADD COLUMN delivered_at timestamptz;
ALTER TABLE leads ADD COLUMN delivery_error text;
CREATE INDEX leads_ping_idx ON leads (ping_id) WHERE ping_id IS NOT NULL;
-- The duplicate rule reads a buyer's recent leads by phone or email.
CREATE INDEX leads_company_phone_idx ON leads (company_id, phone, inserted_at);

-- ------------------------------------------------------------------ delivery outbox
-- One row per sold lead and channel, written in the sale's transaction; a worker claims
-- due rows with FOR UPDATE SKIP LOCKED and retries with backoff.
CREATE TABLE lead_deliveries (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_id          integer NOT NULL REFERENCES leads(id),
  channel          jsonb NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','delivered','failed')),
  attempts         integer NOT NULL DEFAULT 0,
  run_at           timestamptz NOT NULL,
  locked_until     timestamptz,
  last_error       text,
  created_at       timestamptz NOT NULL,
  done_at          timestamptz
);
CREATE INDEX lead_deliveries_due_idx ON lead_deliveries (run_at) WHERE status = 'pending';
CREATE INDEX lead_deliveries_lead_idx ON lead_deliveries (lead_id);

-- ------------------------------------------------------------------ vendor request counts
-- Requests per vendor per second (the /v2 allowance), shared by every instance. UNLOGGED:
-- a crash may forget the last seconds' counts, which is harmless, and a count written
-- without WAL commits without waiting for the disk, so one busy vendor's row is never
-- held for a flush. Rows older than a minute are swept by the delivery jobs.
CREATE UNLOGGED TABLE vendor_request_counts (
  vendor_id  integer NOT NULL,
  second     timestamptz NOT NULL,
  count      integer NOT NULL,
  PRIMARY KEY (vendor_id, second)
);

-- The engine reads each candidate company's balance account by company.
CREATE INDEX ledger_accounts_company_balance_idx ON ledger_accounts (company_id) WHERE kind = 'company_balance';
