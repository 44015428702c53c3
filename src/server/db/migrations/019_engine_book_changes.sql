-- The order book's catch-up follows the change, never the whole book (issue 18: the first
-- ping after an edit answered `deadline`). A package's price and buyers and a company's
-- hourly cap are no longer in the book (the ping path reads them with the moving facts:
-- services/engine/facts.ts), so changing them moves no version; an agent's time zone
-- logs that agent's orders instead of "any order" (null), which made every server load
-- the book whole.
DROP TRIGGER packages_book_bump ON packages;
DROP TRIGGER companies_book_bump ON companies;
DROP TRIGGER users_book_bump ON users;

CREATE OR REPLACE FUNCTION engine_book_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ver bigint := nullif(current_setting('leadline.book_v', true), '')::bigint;
  changed integer[];
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    -- The version row's lock first: an order of this agent committed before it is listed
    -- below; one committing after it waits, and its own version is read with the new zone.
    PERFORM 1 FROM engine_book_version FOR UPDATE;
    changed := ARRAY(SELECT o.id FROM orders o WHERE o.user_id = NEW.id AND o.deleted_at IS NULL);
    -- No order of theirs in the book: nothing to log (every version keeps a row of its own).
    IF cardinality(changed) = 0 THEN RETURN NULL; END IF;
  ELSIF TG_TABLE_NAME = 'orders' THEN
    IF TG_OP = 'DELETE' THEN changed := ARRAY[OLD.id]; ELSE changed := ARRAY[NEW.id]; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    changed := ARRAY[OLD.order_id];
  ELSE
    changed := ARRAY[NEW.order_id];
  END IF;
  IF ver IS NULL THEN
    UPDATE engine_book_version SET v = v + 1 RETURNING v INTO ver;
    PERFORM set_config('leadline.book_v', ver::text, true);
  END IF;
  INSERT INTO engine_book_changes (v, order_id) SELECT ver, unnest(changed);
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER users_book_bump AFTER UPDATE OF timezone ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone)
  EXECUTE FUNCTION engine_book_bump();
