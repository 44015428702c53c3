-- Report rollups (issue 19): the dashboard and the reports read these, never the lead
-- table. Triggers on leads keep them in the same transaction as each sale, return step
-- and status change, so every writer (the engine, returns, the agent's status, the seeds)
-- keeps them without knowing (docs/areas/reports.md "Rollups").

-- One row per (day, order, vendor, consumer state): day is the sale's calendar day in the
-- buying agent's zone (users.timezone), state '' when the consumer's is unknown. company,
-- user, package, vertical and product are the order's, carried for the reports' filters.
-- Every count is of the leads sold that day (a cohort): their outcomes and returns as
-- they stand now.
CREATE TABLE lead_rollup_daily (
  day                    date NOT NULL,
  order_id               integer NOT NULL,
  vendor_id              integer NOT NULL,
  state                  text NOT NULL,
  company_id             integer NOT NULL,
  user_id                integer NOT NULL,
  package_id             integer NOT NULL,
  vertical               text NOT NULL,
  product                text NOT NULL,
  sold                   integer NOT NULL DEFAULT 0,
  spend_cents            bigint NOT NULL DEFAULT 0,
  -- The agent's own outcomes (agent_status quoted or policy; policy), of leads still worked.
  quoted                 integer NOT NULL DEFAULT 0,
  policy                 integer NOT NULL DEFAULT 0,
  -- A carrier's outcomes (leads.quoted, leads.policy), of leads still worked.
  carrier_quoted         integer NOT NULL DEFAULT 0,
  carrier_policy         integer NOT NULL DEFAULT 0,
  -- A return was asked (any return status), then one count per current status.
  returned               integer NOT NULL DEFAULT 0,
  return_pending         integer NOT NULL DEFAULT 0,
  return_approved        integer NOT NULL DEFAULT 0,
  return_denied          integer NOT NULL DEFAULT 0,
  return_disputed        integer NOT NULL DEFAULT 0,
  return_dispute_denied  integer NOT NULL DEFAULT 0,
  -- The price of the leads whose return was approved.
  refund_cents           bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, order_id, vendor_id, state)
);
CREATE INDEX lead_rollup_daily_user_idx ON lead_rollup_daily (user_id, day);
CREATE INDEX lead_rollup_daily_company_idx ON lead_rollup_daily (company_id, day);
CREATE INDEX lead_rollup_daily_state_idx ON lead_rollup_daily (state, day);
CREATE INDEX lead_rollup_daily_day_idx ON lead_rollup_daily (day);

-- The returns asked each day (the request's day in the agent's zone), by reason.
CREATE TABLE return_requests_daily (
  day         date NOT NULL,
  order_id    integer NOT NULL,
  vendor_id   integer NOT NULL,
  state       text NOT NULL,
  reason      text NOT NULL,
  company_id  integer NOT NULL,
  user_id     integer NOT NULL,
  package_id  integer NOT NULL,
  vertical    text NOT NULL,
  product     text NOT NULL,
  n           integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, order_id, vendor_id, state, reason)
);
CREATE INDEX return_requests_daily_user_idx ON return_requests_daily (user_id, day);
CREATE INDEX return_requests_daily_company_idx ON return_requests_daily (company_id, day);
CREATE INDEX return_requests_daily_state_idx ON return_requests_daily (state, day);
CREATE INDEX return_requests_daily_day_idx ON return_requests_daily (day);

