-- A ping's row smaller again (issue 22), with nothing it answers changed:
-- - lead: the ping's fields as the JSON text they came in (json, not jsonb). Nothing queries
--   inside it (the services read it whole), and as text {"age":35} is 11 bytes against 25
--   as jsonb, whose header and per-field entries outweigh a lead's few short fields.
-- - expires_at: written for a call's hold only (the held calls' index reads it); a ping's
--   expiry is its created_at plus PING_TTL_SECONDS, read so (record.ts, lockPing), and a
--   post never expires. Rows written before keep theirs.
-- - product and state: no longer written (NULL takes no byte): a row's product follows from
--   its kind (a call match sells calls, a ping or a post leads) and its state from its ZIP,
--   as the vendor API made it (record.ts, derivedOf). Rows written before keep theirs.
-- Each is one rewrite of every partition and of engine_pings_kept, under their locks.
CREATE FUNCTION engine_pings_041_trim(t regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($f$ALTER TABLE %s
    ALTER COLUMN lead DROP DEFAULT,
    ALTER COLUMN lead TYPE json USING lead::json,
    ALTER COLUMN lead SET DEFAULT '{}',
    ALTER COLUMN expires_at DROP NOT NULL,
    ALTER COLUMN product DROP NOT NULL$f$, t);
END $$;
SELECT engine_pings_041_trim('engine_pings');
SELECT engine_pings_041_trim('engine_pings_kept');
DROP FUNCTION engine_pings_041_trim(regclass);
