-- The sale path's kept counts, planned once per session (issue 19, measured by
-- bench:sale-triggers --languages). A sale's statement fires the rollup triggers, and each
-- calls functions written in SQL: an INSERT ... SELECT with GROUP BY and ON CONFLICT each,
-- a dozen per sale. PostgreSQL plans a SQL function's statements again at every call; a
-- PL/pgSQL function keeps its statements' plans for the session. The functions below change
-- language only: their text is read back from the catalog and wrapped in BEGIN ... END, so
-- each count keeps its one definition in the migration that wrote it last.
DO $$
DECLARE
  fns CONSTANT text[] := ARRAY['lead_rollup_apply', 'market_sales_apply', 'sale_counts_apply', 'lead_search_count_apply',
                               'agent_rollup_sales', 'agent_rollup_returns', 'state_rollup_sales', 'state_rollup_returns',
                               'order_rollup_sales', 'order_return_requests'];
  f record;
  done integer := 0;
BEGIN
  FOR f IN SELECT p.proname, pg_get_function_arguments(p.oid) AS args, p.prosrc
             FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
            WHERE p.pronamespace = current_schema()::regnamespace AND p.proname = ANY(fns) AND l.lanname = 'sql' LOOP
    EXECUTE format('CREATE OR REPLACE FUNCTION %I(%s) RETURNS void LANGUAGE plpgsql AS %L',
      f.proname, f.args, E'BEGIN\n' || f.prosrc || E'\nEND');
    done := done + 1;
  END LOOP;
  -- A function renamed or already converted would otherwise be passed over in silence.
  IF done <> cardinality(fns) THEN
    RAISE EXCEPTION 'migration 036: % of % rollup functions found in SQL', done, cardinality(fns);
  END IF;
END $$;

-- Migration 035's trigger function named its apply function in a dynamic EXECUTE, planned
-- at each of a sale's statement triggers. The two sources' trigger functions of migrations
-- 026 and 028 now feed every derived rollup (agents, states, orders) with static calls, and
-- 035's six triggers go.
DROP TRIGGER lead_rollup_to_orders_insert ON lead_rollup_daily;
DROP TRIGGER lead_rollup_to_orders_update ON lead_rollup_daily;
DROP TRIGGER lead_rollup_to_orders_delete ON lead_rollup_daily;
DROP TRIGGER return_requests_to_orders_insert ON return_requests_daily;
DROP TRIGGER return_requests_to_orders_update ON return_requests_daily;
DROP TRIGGER return_requests_to_orders_delete ON return_requests_daily;
DROP FUNCTION rollup_to_orders();

ALTER FUNCTION lead_rollup_to_agents() RENAME TO lead_rollup_derive;
ALTER FUNCTION return_requests_to_agents() RENAME TO return_requests_derive;
ALTER TRIGGER lead_rollup_to_agents_insert ON lead_rollup_daily RENAME TO lead_rollup_derive_insert;
ALTER TRIGGER lead_rollup_to_agents_update ON lead_rollup_daily RENAME TO lead_rollup_derive_update;
ALTER TRIGGER lead_rollup_to_agents_delete ON lead_rollup_daily RENAME TO lead_rollup_derive_delete;
ALTER TRIGGER return_requests_to_agents_insert ON return_requests_daily RENAME TO return_requests_derive_insert;
ALTER TRIGGER return_requests_to_agents_update ON return_requests_daily RENAME TO return_requests_derive_update;
ALTER TRIGGER return_requests_to_agents_delete ON return_requests_daily RENAME TO return_requests_derive_delete;

-- The returns asked in a region by the consumers' state (a regional manager's return reasons
-- and weekly cards, services/reports/filter.ts reportRollups): they read return_requests_daily
-- by (state, day), a row per day, order, vendor, state and reason, whose rows grow with the
-- returns until every order's combinations are filled (90 days: 7,600 rows at 1,000,000
-- leads, 51,000 at 10,000,000; bench:reports). Those reads group by vendor and reason and
-- filter by product and vertical only, so this rollup leaves the order and the buyer out: a
-- row per day, consumer state, vendor, reason, product and vertical. It is kept from
-- return_requests_daily by its derive trigger below, as every derived rollup.
CREATE TABLE state_return_requests_daily (
  day        date NOT NULL,
  state      text NOT NULL,
  vendor_id  integer NOT NULL,
  reason     text NOT NULL,
  product    text NOT NULL,
  vertical   text NOT NULL,
  n          integer NOT NULL DEFAULT 0,
  PRIMARY KEY (state, day, vendor_id, reason, product, vertical)
);

CREATE FUNCTION state_return_requests(rs return_requests_daily[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO state_return_requests_daily AS a (day, state, vendor_id, reason, product, vertical, n)
  SELECT r.day, r.state, r.vendor_id, r.reason, r.product, r.vertical, sign * sum(r.n)
    FROM unnest(rs) r GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 2, 1, 3, 4, 5, 6
  ON CONFLICT (state, day, vendor_id, reason, product, vertical) DO UPDATE SET n = a.n + EXCLUDED.n;
END $$;

-- lead_rollup_daily's changed rows (the old out, the new in) into the agents', states' and orders' rollups.
CREATE OR REPLACE FUNCTION lead_rollup_derive() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rs lead_rollup_daily[];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    rs := ARRAY(SELECT tr::lead_rollup_daily FROM old_rows tr);
    PERFORM agent_rollup_sales(rs, -1);
    PERFORM state_rollup_sales(rs, -1);
    PERFORM order_rollup_sales(rs, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    rs := ARRAY(SELECT tr::lead_rollup_daily FROM new_rows tr);
    PERFORM agent_rollup_sales(rs, 1);
    PERFORM state_rollup_sales(rs, 1);
    PERFORM order_rollup_sales(rs, 1);
  END IF;
  RETURN NULL;
END $$;

-- return_requests_daily's changed rows, the same way, and into the returns asked by state.
CREATE OR REPLACE FUNCTION return_requests_derive() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rs return_requests_daily[];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    rs := ARRAY(SELECT tr::return_requests_daily FROM old_rows tr);
    PERFORM agent_rollup_returns(rs, -1);
    PERFORM state_rollup_returns(rs, -1);
    PERFORM order_return_requests(rs, -1);
    PERFORM state_return_requests(rs, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    rs := ARRAY(SELECT tr::return_requests_daily FROM new_rows tr);
    PERFORM agent_rollup_returns(rs, 1);
    PERFORM state_rollup_returns(rs, 1);
    PERFORM order_return_requests(rs, 1);
    PERFORM state_return_requests(rs, 1);
  END IF;
  RETURN NULL;
END $$;

-- What return_requests_daily holds already (set-based: a row per its row at most).
INSERT INTO state_return_requests_daily (day, state, vendor_id, reason, product, vertical, n)
SELECT day, state, vendor_id, reason, product, vertical, sum(n) FROM return_requests_daily GROUP BY 1, 2, 3, 4, 5, 6;
ANALYZE state_return_requests_daily;
