-- The agent's dashboard (issue 19): holiday banners as data, and the daily rollup of the
-- pings the marketplace saw, which the recommended orders read (docs/areas/dashboard.md).

-- ------------------------------------------------------------------ holiday banners
-- A banner shows on every day from starts_on through ends_on (inclusive), judged in the
-- viewer's time zone. Document 002 section 9 gives the two windows of 2022; later years
-- are rows, not code.
CREATE TABLE holiday_banners (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  starts_on  date NOT NULL,
  ends_on    date NOT NULL CHECK (ends_on >= starts_on),
  text       text NOT NULL CHECK (length(text) BETWEEN 1 AND 500)
);
CREATE INDEX holiday_banners_ends_idx ON holiday_banners (ends_on, starts_on);
INSERT INTO holiday_banners (starts_on, ends_on, text) VALUES
  ('2022-12-22', '2022-12-27', 'Happy holidays! Consumers shop less around Christmas, so lead volume runs lower through December 27. Your orders keep running; support answers on shortened hours.'),
  ('2022-12-28', '2023-01-03', 'Happy New Year! Lead volume picks up again after January 3. Review your caps and bids now so your orders fill from the first business day of the year.');

-- ------------------------------------------------------------------ pings seen per day
-- Every request the engine matched (a ping, a direct post, a call match), counted per UTC
-- day, vertical, product and consumer ZIP, with how many of them sold to any buyer. The
-- engine adds its counts in one statement a second (services/engine/ping-days.ts); the
-- state rides along (a ZIP's state) so a whole-state territory reads it without a ZIP list.
CREATE TABLE ping_day_counts (
  day       date NOT NULL,
  vertical  text NOT NULL,
  product   text NOT NULL,
  zipcode   text NOT NULL,
  -- text, not char(2): the state list is text[] and a bpchar column would not use its index.
  state     text,
  pings     bigint NOT NULL DEFAULT 0 CHECK (pings >= 0),
  sold      bigint NOT NULL DEFAULT 0 CHECK (sold >= 0),
  PRIMARY KEY (day, vertical, product, zipcode)
);
-- The recommended orders read the last 30 days by ZIP list or by state.
CREATE INDEX ping_day_counts_zip_idx ON ping_day_counts (zipcode, day);
CREATE INDEX ping_day_counts_state_idx ON ping_day_counts (state, day);

INSERT INTO ping_day_counts (day, vertical, product, zipcode, state, pings, sold)
  SELECT (created_at AT TIME ZONE 'UTC')::date, vertical, product, zipcode, min(state)::text, count(*), count(*) FILTER (WHERE status = 'sold')
    FROM engine_pings
   GROUP BY 1, 2, 3, 4;

