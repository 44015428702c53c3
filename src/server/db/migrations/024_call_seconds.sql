-- Billable seconds in the report rollups (issue 19, the Calls report): the talk time of the
-- calls charged, summed per lead_rollup_daily row, kept by the same function and triggers
-- as every other count (migration 020), so the call rankings never read calls or leads.

-- The durations of the billed calls of the row (calls.duration_seconds, written once when
-- a call completes, in the transaction that charges it and before its lead turns billed).
ALTER TABLE lead_rollup_daily ADD COLUMN call_seconds bigint NOT NULL DEFAULT 0;

-- Migration 020's one definition of every count, with the call's seconds added: a lead row
-- of product 'calls' carries its call (leads.call_id); a lead of product 'leads' has none.
CREATE OR REPLACE FUNCTION lead_rollup_apply(ls leads[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lead_rollup_daily AS r (day, order_id, vendor_id, state, company_id, user_id, package_id, vertical, product,
         sold, spend_cents, quoted, policy, carrier_quoted, carrier_policy, returned, return_pending, return_approved, return_denied,
         return_disputed, return_dispute_denied, refund_cents, call_seconds)
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
         sign * coalesce(sum(l.price_cents) FILTER (WHERE l.return_status = 'return_approved'), 0),
         sign * coalesce(sum(c.duration_seconds), 0)
    FROM unnest(ls) l JOIN users u ON u.id = l.user_id
    LEFT JOIN calls c ON c.id = l.call_id
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
    refund_cents = r.refund_cents + EXCLUDED.refund_cents,
    call_seconds = r.call_seconds + EXCLUDED.call_seconds;
  INSERT INTO return_requests_daily AS r (day, order_id, vendor_id, state, reason, company_id, user_id, package_id, vertical, product, n)
  SELECT (coalesce(l.return_requested_at, l.inserted_at) AT TIME ZONE u.timezone)::date, l.order_id, l.vendor_id, coalesce(l.state, ''),
         l.return_reason, l.company_id, l.user_id, l.package_id, l.vertical, l.product, sign * count(*)
    FROM unnest(ls) l JOIN users u ON u.id = l.user_id
   WHERE l.return_status IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (day, order_id, vendor_id, state, reason) DO UPDATE SET n = r.n + EXCLUDED.n;
$$;

-- A call's duration is the one count that lives outside its lead row. It is written once, as
-- the call completes and before its lead turns billed (services/calls/progress.ts), so this
-- finds no billed lead then; should a billed call's duration ever change, its row follows
-- (the old seconds out, the new in), whoever writes it.
CREATE FUNCTION calls_rollup_seconds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lead_rollup_daily r SET call_seconds = r.call_seconds + NEW.duration_seconds - OLD.duration_seconds
    FROM leads l JOIN users u ON u.id = l.user_id
   WHERE l.call_id = NEW.id AND l.billed
     AND r.day = (l.inserted_at AT TIME ZONE u.timezone)::date AND r.order_id = l.order_id AND r.vendor_id = l.vendor_id
     AND r.state = coalesce(l.state, '');
  RETURN NULL;
END $$;
CREATE TRIGGER calls_rollup_seconds AFTER UPDATE OF duration_seconds ON calls
  FOR EACH ROW WHEN (OLD.duration_seconds IS DISTINCT FROM NEW.duration_seconds) EXECUTE FUNCTION calls_rollup_seconds();

-- The calls charged before this migration: their seconds into their rows (only billed call
-- rows; a lead has no call).
UPDATE lead_rollup_daily r SET call_seconds = s.seconds
  FROM (SELECT (l.inserted_at AT TIME ZONE u.timezone)::date AS day, l.order_id, l.vendor_id, coalesce(l.state, '') AS state,
               sum(c.duration_seconds) AS seconds
          FROM leads l JOIN users u ON u.id = l.user_id JOIN calls c ON c.id = l.call_id
         WHERE l.billed
         GROUP BY 1, 2, 3, 4) s
 WHERE r.day = s.day AND r.order_id = s.order_id AND r.vendor_id = s.vendor_id AND r.state = s.state;
