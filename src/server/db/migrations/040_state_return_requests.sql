-- The returns asked in a region by the consumers' state (a regional manager's return reasons
-- and weekly cards, services/reports/filter.ts reportRollups): they read return_requests_daily
-- by (state, day), a row per day, order, vendor, state and reason, whose rows grow with the
-- returns until every order's combinations are filled (90 days: 7,600 rows at 1,000,000
-- leads, 51,000 at 10,000,000; bench:reports). Those reads group by vendor and reason and
-- filter by product and vertical only, so this rollup leaves the order and the buyer out: a
-- row per day, consumer state, vendor, reason, product and vertical. It is kept from
-- return_requests_daily by its derive trigger (migration 036), as every derived rollup.
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

-- Migration 036's trigger function of return_requests_daily, feeding this one too.
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
