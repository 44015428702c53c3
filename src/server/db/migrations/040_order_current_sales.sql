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

-- Migration 030's two functions keep their bodies under new names, and the names the
-- triggers call wrap them, the orders' current counters kept after. A rebuild (another
-- zone, another agent) deletes an order's counters first: an order left with no sale at
-- all is kept too.
ALTER FUNCTION sale_counts_apply(leads[], integer) RENAME TO sale_counts_add;
CREATE FUNCTION sale_counts_apply(ls leads[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sale_counts_add(ls, sign);
  PERFORM order_current_sales_keep(ARRAY(SELECT l.order_id FROM unnest(ls) l));
END $$;

ALTER FUNCTION order_counts_rebuild(integer[]) RENAME TO order_counts_recount;
CREATE FUNCTION order_counts_rebuild(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_counts_recount(ids);
  PERFORM order_current_sales_keep(ids);
END $$;

SELECT order_current_sales_keep(ARRAY(SELECT id FROM orders));
