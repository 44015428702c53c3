-- The order wizard (issue 7): what packages tell the rules, drafts (jobs), and everything
-- an order holds beyond migration 002's columns. Orders keep their 002 shape so the order
-- list, pause/activate, groups and timeline (next issue) build on the same rows.

-- Packages: groups (a diy group auto-selects its package), the CLD growth flags, custom
-- pricing and the questions an order answers ([{ id, text, options[] }]).
ALTER TABLE packages ADD COLUMN package_groups text[] NOT NULL DEFAULT '{}';
ALTER TABLE packages ADD COLUMN cld_growth boolean NOT NULL DEFAULT false;
ALTER TABLE packages ADD COLUMN cld_type text;
ALTER TABLE packages ADD COLUMN is_custom_priced boolean NOT NULL DEFAULT false;
ALTER TABLE packages ADD COLUMN questions jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(questions) = 'array');

-- Packages a company holds an exclusive promotion for (promotion packages are shown to them).
CREATE TABLE package_promotions (
  package_id  integer NOT NULL REFERENCES packages(id),
  company_id  integer NOT NULL REFERENCES companies(id),
  PRIMARY KEY (company_id, package_id)
);

-- A draft order: created by POST /jobs, saved step by step (PATCH /jobs/{id}), and turned
-- into an order on confirmation (order_id set, the draft kept read-only as its origin).
-- settings is the wizard's OrderSettings (src/domain/orders/types.ts), checked by the
-- server's rules on every write.
CREATE TABLE jobs (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id       integer NOT NULL REFERENCES companies(id),
  user_id          integer NOT NULL REFERENCES users(id),
  -- The admin behind a switch who created it, else null.
  created_by       integer REFERENCES users(id),
  vertical         text NOT NULL CHECK (vertical IN ('autoins','homeins')),
  product          text NOT NULL CHECK (product IN ('leads','calls')),
  package_group    text,
  package_id       integer REFERENCES packages(id),
  source           text NOT NULL DEFAULT 'scratch' CHECK (source IN ('scratch','clone','recommended')),
  source_order_id  integer,
  settings         jsonb NOT NULL CHECK (jsonb_typeof(settings) = 'object'),
  order_id         integer UNIQUE,
  created_at       timestamptz NOT NULL,
  modified_at      timestamptz NOT NULL
);
CREATE INDEX jobs_company_idx ON jobs (company_id, modified_at DESC);
CREATE INDEX jobs_user_idx ON jobs (user_id);

ALTER TABLE orders ADD COLUMN package_group text;
ALTER TABLE orders ADD COLUMN job_id integer UNIQUE REFERENCES jobs(id);
ALTER TABLE orders ADD COLUMN filters jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(filters) = 'object');
ALTER TABLE orders ADD COLUMN questions jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(questions) = 'array');
ALTER TABLE orders ADD COLUMN custom_price_cents integer CHECK (custom_price_cents BETWEEN 0 AND 10000);
ALTER TABLE orders ADD COLUMN withdrawal_confirmed boolean NOT NULL DEFAULT false;
ALTER TABLE orders ADD COLUMN max_concurrent_calls integer CHECK (max_concurrent_calls >= 1);
ALTER TABLE orders ADD COLUMN billable_call_duration integer CHECK (billable_call_duration > 0);
ALTER TABLE orders ADD COLUMN destination_number text CHECK (destination_number ~ '^[0-9]{10}$');
-- Delivery channels: { channels: [{ type, emails | postUrl, ... }] } (src/domain/orders/delivery.ts).
ALTER TABLE orders ADD COLUMN delivery jsonb NOT NULL DEFAULT '{"channels":[]}' CHECK (jsonb_typeof(delivery -> 'channels') = 'array');
ALTER TABLE orders ADD COLUMN match_premium_sources boolean NOT NULL DEFAULT false;
-- The vendor optimizer: 0 off, 1 fully opaque.
ALTER TABLE orders ADD COLUMN optimizer_ratio numeric(3,2) NOT NULL DEFAULT 0 CHECK (optimizer_ratio BETWEEN 0 AND 1);
-- Deleting an order (next issue) keeps its row for its leads and ledger.
ALTER TABLE orders ADD COLUMN deleted_at timestamptz;
ALTER TABLE orders ADD CONSTRAINT orders_caps_max CHECK (cap_daily <= 1000000 AND cap_weekly <= 1000000 AND cap_monthly <= 1000000);
ALTER TABLE orders ADD CONSTRAINT orders_max_bid_max CHECK (max_bid_cents <= 10000);
ALTER TABLE jobs ADD CONSTRAINT jobs_order_fk FOREIGN KEY (order_id) REFERENCES orders(id);

-- Orders of before this migration deliver their leads by email to their owner.
UPDATE orders o SET delivery = jsonb_build_object('channels', jsonb_build_array(jsonb_build_object('type', 'email', 'emails', jsonb_build_array(u.email))))
  FROM users u WHERE u.id = o.user_id AND o.product = 'leads';

-- The vendors an order buys from (a toggleable package's chosen ones, else all of its).
CREATE TABLE order_vendors (
  order_id   integer NOT NULL REFERENCES orders(id),
  vendor_id  integer NOT NULL REFERENCES vendors(id),
  PRIMARY KEY (order_id, vendor_id)
);
CREATE INDEX order_vendors_vendor_idx ON order_vendors (vendor_id);
INSERT INTO order_vendors (order_id, vendor_id)
  SELECT o.id, pv.vendor_id FROM orders o JOIN package_vendors pv ON pv.package_id = o.package_id;

-- The cost estimate and the bidding context read the last 30 days of sales in a
-- territory: by ZIP list, or by state.
CREATE INDEX leads_market_zip_idx ON leads (vertical, product, zipcode, inserted_at);
CREATE INDEX leads_market_state_idx ON leads (vertical, product, state, inserted_at);
