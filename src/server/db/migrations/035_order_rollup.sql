-- The per-order rollups (issue 19, measured by bench:reports): lead_rollup_daily and
-- return_requests_daily without the consumer's state. The reports of every scope but a
-- region by state (an agent, a company, an admin's whole marketplace, a region's agents)
-- group by vendor, package, order, agent, reason or day, never by state, yet read a row per
-- day, order, vendor and state: 90 days of the whole marketplace were 72,000 rows at
-- 1,000,000 leads. These have a row per day, order and vendor (and reason), as many times
-- fewer as the states an order sells into, with every count of their source. They are kept
-- from the two rollups by statement triggers on them, as migrations 026 and 028 keep theirs,
-- so every count keeps its one definition (lead_rollup_apply) and no writer knows of them.
-- A region by state (a regional manager's consumers) still reads the rollups with the state.

-- The same columns as their source (its counts and the order's company, agent, package,
-- vertical and product), the state left out.
CREATE TABLE order_rollup_daily (LIKE lead_rollup_daily INCLUDING DEFAULTS);
ALTER TABLE order_rollup_daily DROP COLUMN state, ADD PRIMARY KEY (day, order_id, vendor_id);
CREATE INDEX order_rollup_daily_user_idx ON order_rollup_daily (user_id, day);
CREATE INDEX order_rollup_daily_company_idx ON order_rollup_daily (company_id, day);

CREATE TABLE order_return_requests_daily (LIKE return_requests_daily INCLUDING DEFAULTS);
ALTER TABLE order_return_requests_daily DROP COLUMN state, ADD PRIMARY KEY (day, order_id, vendor_id, reason);
CREATE INDEX order_return_requests_daily_user_idx ON order_return_requests_daily (user_id, day);
CREATE INDEX order_return_requests_daily_company_idx ON order_return_requests_daily (company_id, day);

-- lead_rollup_daily's changed rows (sign 1 the new, -1 the old) summed without their state.
CREATE FUNCTION order_rollup_sales(rs lead_rollup_daily[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_rollup_daily AS a (day, order_id, vendor_id, company_id, user_id, package_id, vertical, product,
         sold, spend_cents, quoted, policy, carrier_quoted, carrier_policy, returned, return_pending, return_approved, return_denied,
         return_disputed, return_dispute_denied, refund_cents, call_seconds, status_new, status_contacted, status_attempting)
  SELECT r.day, r.order_id, r.vendor_id, r.company_id, r.user_id, r.package_id, r.vertical, r.product,
         sign * sum(r.sold), sign * sum(r.spend_cents), sign * sum(r.quoted), sign * sum(r.policy),
         sign * sum(r.carrier_quoted), sign * sum(r.carrier_policy), sign * sum(r.returned), sign * sum(r.return_pending),
         sign * sum(r.return_approved), sign * sum(r.return_denied), sign * sum(r.return_disputed), sign * sum(r.return_dispute_denied),
         sign * sum(r.refund_cents), sign * sum(r.call_seconds), sign * sum(r.status_new), sign * sum(r.status_contacted),
         sign * sum(r.status_attempting)
    FROM unnest(rs) r GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3
  ON CONFLICT (day, order_id, vendor_id) DO UPDATE SET
    sold = a.sold + EXCLUDED.sold, spend_cents = a.spend_cents + EXCLUDED.spend_cents,
    quoted = a.quoted + EXCLUDED.quoted, policy = a.policy + EXCLUDED.policy,
    carrier_quoted = a.carrier_quoted + EXCLUDED.carrier_quoted, carrier_policy = a.carrier_policy + EXCLUDED.carrier_policy,
    returned = a.returned + EXCLUDED.returned, return_pending = a.return_pending + EXCLUDED.return_pending,
    return_approved = a.return_approved + EXCLUDED.return_approved, return_denied = a.return_denied + EXCLUDED.return_denied,
    return_disputed = a.return_disputed + EXCLUDED.return_disputed,
    return_dispute_denied = a.return_dispute_denied + EXCLUDED.return_dispute_denied,
    refund_cents = a.refund_cents + EXCLUDED.refund_cents, call_seconds = a.call_seconds + EXCLUDED.call_seconds,
    status_new = a.status_new + EXCLUDED.status_new, status_contacted = a.status_contacted + EXCLUDED.status_contacted,
    status_attempting = a.status_attempting + EXCLUDED.status_attempting;
$$;

-- return_requests_daily's changed rows: the returns asked by the request's day, order, vendor and reason.
CREATE FUNCTION order_return_requests(rs return_requests_daily[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_return_requests_daily AS a (day, order_id, vendor_id, reason, company_id, user_id, package_id, vertical, product, n)
  SELECT r.day, r.order_id, r.vendor_id, r.reason, r.company_id, r.user_id, r.package_id, r.vertical, r.product, sign * sum(r.n)
    FROM unnest(rs) r GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, order_id, vendor_id, reason) DO UPDATE SET n = a.n + EXCLUDED.n;
$$;

-- One trigger function for both sources: the statement's changed rows of the table it fires
-- on, the old out and the new in, handed to the function its trigger names.
CREATE FUNCTION rollup_to_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format('SELECT %I(ARRAY(SELECT tr::%I FROM old_rows tr), -1)', TG_ARGV[0], TG_TABLE_NAME);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    EXECUTE format('SELECT %I(ARRAY(SELECT tr::%I FROM new_rows tr), 1)', TG_ARGV[0], TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;
-- Its three statement triggers (a trigger with transition tables has one event) on each source.
DO $$
DECLARE
  s record;
BEGIN
  FOR s IN SELECT * FROM (VALUES ('lead_rollup_daily', 'lead_rollup_to_orders', 'order_rollup_sales'),
                                 ('return_requests_daily', 'return_requests_to_orders', 'order_return_requests')) AS v(source, name, fn) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_to_orders(%L)',
      s.name || '_insert', s.source, s.fn);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_to_orders(%L)',
      s.name || '_update', s.source, s.fn);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_to_orders(%L)',
      s.name || '_delete', s.source, s.fn);
  END LOOP;
END $$;

-- What the two rollups hold already, a month of days at a time (by their day indexes).
DO $$
DECLARE
  lo date;
  hi date;
BEGIN
  SELECT min(day), max(day) INTO lo, hi FROM (SELECT day FROM lead_rollup_daily UNION ALL SELECT day FROM return_requests_daily) d;
  WHILE lo <= hi LOOP
    PERFORM order_rollup_sales(ARRAY(SELECT r FROM lead_rollup_daily r WHERE r.day >= lo AND r.day < lo + 31), 1);
    PERFORM order_return_requests(ARRAY(SELECT r FROM return_requests_daily r WHERE r.day >= lo AND r.day < lo + 31), 1);
    lo := lo + 31;
  END LOOP;
END $$;
-- The planner's first look at them, so the reports' first plans know their sizes.
ANALYZE order_rollup_daily;
ANALYZE order_return_requests_daily;
