-- A report's spend is what the agent paid (document 002: "Paid Price is the cost after
-- subsidies"): a sale's price less a promotion's subsidy, and a refund gives back that
-- same part (the subsidy goes back to the promotion's budget, not to the agent). The
-- financial report and the billing log read the ledger, which already moves these parts.
-- No lead had a subsidy before migration 031, so the rollups need no rebuild.

-- Migration 025's one definition of every count, with spend and refunds at the paid price.
CREATE OR REPLACE FUNCTION lead_rollup_apply(ls leads[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lead_rollup_daily AS r (day, order_id, vendor_id, state, company_id, user_id, package_id, vertical, product,
         sold, spend_cents, quoted, policy, carrier_quoted, carrier_policy, returned, return_pending, return_approved, return_denied,
         return_disputed, return_dispute_denied, refund_cents, call_seconds, status_new, status_contacted, status_attempting)
  SELECT (l.inserted_at AT TIME ZONE u.timezone)::date, l.order_id, l.vendor_id, coalesce(l.state, ''), l.company_id, l.user_id,
         l.package_id, l.vertical, l.product,
         sign * count(*), sign * sum(l.price_cents - l.subsidy_cents),
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
         sign * coalesce(sum(l.price_cents - l.subsidy_cents) FILTER (WHERE l.return_status = 'return_approved'), 0),
         sign * coalesce(sum(c.duration_seconds), 0),
         sign * count(*) FILTER (WHERE w.worked AND l.agent_status = 'new'),
         sign * count(*) FILTER (WHERE w.worked AND l.agent_status = 'contacted'),
         sign * count(*) FILTER (WHERE w.worked AND l.agent_status = 'attempting')
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
    call_seconds = r.call_seconds + EXCLUDED.call_seconds,
    status_new = r.status_new + EXCLUDED.status_new,
    status_contacted = r.status_contacted + EXCLUDED.status_contacted,
    status_attempting = r.status_attempting + EXCLUDED.status_attempting;
  INSERT INTO return_requests_daily AS r (day, order_id, vendor_id, state, reason, company_id, user_id, package_id, vertical, product, n)
  SELECT (coalesce(l.return_requested_at, l.inserted_at) AT TIME ZONE u.timezone)::date, l.order_id, l.vendor_id, coalesce(l.state, ''),
         l.return_reason, l.company_id, l.user_id, l.package_id, l.vertical, l.product, sign * count(*)
    FROM unnest(ls) l JOIN users u ON u.id = l.user_id
   WHERE l.return_status IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (day, order_id, vendor_id, state, reason) DO UPDATE SET n = r.n + EXCLUDED.n;
$$;

-- A call's subsidy is written in the transaction that charges it, before its row turns
-- billed; the trigger also follows a change of the subsidy itself.
DROP TRIGGER leads_rollup_update ON leads;
CREATE TRIGGER leads_rollup_update
  AFTER UPDATE OF billed, return_status, return_reason, return_requested_at, agent_status, quoted, policy, price_cents, subsidy_cents,
    inserted_at, order_id, company_id, user_id, vendor_id, package_id, vertical, product, state ON leads
  FOR EACH ROW WHEN (
    OLD.billed IS DISTINCT FROM NEW.billed
    OR OLD.return_status IS DISTINCT FROM NEW.return_status OR OLD.return_reason IS DISTINCT FROM NEW.return_reason
    OR OLD.return_requested_at IS DISTINCT FROM NEW.return_requested_at OR OLD.agent_status IS DISTINCT FROM NEW.agent_status
    OR OLD.quoted IS DISTINCT FROM NEW.quoted OR OLD.policy IS DISTINCT FROM NEW.policy OR OLD.price_cents IS DISTINCT FROM NEW.price_cents
    OR OLD.subsidy_cents IS DISTINCT FROM NEW.subsidy_cents
    OR OLD.inserted_at IS DISTINCT FROM NEW.inserted_at OR OLD.order_id IS DISTINCT FROM NEW.order_id
    OR OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.vendor_id IS DISTINCT FROM NEW.vendor_id
    OR OLD.package_id IS DISTINCT FROM NEW.package_id OR OLD.vertical IS DISTINCT FROM NEW.vertical
    OR OLD.product IS DISTINCT FROM NEW.product OR OLD.state IS DISTINCT FROM NEW.state)
  EXECUTE FUNCTION leads_rollup_update();
