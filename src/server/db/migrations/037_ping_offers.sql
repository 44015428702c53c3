-- A ping's row under 200 bytes (issue 22): its winners are no longer written as JSON
-- (engine_pings.offers, 176 bytes a matched ping: every winner's {orderId, companyId,
-- priceCents}, keys repeated). The decision's bytes already hold each winner and its
-- price, and from this migration in the auction's rank too (decision-bytes.ts, version 2);
-- a post reads the winners there and a winner's company from its order.
-- The column stays for the rows written before (as migration 033 kept `considered`): an
-- open ping of then is posted within its TTL from its offers, since its version-1
-- decision does not keep the winners' rank. A NULL costs a row nothing (the null bitmap
-- is there already), and converting the rows would mean decoding the bytes in SQL.
-- On the partitioned table the change reaches every partition, and the days made later
-- copy it (LIKE engine_pings); engine_pings_kept was made LIKE it, so it changes too.
ALTER TABLE engine_pings ALTER COLUMN offers DROP NOT NULL, ALTER COLUMN offers DROP DEFAULT;
ALTER TABLE engine_pings_kept ALTER COLUMN offers DROP NOT NULL, ALTER COLUMN offers DROP DEFAULT;