-- Leads the engine kept from an order because its company had bought the same consumer
-- (the duplicate rule), by the day in the agent's zone and the consumer's state: how many
-- and what the order would have paid (its bid). Added in batches by the engine
-- (services/engine/scrubbed-counts.ts), like order_match_counts.
CREATE TABLE order_scrubbed_daily (
  day         date NOT NULL,
  order_id    integer NOT NULL REFERENCES orders(id),
  state       text NOT NULL,
  company_id  integer NOT NULL,
  user_id     integer NOT NULL,
  n           bigint NOT NULL DEFAULT 0,
  cost_cents  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, order_id, state)
);
CREATE INDEX order_scrubbed_daily_user_idx ON order_scrubbed_daily (user_id, day);
CREATE INDEX order_scrubbed_daily_company_idx ON order_scrubbed_daily (company_id, day);
CREATE INDEX order_scrubbed_daily_state_idx ON order_scrubbed_daily (state, day);
CREATE INDEX order_scrubbed_daily_day_idx ON order_scrubbed_daily (day);

-- What leads add to the rollups (sign 1) or take back (sign -1): the one definition of
-- each count. A lead is still worked when it has no return or its return was refused
-- (domain/leads/tabs.ts STILL_WORKED); a lead given back has no outcome.
CREATE FUNCTION lead_rollup_apply(ls leads[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lead_rollup_daily AS r (day, order_id, vendor_id, state, company_id, user_id, package_id, vertical, product,
         sold, spend_cents, quoted, policy, carrier_quoted, carrier_policy, returned, return_pending, return_approved, return_denied,
         return_disputed, return_dispute_denied, refund_cents)
  SELECT (l.inserted_at AT TIME ZONE u.timezone)::date, l.order_id, l.vendor_id, coalesce(l.state, ''), l.company_id, l.user_id,
         l.package_id, l.vertical, l.product,
         sign * count(*), sign * sum(l.price_cents),
         sign * count(*) FILTER (WHERE w.worked AND l.agent_status IN ('quoted', 'policy')),
         sign * count(*) FILTER (WHERE w.worked AND l.agent_status = 'policy'),
         sign * count(*) FILTER (WHERE w.worked AND (l.quoted OR l.policy)),
         sign * count(*) FILTER (WHERE w.worked AND l.policy),
         sign * count(*) FILTER (WHERE l.return_status IS NOT NULL),
         sign * count(*) FILTER (WHERE l.return_status = 'return_pending'),
         sign * count(*) FILTER (WHERE l.return_status = 'return_approved'),
         sign * count(*) FILTER (WHERE l.return_status = 'return_denied'),
         sign * count(*) FILTER (WHERE l.return_status = 'return_disputed'),
         sign * count(*) FILTER (WHERE l.return_status = 'return_dispute_denied'),
         sign * coalesce(sum(l.price_cents) FILTER (WHERE l.return_status = 'return_approved'), 0)
    FROM unnest(ls) l JOIN users u ON u.id = l.user_id
   CROSS JOIN LATERAL (SELECT l.return_status IS NULL OR l.return_status IN ('return_denied', 'return_dispute_denied') AS worked) w
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, order_id, vendor_id, state) DO UPDATE SET
    sold = r.sold + EXCLUDED.sold, spend_cents = r.spend_cents + EXCLUDED.spend_cents,
    quoted = r.quoted + EXCLUDED.quoted, policy = r.policy + EXCLUDED.policy,
    carrier_quoted = r.carrier_quoted + EXCLUDED.carrier_quoted, carrier_policy = r.carrier_policy + EXCLUDED.carrier_policy,
    returned = r.returned + EXCLUDED.returned, return_pending = r.return_pending + EXCLUDED.return_pending,
    return_approved = r.return_approved + EXCLUDED.return_approved, return_denied = r.return_denied + EXCLUDED.return_denied,
    return_disputed = r.return_disputed + EXCLUDED.return_disputed,
    return_dispute_denied = r.return_dispute_denied + EXCLUDED.return_dispute_denied,
    refund_cents = r.refund_cents + EXCLUDED.refund_cents;
  INSERT INTO return_requests_daily AS r (day, order_id, vendor_id, state, reason, company_id, user_id, package_id, vertical, product, n)
  SELECT (coalesce(l.return_requested_at, l.inserted_at) AT TIME ZONE u.timezone)::date, l.order_id, l.vendor_id, coalesce(l.state, ''),
         l.return_reason, l.company_id, l.user_id, l.package_id, l.vertical, l.product, sign * count(*)
    FROM unnest(ls) l JOIN users u ON u.id = l.user_id
   WHERE l.return_status IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (day, order_id, vendor_id, state, reason) DO UPDATE SET n = r.n + EXCLUDED.n;
$$;

-- Sales: once per statement (a sale to several buyers, a seed's batch), from the new rows.
CREATE FUNCTION leads_rollup_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_rollup_apply(ARRAY(SELECT n::leads FROM new_leads n), 1);
  RETURN NULL;
END $$;
CREATE TRIGGER leads_rollup_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION leads_rollup_insert();

-- A change: the old row's contribution out, the new one's in. The columns listed are
-- every one a count reads (a transition table cannot be limited to columns, so this one
-- is per row, and the WHEN keeps the lead's other updates, delivery and notes, free).
CREATE FUNCTION leads_rollup_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_rollup_apply(ARRAY[OLD], -1);
  PERFORM lead_rollup_apply(ARRAY[NEW], 1);
  RETURN NULL;
END $$;
CREATE TRIGGER leads_rollup_update
  AFTER UPDATE OF return_status, return_reason, return_requested_at, agent_status, quoted, policy, price_cents, inserted_at,
    order_id, company_id, user_id, vendor_id, package_id, vertical, product, state ON leads
  FOR EACH ROW WHEN (
    OLD.return_status IS DISTINCT FROM NEW.return_status OR OLD.return_reason IS DISTINCT FROM NEW.return_reason
    OR OLD.return_requested_at IS DISTINCT FROM NEW.return_requested_at OR OLD.agent_status IS DISTINCT FROM NEW.agent_status
    OR OLD.quoted IS DISTINCT FROM NEW.quoted OR OLD.policy IS DISTINCT FROM NEW.policy OR OLD.price_cents IS DISTINCT FROM NEW.price_cents
    OR OLD.inserted_at IS DISTINCT FROM NEW.inserted_at OR OLD.order_id IS DISTINCT FROM NEW.order_id
    OR OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.vendor_id IS DISTINCT FROM NEW.vendor_id
    OR OLD.package_id IS DISTINCT FROM NEW.package_id OR OLD.vertical IS DISTINCT FROM NEW.vertical
    OR OLD.product IS DISTINCT FROM NEW.product OR OLD.state IS DISTINCT FROM NEW.state)
  EXECUTE FUNCTION leads_rollup_update();

CREATE FUNCTION leads_rollup_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_rollup_apply(ARRAY(SELECT o::leads FROM old_leads o), -1);
  RETURN NULL;
END $$;
CREATE TRIGGER leads_rollup_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_leads
  FOR EACH STATEMENT EXECUTE FUNCTION leads_rollup_delete();

-- An agent who moves to another zone: their days are judged in the new one, so their
-- rows are rebuilt from their leads (rare; one user's leads, by leads_search_user_idx).
CREATE FUNCTION users_rollup_rezone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lead_rollup_daily WHERE user_id = NEW.id;
  DELETE FROM return_requests_daily WHERE user_id = NEW.id;
  PERFORM lead_rollup_apply(ARRAY(SELECT l FROM leads l WHERE l.user_id = NEW.id), 1);
  RETURN NULL;
END $$;
CREATE TRIGGER users_rollup_rezone AFTER UPDATE OF timezone ON users
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION users_rollup_rezone();

-- The leads sold before this migration, in chunks of ids.
DO $$
DECLARE
  lo integer;
  hi integer;
BEGIN
  SELECT min(id), max(id) INTO lo, hi FROM leads;
  WHILE lo <= hi LOOP
    PERFORM lead_rollup_apply(ARRAY(SELECT l FROM leads l WHERE l.id >= lo AND l.id < lo + 100000), 1);
    lo := lo + 100000;
  END LOOP;
END $$;
