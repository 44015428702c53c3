-- A call is a sale once it is charged (it lasted its billable duration), not when it is
-- matched: its lead row is written at the match, so `billed` says whether the row is a
-- sale yet. A lead is billed when sold; a call's row turns billed in the transaction that
-- charges it (services/calls/progress.ts). The rollups count billed rows only, so a report's
-- spend is what the ledger charged.
ALTER TABLE leads ADD COLUMN billed boolean NOT NULL DEFAULT true;

CREATE OR REPLACE FUNCTION leads_rollup_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_rollup_apply(ARRAY(SELECT n::leads FROM new_leads n WHERE n.billed), 1);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION leads_rollup_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.billed THEN PERFORM lead_rollup_apply(ARRAY[OLD], -1); END IF;
  IF NEW.billed THEN PERFORM lead_rollup_apply(ARRAY[NEW], 1); END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION leads_rollup_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_rollup_apply(ARRAY(SELECT o::leads FROM old_leads o WHERE o.billed), -1);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION users_rollup_rezone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lead_rollup_daily WHERE user_id = NEW.id;
  DELETE FROM return_requests_daily WHERE user_id = NEW.id;
  PERFORM lead_rollup_apply(ARRAY(SELECT l FROM leads l WHERE l.user_id = NEW.id AND l.billed), 1);
  RETURN NULL;
END $$;

DROP TRIGGER leads_rollup_update ON leads;
CREATE TRIGGER leads_rollup_update
  AFTER UPDATE OF billed, return_status, return_reason, return_requested_at, agent_status, quoted, policy, price_cents, inserted_at,
    order_id, company_id, user_id, vendor_id, package_id, vertical, product, state ON leads
  FOR EACH ROW WHEN (
    OLD.billed IS DISTINCT FROM NEW.billed
    OR OLD.return_status IS DISTINCT FROM NEW.return_status OR OLD.return_reason IS DISTINCT FROM NEW.return_reason
    OR OLD.return_requested_at IS DISTINCT FROM NEW.return_requested_at OR OLD.agent_status IS DISTINCT FROM NEW.agent_status
    OR OLD.quoted IS DISTINCT FROM NEW.quoted OR OLD.policy IS DISTINCT FROM NEW.policy OR OLD.price_cents IS DISTINCT FROM NEW.price_cents
    OR OLD.inserted_at IS DISTINCT FROM NEW.inserted_at OR OLD.order_id IS DISTINCT FROM NEW.order_id
    OR OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.vendor_id IS DISTINCT FROM NEW.vendor_id
    OR OLD.package_id IS DISTINCT FROM NEW.package_id OR OLD.vertical IS DISTINCT FROM NEW.vertical
    OR OLD.product IS DISTINCT FROM NEW.product OR OLD.state IS DISTINCT FROM NEW.state)
  EXECUTE FUNCTION leads_rollup_update();

-- The calls matched before this migration that were never charged leave the rollups.
UPDATE leads l SET billed = false FROM calls c WHERE c.id = l.call_id AND NOT c.sold;
