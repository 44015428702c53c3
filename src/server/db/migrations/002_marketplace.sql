-- The marketplace: vendors sell leads and live calls through packages; agents' companies
-- buy them through orders; money moves in a double-entry ledger (integer cents).

-- Sellers. A vendor signs in (API debugger) through at most one user of role vendor.
CREATE TABLE vendors (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  vendor_name    text NOT NULL UNIQUE,
  display_name   text NOT NULL,
  verticals      text[] NOT NULL DEFAULT '{}' CHECK (verticals <@ ARRAY['autoins','homeins']),
  status         text NOT NULL DEFAULT 'active' CHECK (status IN ('active','inactive')),
  display_order  integer NOT NULL DEFAULT 0,
  is_universal_lead_id_provider boolean NOT NULL DEFAULT false,
  user_id        integer UNIQUE REFERENCES users(id),
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- Tokens of the vendor ping/post API, stored as SHA-256 hashes like session tokens.
CREATE TABLE vendor_api_keys (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  vendor_id   integer NOT NULL REFERENCES vendors(id),
  type        text NOT NULL DEFAULT 'sales' CHECK (type IN ('sales')),
  token_hash  text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX vendor_api_keys_vendor_idx ON vendor_api_keys (vendor_id);

-- What an order buys: one vertical and one product, a list price and a bid floor.
CREATE TABLE packages (
  id                   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                 text NOT NULL UNIQUE,
  vertical             text NOT NULL CHECK (vertical IN ('autoins','homeins')),
  product              text NOT NULL CHECK (product IN ('leads','calls')),
  tags                 text[] NOT NULL DEFAULT '{}',
  cost_cents           integer NOT NULL CHECK (cost_cents >= 0),
  max_bid_floor_cents  integer NOT NULL DEFAULT 0 CHECK (max_bid_floor_cents >= 0),
  is_public            boolean NOT NULL DEFAULT true,
  can_toggle_vendors   boolean NOT NULL DEFAULT false,
  optimizer_enabled    boolean NOT NULL DEFAULT false,
  created_at           timestamptz NOT NULL DEFAULT now(),
  -- Target of orders' composite key, so an order's vertical and product match its package.
  UNIQUE (id, vertical, product)
);

CREATE TABLE package_vendors (
  package_id  integer NOT NULL REFERENCES packages(id),
  vendor_id   integer NOT NULL REFERENCES vendors(id),
  PRIMARY KEY (package_id, vendor_id)
);
CREATE INDEX package_vendors_vendor_idx ON package_vendors (vendor_id);

-- An agent's standing request. territory: { geoType: 'state'|'zip', state, zips?,
-- regionalZip?, regionalRadius? }. schedule: { mon..sun: [hours 0-23 in the user's zone] }.
CREATE TABLE orders (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id     integer NOT NULL REFERENCES companies(id),
  user_id        integer NOT NULL REFERENCES users(id),
  package_id     integer NOT NULL,
  name           text NOT NULL,
  vertical       text NOT NULL,
  product        text NOT NULL,
  status         text NOT NULL DEFAULT 'inactive' CHECK (status IN ('active','inactive')),
  -- When a paused order comes back on its own; null while active or paused indefinitely.
  activate_date  timestamptz CHECK (activate_date IS NULL OR status = 'inactive'),
  cap_daily      integer NOT NULL DEFAULT 10 CHECK (cap_daily >= 1),
  cap_weekly     integer NOT NULL DEFAULT 50 CHECK (cap_weekly >= 1),
  cap_monthly    integer NOT NULL DEFAULT 200 CHECK (cap_monthly >= 1),
  max_bid_cents  integer NOT NULL CHECK (max_bid_cents >= 0),
  territory      jsonb NOT NULL DEFAULT '{}',
  schedule       jsonb NOT NULL DEFAULT '{}',
  created_at     timestamptz NOT NULL,
  modified_at    timestamptz NOT NULL,
  FOREIGN KEY (package_id, vertical, product) REFERENCES packages (id, vertical, product),
  -- Target of leads' and calls' composite key, so their company is the order's.
  UNIQUE (id, company_id)
);
CREATE INDEX orders_company_idx ON orders (company_id, status);
CREATE INDEX orders_user_idx ON orders (user_id);
CREATE INDEX orders_package_idx ON orders (package_id);

-- Live calls routed to an order. A call is billed (sold) when it lasts min_billable_seconds.
CREATE TABLE calls (
  id                    integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id              integer NOT NULL,
  company_id            integer NOT NULL,
  vendor_id             integer NOT NULL REFERENCES vendors(id),
  status                text NOT NULL CHECK (status IN ('in-progress','pending-connection','completed','no-answer')),
  conference_id         text UNIQUE,
  duration_seconds      integer NOT NULL DEFAULT 0 CHECK (duration_seconds >= 0),
  min_billable_seconds  integer NOT NULL DEFAULT 0 CHECK (min_billable_seconds >= 0),
  price_cents           integer NOT NULL CHECK (price_cents >= 0),
  sold                  boolean NOT NULL DEFAULT false,
  phone                 text NOT NULL,
  inserted_at           timestamptz NOT NULL,
  FOREIGN KEY (order_id, company_id) REFERENCES orders (id, company_id)
);
CREATE INDEX calls_company_idx ON calls (company_id, inserted_at DESC);
CREATE INDEX calls_order_idx ON calls (order_id, inserted_at DESC);
CREATE INDEX calls_vendor_idx ON calls (vendor_id, inserted_at DESC);
-- The live-call tables poll the calls still open.
CREATE INDEX calls_live_idx ON calls (company_id) WHERE status IN ('in-progress','pending-connection');

-- A sold lead, or a sold call (product 'calls', call_id set). vertical, product and
-- package_id are copied from the order at sale time so searches need no join.
CREATE TABLE leads (
  id                   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id             integer NOT NULL,
  company_id           integer NOT NULL,
  user_id              integer NOT NULL REFERENCES users(id),
  vendor_id            integer NOT NULL REFERENCES vendors(id),
  package_id           integer NOT NULL REFERENCES packages(id),
  call_id              integer UNIQUE REFERENCES calls(id),
  vertical             text NOT NULL CHECK (vertical IN ('autoins','homeins')),
  product              text NOT NULL CHECK (product IN ('leads','calls')),
  first_name           text NOT NULL,
  last_name            text NOT NULL,
  email                text,
  phone                text,
  zipcode              text,
  state                char(2),
  city                 text,
  price_cents          integer NOT NULL CHECK (price_cents >= 0),
  agent_status         text NOT NULL DEFAULT 'new' CHECK (agent_status IN ('new','contacted','quoted','policy','attempting')),
  return_status        text CHECK (return_status IN ('return_pending','return_approved','return_denied','return_disputed','return_dispute_denied')),
  return_reason        text,
  deny_reason          text,
  return_requested_at  timestamptz,
  -- The latest decision; the dispute window counts from it.
  return_responded_at  timestamptz,
  quoted               boolean NOT NULL DEFAULT false,
  policy               boolean NOT NULL DEFAULT false,
  vertical_data        jsonb NOT NULL DEFAULT '{}',
  inserted_at          timestamptz NOT NULL,
  FOREIGN KEY (order_id, company_id) REFERENCES orders (id, company_id),
  CHECK ((return_status IS NULL) = (return_reason IS NULL)),
  CHECK ((product = 'calls') = (call_id IS NOT NULL))
);
CREATE INDEX leads_company_idx ON leads (company_id, inserted_at DESC);
CREATE INDEX leads_user_idx ON leads (user_id, inserted_at DESC);
CREATE INDEX leads_order_idx ON leads (order_id, inserted_at DESC);
CREATE INDEX leads_vendor_idx ON leads (vendor_id, inserted_at DESC);
CREATE INDEX leads_inserted_idx ON leads (inserted_at DESC);
CREATE INDEX leads_phone_idx ON leads (phone);
CREATE INDEX leads_email_idx ON leads (lower(email));
-- Return management lists the few leads with a return.
CREATE INDEX leads_return_idx ON leads (return_status, return_requested_at DESC) WHERE return_status IS NOT NULL;

-- The ledger (architecture rule 4). amount_cents is the change to an account's balance,
-- so a balance is SUM(amount_cents) and every transaction's entries sum to zero: money a
-- company deposits leaves card_clearing (negative) and lands on company_balance.
-- Append-only: the code only ever INSERTs here; corrections are new transactions.
CREATE TABLE ledger_accounts (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('company_balance','company_credit','card_clearing','revenue','courtesy_expense','vendor_payable')),
  company_id  integer REFERENCES companies(id),
  vendor_id   integer REFERENCES vendors(id),
  CHECK ((kind IN ('company_balance','company_credit')) = (company_id IS NOT NULL)),
  CHECK ((kind = 'vendor_payable') = (vendor_id IS NOT NULL))
);
-- One account of each kind per owner (the marketplace owns those with neither id).
CREATE UNIQUE INDEX ledger_accounts_owner_key ON ledger_accounts (kind, coalesce(company_id, 0), coalesce(vendor_id, 0));
INSERT INTO ledger_accounts (kind) VALUES ('card_clearing'), ('revenue'), ('courtesy_expense');

CREATE TABLE ledger_transactions (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind             text NOT NULL CHECK (kind IN ('deposit','lead_purchase','call_purchase','lead_return','courtesy_credit','charge','credit','refund','cancellation_credit','transfer')),
  -- A retried request finds its first attempt here instead of moving money twice.
  idempotency_key  text NOT NULL UNIQUE,
  -- The company the billing log shows it to (a transfer names the sending company).
  company_id       integer REFERENCES companies(id),
  created_by       integer REFERENCES users(id),
  memo             text NOT NULL DEFAULT '',
  created_at       timestamptz NOT NULL
);
CREATE INDEX ledger_transactions_company_idx ON ledger_transactions (company_id, created_at DESC);

CREATE TABLE ledger_entries (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id  integer NOT NULL REFERENCES ledger_transactions(id),
  account_id      integer NOT NULL REFERENCES ledger_accounts(id),
  amount_cents    integer NOT NULL CHECK (amount_cents <> 0)
);
CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, transaction_id);
