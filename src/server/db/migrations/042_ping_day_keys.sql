-- Each day's partition of engine_pings keyed by the ping's id alone (issue 22): 36 bytes a
-- key entry instead of 44. A partitioned table's own primary key must hold its partition
-- key, so it was (id, created_at), and every partition carried created_at in its key for
-- nothing: a ping's id holds its creation day (record.ts, newPingId), so no id can be in
-- two days' partitions, and a look-up by id reads one day's (pingDayOf's bounds) anyway.
-- So the table has no key of its own and each partition has PRIMARY KEY (id), named as
-- before (<partition>_pkey); the default partition too, and each day made from now on.
-- Packed full (fillfactor 100, against btree's 90): a day's ids ascend (newPingId), so its
-- key only grows at its right edge, where a split leaves the old page as full as asked.
ALTER TABLE engine_pings DROP CONSTRAINT engine_pings_pkey;

-- A partition's key, as every day has it.
CREATE FUNCTION engine_pings_key_day(part text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ADD PRIMARY KEY (id) WITH (fillfactor = 100)', part);
END $$;

SELECT engine_pings_key_day(c.relname)
  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'engine_pings'::regclass;

-- Each day made from now on gets its key too: migration 033's function (renamed) makes the
-- day and moves its rows in from the default partition, then the key is built on them, in
-- the same transaction (no other session sees the day before it commits).
ALTER FUNCTION engine_pings_make_day(date) RENAME TO engine_pings_attach_day;
CREATE FUNCTION engine_pings_make_day(day date) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF NOT engine_pings_attach_day(day) THEN RETURN false; END IF;
  PERFORM engine_pings_key_day('engine_pings_y' || to_char(day, 'YYYYMMDD'));
  RETURN true;
END $$;
