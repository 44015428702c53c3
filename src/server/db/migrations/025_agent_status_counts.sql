-- The agent's statuses in the report rollups (issue 19, the Agent Status report): of the
-- leads still worked, how many stand at new, contacted and attempting (quoted and policy
-- are migration 020's counts), kept by the same function and triggers as every other
-- count, so the report never reads the lead table to count.

ALTER TABLE lead_rollup_daily
  ADD COLUMN status_new integer NOT NULL DEFAULT 0,
  ADD COLUMN status_contacted integer NOT NULL DEFAULT 0,
  ADD COLUMN status_attempting integer NOT NULL DEFAULT 0;

-- Migration 024's one definition of every count, with the three statuses added.
CREATE OR REPLACE FUNCTION lead_rollup_apply(ls leads[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lead_rollup_daily AS r (day, order_id, vendor_id, state, company_id, user_id, package_id, vertical, product,
         sold, spend_cents, quoted, policy, carrier_quoted, carrier_policy, returned, return_pending, return_approved, return_denied,
         return_disputed, return_dispute_denied, refund_cents, call_seconds, status_new, status_contacted, status_attempting)
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

-- The leads sold before this migration: their statuses into their rows (billed rows only,
-- as the triggers count them).
UPDATE lead_rollup_daily r SET status_new = s.status_new, status_contacted = s.status_contacted, status_attempting = s.status_attempting
  FROM (SELECT (l.inserted_at AT TIME ZONE u.timezone)::date AS day, l.order_id, l.vendor_id, coalesce(l.state, '') AS state,
               count(*) FILTER (WHERE l.agent_status = 'new') AS status_new,
               count(*) FILTER (WHERE l.agent_status = 'contacted') AS status_contacted,
               count(*) FILTER (WHERE l.agent_status = 'attempting') AS status_attempting
          FROM leads l JOIN users u ON u.id = l.user_id
         WHERE l.billed AND (l.return_status IS NULL OR l.return_status IN ('return_denied', 'return_dispute_denied'))
         GROUP BY 1, 2, 3, 4) s
 WHERE r.day = s.day AND r.order_id = s.order_id AND r.vendor_id = s.vendor_id AND r.state = s.state;
