-- Live calls played out in time, their recordings, and the server push (issue 9, part B).

-- ------------------------------------------------------------------ calls in time
-- The engine inserts a sold call in 'pending-connection'; the telephony worker moves it
-- to 'in-progress' (connected_at) and then to 'completed' or 'no-answer' (ended_at).
-- charged_at: the completed call lasted its billable duration and was charged (once,
-- ledger key purchase:call:<id>); null for a call that was not billable.
ALTER TABLE calls ADD COLUMN connected_at timestamptz;
ALTER TABLE calls ADD COLUMN ended_at timestamptz;
ALTER TABLE calls ADD COLUMN charged_at timestamptz;

-- One recording per completed call (a WAV file written by the telephony provider or the
-- simulator). In the database, not on a disk, so every instance serves it.
CREATE TABLE call_recordings (
  call_id       integer PRIMARY KEY REFERENCES calls(id),
  content_type  text NOT NULL,
  seconds       integer NOT NULL CHECK (seconds >= 0),
  audio         bytea NOT NULL,
  created_at    timestamptz NOT NULL
);

-- ------------------------------------------------------------------ server push
-- Every change an agent's screens show live is announced by the database itself on
-- channel live_events, whoever writes it: payload '<company id>:<kind>' with kind lead,
-- call or balance. Each instance LISTENs once and forwards an event to the open streams
-- of that company only. Identical payloads in one transaction are folded by PostgreSQL.
CREATE FUNCTION notify_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company integer;
BEGIN
  IF TG_TABLE_NAME = 'ledger_balances' THEN
    SELECT company_id INTO company FROM ledger_accounts WHERE id = NEW.account_id;
    IF company IS NULL OR NEW.balance_cents IS NOT DISTINCT FROM (CASE WHEN TG_OP = 'UPDATE' THEN OLD.balance_cents END) THEN
      RETURN NULL;
    END IF;
    PERFORM pg_notify('live_events', company || ':balance');
  ELSIF TG_TABLE_NAME = 'leads' THEN
    PERFORM pg_notify('live_events', NEW.company_id || ':lead');
  ELSE
    PERFORM pg_notify('live_events', NEW.company_id || ':call');
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER leads_notify_live AFTER INSERT OR UPDATE ON leads
  FOR EACH ROW EXECUTE FUNCTION notify_live_event();
CREATE TRIGGER calls_notify_live AFTER INSERT OR UPDATE ON calls
  FOR EACH ROW EXECUTE FUNCTION notify_live_event();
CREATE TRIGGER ledger_balances_notify_live AFTER UPDATE OF balance_cents ON ledger_balances
  FOR EACH ROW EXECUTE FUNCTION notify_live_event();

-- ------------------------------------------------------------------ vendor API tokens
-- A stored token is only a hash: the debugger shows its last four characters to tell
-- tokens apart (the token itself is shown once, when issued).
ALTER TABLE vendor_api_keys ADD COLUMN hint text;
