-- Lead lists (issue 21): orders for lists of aged leads, the lists a job generates, their
-- rows with each row's do-not-call record, the do-not-call numbers, and every delivery.
-- A list is paid through the ledger (list_purchase), its dropped rows refunded (list_refund).

ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_kind;
ALTER TABLE ledger_transactions
  ADD CONSTRAINT ledger_transactions_kind CHECK (kind IN ('deposit','growth_deposit','lead_purchase','call_purchase',
    'lead_return','courtesy_credit','courtesy_debit','charge','debit','credit','refund','cancellation_credit','transfer',
    'promotion_subsidy','list_purchase','list_refund'));

-- A list delivered by mail carries its CSV as an attachment.
ALTER TABLE mail_outbox ADD COLUMN attachment_name text;
ALTER TABLE mail_outbox ADD COLUMN attachment_body text;

CREATE TABLE list_orders (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id        integer NOT NULL REFERENCES companies(id),
  user_id           integer NOT NULL REFERENCES users(id),
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  status            text NOT NULL DEFAULT 'active' CHECK (status IN ('active','inactive')),
  quantity          integer NOT NULL CHECK (quantity BETWEEN 1 AND 10000),
  filters           jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(filters) = 'array'),
  territory         jsonb NOT NULL CHECK (jsonb_typeof(territory) = 'object'),
  -- The territory's ZIP codes worked out when the order is saved (a radius or counties);
  -- NULL for a whole state, which the generation reads from the lead's state.
  zips              text[],
  scrubbing         jsonb NOT NULL CHECK (jsonb_typeof(scrubbing) = 'object'),
  delivery          jsonb NOT NULL CHECK (jsonb_typeof(delivery) = 'object'),
  -- The schedule the job reads (a copy of delivery's next run date, or NULL when none).
  next_run_date     date,
  archived_at       timestamptz,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL
);
CREATE INDEX list_orders_company_idx ON list_orders (company_id, id DESC) WHERE archived_at IS NULL;
CREATE INDEX list_orders_due_idx ON list_orders (next_run_date) WHERE archived_at IS NULL AND status = 'active' AND next_run_date IS NOT NULL;

CREATE TABLE lists (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id           integer NOT NULL REFERENCES list_orders(id),
  company_id         integer NOT NULL REFERENCES companies(id),
  requested_by       integer REFERENCES users(id),
  processed_status   text NOT NULL DEFAULT 'processing' CHECK (processed_status IN ('processing','ready','failed','expired','archived')),
  requested_records  integer NOT NULL CHECK (requested_records BETWEEN 1 AND 10000),
  num_records        integer NOT NULL DEFAULT 0,
  price_cents        integer NOT NULL DEFAULT 0,
  -- A scheduled run delivers to the order's email list and CRMs once generated.
  deliver_on_ready   boolean NOT NULL DEFAULT false,
  failure            text,
  created_at         timestamptz NOT NULL,
  claimed_at         timestamptz,
  ready_at           timestamptz,
  expires_at         timestamptz,
  archived_at        timestamptz,
  removed_at         timestamptz
);
-- One list processing per order at a time: a second generation is refused by the database too.
CREATE UNIQUE INDEX lists_one_processing_idx ON lists (order_id) WHERE processed_status = 'processing';
CREATE INDEX lists_order_idx ON lists (order_id, id DESC) WHERE removed_at IS NULL;
CREATE INDEX lists_processing_idx ON lists (id) WHERE processed_status = 'processing';
CREATE INDEX lists_company_month_idx ON lists (company_id, created_at);

-- Each row of a list and its compliance record: when it was last scrubbed and against
-- which lists; dropped when a scrub at delivery found the number flagged since.
CREATE TABLE list_rows (
  list_id           integer NOT NULL REFERENCES lists(id),
  lead_id           integer NOT NULL REFERENCES leads(id),
  phone             text,
  price_cents       integer NOT NULL CHECK (price_cents >= 0),
  scrubbed_at       timestamptz NOT NULL,
  scrubbed_against  text[] NOT NULL,
  dropped_at        timestamptz,
  dropped_reason    text,
  PRIMARY KEY (list_id, lead_id)
);
CREATE INDEX list_rows_phone_idx ON list_rows (phone) WHERE dropped_at IS NULL;

-- Do-not-call numbers: registry files an admin imports (national, state, internal), and
-- the numbers agents flag on their leads (source 'agent', kept by the trigger below).
CREATE TABLE dnc_imports (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  source       text NOT NULL CHECK (source IN ('national','state','internal')),
  state        char(2),
  numbers      integer NOT NULL DEFAULT 0,
  imported_by  integer NOT NULL REFERENCES users(id),
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  CHECK ((source = 'state') = (state IS NOT NULL))
);

CREATE TABLE dnc_numbers (
  phone      text NOT NULL CHECK (phone ~ '^[0-9]{10}$'),
  source     text NOT NULL CHECK (source IN ('national','state','internal','agent')),
  import_id  integer REFERENCES dnc_imports(id),
  added_at   timestamptz NOT NULL,
  PRIMARY KEY (phone, source)
);

-- An agent's DNC flag on a lead puts its phone on the internal 'agent' list (and taking
-- the flag off takes it off when no other flagged lead has the number).
CREATE OR REPLACE FUNCTION leads_dnc_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.phone IS NULL OR NEW.phone !~ '^[0-9]{10}$' THEN RETURN NULL; END IF;
  IF NEW.dnc THEN
    INSERT INTO dnc_numbers (phone, source, added_at) VALUES (NEW.phone, 'agent', now()) ON CONFLICT DO NOTHING;
  ELSIF NOT EXISTS (SELECT 1 FROM leads WHERE phone = NEW.phone AND dnc) THEN
    DELETE FROM dnc_numbers WHERE phone = NEW.phone AND source = 'agent';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER leads_dnc_sync AFTER UPDATE OF dnc ON leads
  FOR EACH ROW WHEN (OLD.dnc IS DISTINCT FROM NEW.dnc) EXECUTE FUNCTION leads_dnc_sync();
INSERT INTO dnc_numbers (phone, source, added_at)
  SELECT DISTINCT phone, 'agent', now() FROM leads WHERE dnc AND phone ~ '^[0-9]{10}$' ON CONFLICT DO NOTHING;

-- Every delivery of a list: by mail (sent through the outbox in the same transaction) or
-- posted to a CRM after it commits.
CREATE TABLE list_deliveries (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  list_id       integer NOT NULL REFERENCES lists(id),
  destination   text NOT NULL,
  channel       text NOT NULL CHECK (channel IN ('email','leadManager','quoteBurst','roboAgent')),
  status        text NOT NULL CHECK (status IN ('sending','delivered','failed')),
  records       integer NOT NULL,
  dropped       integer NOT NULL DEFAULT 0,
  refund_cents  integer NOT NULL DEFAULT 0,
  error         text,
  requested_by  integer REFERENCES users(id),
  created_at    timestamptz NOT NULL,
  delivered_at  timestamptz
);
CREATE INDEX list_deliveries_list_idx ON list_deliveries (list_id, id);

-- A list's CSV is downloaded through a single-use link like the other exports.
ALTER TABLE download_links DROP CONSTRAINT download_links_kind_check;
ALTER TABLE download_links ADD CONSTRAINT download_links_kind_check CHECK (kind IN ('leads', 'returns', 'lists'));
