-- The cap counters' current periods on the order's own row (issue 22). The moving facts
-- read the order's row anyway; reading its day, week and month counters took three index
-- probes more an order (about 90 µs of PostgreSQL's CPU a ping with a shortlist of 13,
-- whatever the history: x1.2 a ping against a book with no sales). Each order now carries
-- its latest counter of each period (its start and its sales), kept by the same triggers as
-- order_sale_counts, which stays the whole truth: a read whose period is the latest one
-- takes the row's figure, a later period has no sale yet (0), and an earlier one (a clock
-- behind another server's, or a question about the past) reads order_sale_counts as before
-- (`currentSalesJoin` in services/engine/sale-counts.ts).

ALTER TABLE orders
  ADD COLUMN sales_day_start   timestamptz,
  ADD COLUMN sales_day         integer NOT NULL DEFAULT 0,
  ADD COLUMN sales_week_start  timestamptz,
  ADD COLUMN sales_week        integer NOT NULL DEFAULT 0,
  ADD COLUMN sales_month_start timestamptz,
  ADD COLUMN sales_month       integer NOT NULL DEFAULT 0;

-- Each order's latest counter of each period, copied from order_sale_counts (by its key,
-- backwards: one probe a period). An order without counters gets none (NULL, 0).
CREATE FUNCTION order_current_sales_keep(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders o
     SET sales_day_start = d.period_start, sales_day = coalesce(d.sales, 0),
         sales_week_start = w.period_start, sales_week = coalesce(w.sales, 0),
         sales_month_start = m.period_start, sales_month = coalesce(m.sales, 0)
    FROM (SELECT DISTINCT unnest(ids) AS id ORDER BY 1) k
    LEFT JOIN LATERAL (SELECT c.period_start, c.sales FROM order_sale_counts c
                        WHERE c.order_id = k.id AND c.period = 'day' ORDER BY c.period_start DESC LIMIT 1) d ON true
    LEFT JOIN LATERAL (SELECT c.period_start, c.sales FROM order_sale_counts c
                        WHERE c.order_id = k.id AND c.period = 'week' ORDER BY c.period_start DESC LIMIT 1) w ON true
    LEFT JOIN LATERAL (SELECT c.period_start, c.sales FROM order_sale_counts c
                        WHERE c.order_id = k.id AND c.period = 'month' ORDER BY c.period_start DESC LIMIT 1) m ON true
   WHERE o.id = k.id
     AND (o.sales_day_start, o.sales_day, o.sales_week_start, o.sales_week, o.sales_month_start, o.sales_month)
         IS DISTINCT FROM (d.period_start, coalesce(d.sales, 0), w.period_start, coalesce(w.sales, 0), m.period_start, coalesce(m.sales, 0));
END $$;

-- Migration 030's function (in PL/pgSQL since 036), the orders' current counters kept after.
CREATE OR REPLACE FUNCTION sale_counts_apply(ls leads[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_sale_counts AS c (order_id, period, period_start, sales)
  SELECT l.order_id, p.period, date_trunc(p.period, l.inserted_at AT TIME ZONE u.timezone) AT TIME ZONE u.timezone, sign * count(*)
    FROM unnest(ls) l JOIN orders o ON o.id = l.order_id JOIN users u ON u.id = o.user_id
   CROSS JOIN (VALUES ('day'), ('week'), ('month')) AS p(period)
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (order_id, period, period_start) DO UPDATE SET sales = c.sales + EXCLUDED.sales;
  INSERT INTO company_hour_counts AS c (company_id, hour_start, leads)
  SELECT l.company_id, date_trunc('hour', l.inserted_at, 'UTC'), sign * count(*)
    FROM unnest(ls) l
   GROUP BY 1, 2
   ORDER BY 1, 2
  ON CONFLICT (company_id, hour_start) DO UPDATE SET leads = c.leads + EXCLUDED.leads;
  PERFORM order_current_sales_keep(ARRAY(SELECT l.order_id FROM unnest(ls) l));
END $$;

-- A rebuild (another zone, another agent) deletes an order's counters first: an order left
-- with no sale at all is kept too.
CREATE OR REPLACE FUNCTION order_counts_rebuild(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_sale_counts WHERE order_id = ANY(ids);
  PERFORM sale_counts_apply(ARRAY(SELECT l FROM leads l WHERE l.order_id = ANY(ids)), 1);
  -- The hour counters of those sales were added again: take them back out once.
  INSERT INTO company_hour_counts AS c (company_id, hour_start, leads)
  SELECT l.company_id, date_trunc('hour', l.inserted_at, 'UTC'), -count(*) FROM leads l WHERE l.order_id = ANY(ids)
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (company_id, hour_start) DO UPDATE SET leads = c.leads + EXCLUDED.leads;
  PERFORM order_current_sales_keep(ids);
END $$;

SELECT order_current_sales_keep(ARRAY(SELECT id FROM orders));
