-- Failed logins count per normalised email (lower(trimmed)), whether or not an account
-- has it, so the lock answers the same for every email. A row is the count of attempts
-- since the last success; locked_until is set by the attempt that reaches the limit.
CREATE TABLE login_failures (
  email         text PRIMARY KEY,
  failures      integer NOT NULL,
  locked_until  timestamptz,
  updated_at    timestamptz NOT NULL
);
CREATE INDEX login_failures_updated_idx ON login_failures (updated_at);

INSERT INTO login_failures (email, failures, locked_until, updated_at)
  SELECT lower(email), failed_logins, locked_until, now() FROM users
   WHERE failed_logins > 0 OR locked_until IS NOT NULL;

ALTER TABLE users DROP COLUMN failed_logins;
ALTER TABLE users DROP COLUMN locked_until;

-- The mail sender claims rows ('sending' with a claim time) in a short transaction,
-- sends after commit, then marks them sent, or queued again, or failed after the last try.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_status_check
  CHECK (status IN ('queued','sending','sent','failed','kept'));
ALTER TABLE mail_outbox ADD COLUMN claimed_at timestamptz;
DROP INDEX mail_outbox_queued_idx;
CREATE INDEX mail_outbox_pending_idx ON mail_outbox (id) WHERE status IN ('queued','sending');
