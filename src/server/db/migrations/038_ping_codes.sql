-- A ping's kind, vertical, product and status as one-byte codes (issue 22, a row under
-- 200 bytes): 24 bytes a row as text, 4 as "char" (and, as the columns fall, 24 bytes
-- less a row in all). The codes are src/domain/engine/ping-codes.ts's (PING_CODES):
--   kind: p ping, s post, c call; vertical: a autoins, h homeins;
--   product: l leads, c calls; status: o open, s sold, u unsold.
-- The type change rewrites every partition and engine_pings_kept once, under their lock.

-- The partial index names the texts; made again below with the codes.
DROP INDEX engine_pings_held_idx;

-- The CHECKs on the texts, whatever their names (033's are engine_pings_kind_check1 and
-- so on): the table's first (its partitions' copies go with them), then any a partition
-- or engine_pings_kept (made LIKE the table) has of its own.
CREATE FUNCTION engine_pings_038_drop_checks(parents boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT k.conrelid::regclass AS rel, k.conname FROM pg_constraint k
            WHERE k.contype = 'c' AND k.conislocal
              AND (k.conrelid IN ('engine_pings'::regclass, 'engine_pings_kept'::regclass)) = parents
              AND (k.conrelid IN ('engine_pings'::regclass, 'engine_pings_kept'::regclass)
                   OR k.conrelid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = 'engine_pings'::regclass))
              AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = k.conrelid AND a.attnum = ANY (k.conkey)
                            AND a.attname IN ('kind', 'vertical', 'product', 'status')) LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', c.rel, c.conname);
  END LOOP;
END $$;
SELECT engine_pings_038_drop_checks(true);
SELECT engine_pings_038_drop_checks(false);
DROP FUNCTION engine_pings_038_drop_checks(boolean);

-- The same on both tables (engine_pings's reaches its partitions; a day made later copies it).
CREATE FUNCTION engine_pings_038_codes(t regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($f$ALTER TABLE %s
    ALTER COLUMN kind TYPE "char" USING (CASE kind WHEN 'ping' THEN 'p' WHEN 'post' THEN 's' WHEN 'call' THEN 'c' END)::"char",
    ALTER COLUMN vertical TYPE "char" USING (CASE vertical WHEN 'autoins' THEN 'a' WHEN 'homeins' THEN 'h' END)::"char",
    ALTER COLUMN product TYPE "char" USING (CASE product WHEN 'leads' THEN 'l' WHEN 'calls' THEN 'c' END)::"char",
    ALTER COLUMN status TYPE "char" USING (CASE status WHEN 'open' THEN 'o' WHEN 'sold' THEN 's' WHEN 'unsold' THEN 'u' END)::"char",
    ADD CONSTRAINT engine_pings_kind_check CHECK (kind IN ('p', 's', 'c')),
    ADD CONSTRAINT engine_pings_vertical_check CHECK (vertical IN ('a', 'h')),
    ADD CONSTRAINT engine_pings_product_check CHECK (product IN ('l', 'c')),
    ADD CONSTRAINT engine_pings_status_check CHECK (status IN ('o', 's', 'u'))$f$, t);
END $$;
SELECT engine_pings_038_codes('engine_pings');
SELECT engine_pings_038_codes('engine_pings_kept');
DROP FUNCTION engine_pings_038_codes(regclass);

-- Calls reserved and not yet posted count against the order's concurrency (services/engine/facts.ts).
CREATE INDEX engine_pings_held_idx ON engine_pings (order_id, expires_at) WHERE kind = 'c' AND status = 'o';
