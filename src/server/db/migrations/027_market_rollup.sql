-- The market rollup (issue 19, measured by bench:reports): the sales of a state over the
-- last 30 days, which the dashboard's orders and the wizard's cost estimate read, counted
-- by UTC day, vertical, product, consumer state ('' when unknown) and price in 25-cent
-- steps (domain/orders/market.ts PRICE_STEP_CENTS). Read from the lead table they cost a
-- row per sale (8.9 s for the demo agent's dashboard at 10,000,000 leads); from here a row
-- per day and price. Every lead row counts, billed or not, as the market always has.
-- services/orders/market-sales.ts reads the window's whole days here and its first,
-- partial day from the lead table, so the window stays exactly the last 30 x 24 hours.
CREATE TABLE market_sales_daily (
  vertical  text NOT NULL,
  product   text NOT NULL,
  state     text NOT NULL,
  day       date NOT NULL,
  cents     integer NOT NULL,
  n         integer NOT NULL DEFAULT 0,
  PRIMARY KEY (vertical, product, state, day, cents)
);
CREATE INDEX market_sales_daily_national_idx ON market_sales_daily (vertical, product, day);

CREATE FUNCTION market_sales_apply(ls leads[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO market_sales_daily AS m (vertical, product, state, day, cents, n)
  SELECT l.vertical, l.product, coalesce(l.state, ''), (l.inserted_at AT TIME ZONE 'UTC')::date, (ceil(l.price_cents / 25.0) * 25)::int,
         sign * count(*)
    FROM unnest(ls) l GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (vertical, product, state, day, cents) DO UPDATE SET n = m.n + EXCLUDED.n;
$$;

CREATE FUNCTION leads_market_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM market_sales_apply(ARRAY(SELECT tr::leads FROM old_leads tr), -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM market_sales_apply(ARRAY(SELECT tr::leads FROM new_leads tr), 1); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER leads_market_sales_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION leads_market_sales();
CREATE TRIGGER leads_market_sales_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_leads
  FOR EACH STATEMENT EXECUTE FUNCTION leads_market_sales();
-- A lead's place, price, product and moment do not change once sold; should one, its count moves.
CREATE FUNCTION leads_market_sales_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM market_sales_apply(ARRAY[OLD], -1);
  PERFORM market_sales_apply(ARRAY[NEW], 1);
  RETURN NULL;
END $$;
CREATE TRIGGER leads_market_sales_update AFTER UPDATE OF vertical, product, state, inserted_at, price_cents ON leads
  FOR EACH ROW WHEN (OLD.vertical IS DISTINCT FROM NEW.vertical OR OLD.product IS DISTINCT FROM NEW.product OR OLD.state IS DISTINCT FROM NEW.state
                     OR OLD.inserted_at IS DISTINCT FROM NEW.inserted_at OR OLD.price_cents IS DISTINCT FROM NEW.price_cents)
  EXECUTE FUNCTION leads_market_sales_moved();

-- The leads sold before this migration.
INSERT INTO market_sales_daily (vertical, product, state, day, cents, n)
SELECT vertical, product, coalesce(state, ''), (inserted_at AT TIME ZONE 'UTC')::date, (ceil(price_cents / 25.0) * 25)::int, count(*)
  FROM leads GROUP BY 1, 2, 3, 4, 5;
