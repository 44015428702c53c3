-- The market's window (services/orders/market-sales.ts: the wizard's cost estimate and each
-- order of the dashboard) reads a state's last 30 days of market_sales_daily, a row per day
-- and 25-cent price step: about 3,000 rows a state and product on seed:large's 10,000,000-
-- lead book, each fetched from the table by the primary key's scan. Carrying the price and
-- the count in an index makes it an index-only scan (the days before today are not updated
-- again, so their pages stay all-visible once vacuumed): the dashboard's market read went
-- from 7.0 to 3.4 ms at 10M and from 2.9 to 1.9 ms at 1M (PostgreSQL, docs/areas/reports.md).
CREATE INDEX market_sales_daily_window_idx ON market_sales_daily (vertical, product, state, day) INCLUDE (cents, n);
