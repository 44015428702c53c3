-- The per-agent rollup (issue 19, measured by bench:reports): the dashboard report's You,
-- Regional and National series and the cohorts sum each agent's days over twelve months,
-- which read every row of lead_rollup_daily nationwide (one per day, order, vendor and
-- state: a table that grows with the book until every combination has sold). This one has
-- a row per day, agent, company, product and vertical, so its size follows the agents and
-- the days, not the leads. It is kept from the two rollups by triggers on them, so every
-- count keeps its one definition (lead_rollup_apply) and every writer keeps it unknowing.
CREATE TABLE agent_rollup_daily (
  day           date NOT NULL,
  user_id       integer NOT NULL,
  company_id    integer NOT NULL,
  product       text NOT NULL,
  vertical      text NOT NULL,
  sold          integer NOT NULL DEFAULT 0,
  spend_cents   bigint NOT NULL DEFAULT 0,
  quoted        integer NOT NULL DEFAULT 0,
  policy        integer NOT NULL DEFAULT 0,
  refund_cents  bigint NOT NULL DEFAULT 0,
  -- Returns asked that day (return_requests_daily's day: the request's, in the agent's zone).
  returns       integer NOT NULL DEFAULT 0,
  PRIMARY KEY (product, vertical, day, user_id, company_id)
);
CREATE INDEX agent_rollup_daily_user_idx ON agent_rollup_daily (user_id, day);
CREATE INDEX agent_rollup_daily_company_idx ON agent_rollup_daily (company_id, day);

-- lead_rollup_daily's changed rows (sign 1 the new, -1 the old) summed into the agents' rows.
CREATE FUNCTION agent_rollup_sales(rs lead_rollup_daily[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO agent_rollup_daily AS a (day, user_id, company_id, product, vertical, sold, spend_cents, quoted, policy, refund_cents)
  SELECT r.day, r.user_id, r.company_id, r.product, r.vertical, sign * sum(r.sold), sign * sum(r.spend_cents),
         sign * sum(r.quoted), sign * sum(r.policy), sign * sum(r.refund_cents)
    FROM unnest(rs) r GROUP BY 1, 2, 3, 4, 5 ORDER BY 4, 5, 1, 2, 3
  ON CONFLICT (product, vertical, day, user_id, company_id) DO UPDATE SET
    sold = a.sold + EXCLUDED.sold, spend_cents = a.spend_cents + EXCLUDED.spend_cents, quoted = a.quoted + EXCLUDED.quoted,
    policy = a.policy + EXCLUDED.policy, refund_cents = a.refund_cents + EXCLUDED.refund_cents;
$$;

-- return_requests_daily's changed rows into the agents' returns.
CREATE FUNCTION agent_rollup_returns(rs return_requests_daily[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO agent_rollup_daily AS a (day, user_id, company_id, product, vertical, returns)
  SELECT r.day, r.user_id, r.company_id, r.product, r.vertical, sign * sum(r.n)
    FROM unnest(rs) r GROUP BY 1, 2, 3, 4, 5 ORDER BY 4, 5, 1, 2, 3
  ON CONFLICT (product, vertical, day, user_id, company_id) DO UPDATE SET returns = a.returns + EXCLUDED.returns;
$$;

-- One function per source, three statement triggers each (a trigger with transition
-- tables has one event): the old rows out, the new rows in.
CREATE FUNCTION lead_rollup_to_agents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM agent_rollup_sales(ARRAY(SELECT tr::lead_rollup_daily FROM old_rows tr), -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM agent_rollup_sales(ARRAY(SELECT tr::lead_rollup_daily FROM new_rows tr), 1); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER lead_rollup_to_agents_insert AFTER INSERT ON lead_rollup_daily REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_rollup_to_agents();
CREATE TRIGGER lead_rollup_to_agents_update AFTER UPDATE ON lead_rollup_daily REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_rollup_to_agents();
CREATE TRIGGER lead_rollup_to_agents_delete AFTER DELETE ON lead_rollup_daily REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_rollup_to_agents();

CREATE FUNCTION return_requests_to_agents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM agent_rollup_returns(ARRAY(SELECT tr::return_requests_daily FROM old_rows tr), -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM agent_rollup_returns(ARRAY(SELECT tr::return_requests_daily FROM new_rows tr), 1); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER return_requests_to_agents_insert AFTER INSERT ON return_requests_daily REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION return_requests_to_agents();
CREATE TRIGGER return_requests_to_agents_update AFTER UPDATE ON return_requests_daily REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION return_requests_to_agents();
CREATE TRIGGER return_requests_to_agents_delete AFTER DELETE ON return_requests_daily REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION return_requests_to_agents();

-- What the rollups hold already (set-based: the book may be millions of rows).
INSERT INTO agent_rollup_daily (day, user_id, company_id, product, vertical, sold, spend_cents, quoted, policy, refund_cents)
SELECT day, user_id, company_id, product, vertical, sum(sold), sum(spend_cents), sum(quoted), sum(policy), sum(refund_cents)
  FROM lead_rollup_daily GROUP BY 1, 2, 3, 4, 5;
INSERT INTO agent_rollup_daily AS a (day, user_id, company_id, product, vertical, returns)
SELECT day, user_id, company_id, product, vertical, sum(n) FROM return_requests_daily GROUP BY 1, 2, 3, 4, 5
ON CONFLICT (product, vertical, day, user_id, company_id) DO UPDATE SET returns = a.returns + EXCLUDED.returns;
