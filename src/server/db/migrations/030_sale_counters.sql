-- Counters the engine reads instead of counting sales (issue 22): an order's sales in its
-- agent's day, week and month, and a company's leads in each hour, kept by triggers in the
-- sale's own transaction, so a ping costs the same on the first day and after ten million
-- sales. A sale counts when its row is written (a call while it is connected too, as the
-- count it replaces did), and a return does not free a cap: a returned lead was still
-- delivered (docs/areas/engine.md).

CREATE TABLE order_sale_counts (
  order_id      integer NOT NULL,
  period        text NOT NULL CHECK (period IN ('day', 'week', 'month')),
  -- The period's first instant in the order's agent's zone.
  period_start  timestamptz NOT NULL,
  sales         integer NOT NULL,
  PRIMARY KEY (order_id, period, period_start)
);

CREATE TABLE company_hour_counts (
  company_id  integer NOT NULL,
  hour_start  timestamptz NOT NULL,
  leads       integer NOT NULL,
  PRIMARY KEY (company_id, hour_start)
);

-- Add (sign 1) or take out (sign -1) some leads' counts.
CREATE FUNCTION sale_counts_apply(ls leads[], sign integer) RETURNS void LANGUAGE sql AS $$
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
$$;

CREATE FUNCTION leads_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sale_counts_apply(ARRAY(SELECT n::leads FROM new_leads n), 1);
  RETURN NULL;
END $$;
CREATE TRIGGER leads_counts_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION leads_counts_insert();

CREATE FUNCTION leads_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sale_counts_apply(ARRAY(SELECT o::leads FROM old_leads o), -1);
  RETURN NULL;
END $$;
CREATE TRIGGER leads_counts_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_leads
  FOR EACH STATEMENT EXECUTE FUNCTION leads_counts_delete();

-- A lead moved to another order or time (never done by the app; kept right all the same).
CREATE FUNCTION leads_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sale_counts_apply(ARRAY[OLD], -1);
  PERFORM sale_counts_apply(ARRAY[NEW], 1);
  RETURN NULL;
END $$;
CREATE TRIGGER leads_counts_update AFTER UPDATE OF order_id, company_id, inserted_at ON leads
  FOR EACH ROW WHEN (OLD.order_id IS DISTINCT FROM NEW.order_id OR OLD.company_id IS DISTINCT FROM NEW.company_id
                     OR OLD.inserted_at IS DISTINCT FROM NEW.inserted_at)
  EXECUTE FUNCTION leads_counts_update();

-- An agent in another zone, or an order given to another agent: its periods start at other
-- instants, so its counters are rebuilt from its sales (rare; by leads_order_idx).
CREATE FUNCTION order_counts_rebuild(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_sale_counts WHERE order_id = ANY(ids);
  PERFORM sale_counts_apply(ARRAY(SELECT l FROM leads l WHERE l.order_id = ANY(ids)), 1);
  -- The hour counters of those sales were added again: take them back out once.
  INSERT INTO company_hour_counts AS c (company_id, hour_start, leads)
  SELECT l.company_id, date_trunc('hour', l.inserted_at, 'UTC'), -count(*) FROM leads l WHERE l.order_id = ANY(ids)
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (company_id, hour_start) DO UPDATE SET leads = c.leads + EXCLUDED.leads;
END $$;

CREATE FUNCTION users_counts_rezone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_counts_rebuild(ARRAY(SELECT id FROM orders WHERE user_id = NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER users_counts_rezone AFTER UPDATE OF timezone ON users
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION users_counts_rezone();

CREATE FUNCTION orders_counts_reassign() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_counts_rebuild(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
CREATE TRIGGER orders_counts_reassign AFTER UPDATE OF user_id ON orders
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id) EXECUTE FUNCTION orders_counts_reassign();

-- The sales before this migration, in chunks of ids.
DO $$
DECLARE
  lo integer;
  hi integer;
BEGIN
  SELECT min(id), max(id) INTO lo, hi FROM leads;
  WHILE lo <= hi LOOP
    PERFORM sale_counts_apply(ARRAY(SELECT l FROM leads l WHERE l.id >= lo AND l.id < lo + 100000), 1);
    lo := lo + 100000;
  END LOOP;
END $$;
