-- The per-state rollup (issue 19, measured by bench:reports): a regional manager's own
-- series on the dashboard report (You: the leads of consumers in their region's states,
-- twelve months) summed every lead_rollup_daily row of those states, order by order and
-- vendor by vendor (98 ms at 1,000,000 leads). This one has a row per day, consumer state,
-- product and vertical, as few as the states and the days, kept from the two rollups by
-- triggers as migration 026's per-agent rollup is.
CREATE TABLE state_rollup_daily (
  day           date NOT NULL,
  state         text NOT NULL,
  product       text NOT NULL,
  vertical      text NOT NULL,
  sold          integer NOT NULL DEFAULT 0,
  spend_cents   bigint NOT NULL DEFAULT 0,
  quoted        integer NOT NULL DEFAULT 0,
  policy        integer NOT NULL DEFAULT 0,
  refund_cents  bigint NOT NULL DEFAULT 0,
  -- Returns asked that day (the request's day in the agent's zone).
  returns       integer NOT NULL DEFAULT 0,
  PRIMARY KEY (state, product, vertical, day)
);

CREATE FUNCTION state_rollup_sales(rs lead_rollup_daily[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO state_rollup_daily AS a (day, state, product, vertical, sold, spend_cents, quoted, policy, refund_cents)
  SELECT r.day, r.state, r.product, r.vertical, sign * sum(r.sold), sign * sum(r.spend_cents),
         sign * sum(r.quoted), sign * sum(r.policy), sign * sum(r.refund_cents)
    FROM unnest(rs) r GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4, 1
  ON CONFLICT (state, product, vertical, day) DO UPDATE SET
    sold = a.sold + EXCLUDED.sold, spend_cents = a.spend_cents + EXCLUDED.spend_cents, quoted = a.quoted + EXCLUDED.quoted,
    policy = a.policy + EXCLUDED.policy, refund_cents = a.refund_cents + EXCLUDED.refund_cents;
$$;

CREATE FUNCTION state_rollup_returns(rs return_requests_daily[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO state_rollup_daily AS a (day, state, product, vertical, returns)
  SELECT r.day, r.state, r.product, r.vertical, sign * sum(r.n)
    FROM unnest(rs) r GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4, 1
  ON CONFLICT (state, product, vertical, day) DO UPDATE SET returns = a.returns + EXCLUDED.returns;
$$;

-- Migration 026's trigger functions feed both derived rollups from now on.
CREATE OR REPLACE FUNCTION lead_rollup_to_agents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM agent_rollup_sales(ARRAY(SELECT tr::lead_rollup_daily FROM old_rows tr), -1);
    PERFORM state_rollup_sales(ARRAY(SELECT tr::lead_rollup_daily FROM old_rows tr), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM agent_rollup_sales(ARRAY(SELECT tr::lead_rollup_daily FROM new_rows tr), 1);
    PERFORM state_rollup_sales(ARRAY(SELECT tr::lead_rollup_daily FROM new_rows tr), 1);
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION return_requests_to_agents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM agent_rollup_returns(ARRAY(SELECT tr::return_requests_daily FROM old_rows tr), -1);
    PERFORM state_rollup_returns(ARRAY(SELECT tr::return_requests_daily FROM old_rows tr), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM agent_rollup_returns(ARRAY(SELECT tr::return_requests_daily FROM new_rows tr), 1);
    PERFORM state_rollup_returns(ARRAY(SELECT tr::return_requests_daily FROM new_rows tr), 1);
  END IF;
  RETURN NULL;
END $$;

-- What the rollups hold already.
INSERT INTO state_rollup_daily (day, state, product, vertical, sold, spend_cents, quoted, policy, refund_cents)
SELECT day, state, product, vertical, sum(sold), sum(spend_cents), sum(quoted), sum(policy), sum(refund_cents)
  FROM lead_rollup_daily GROUP BY 1, 2, 3, 4;
INSERT INTO state_rollup_daily AS a (day, state, product, vertical, returns)
SELECT day, state, product, vertical, sum(n) FROM return_requests_daily GROUP BY 1, 2, 3, 4
ON CONFLICT (state, product, vertical, day) DO UPDATE SET returns = a.returns + EXCLUDED.returns;
