-- Billing (issue 6, the billing area): an admin may set a user to Cancel Exhausting
-- (document 002: "PUT /users/{id}: sets cancel exhausting"): their orders run until the
-- balance is spent, then the account is cancelled and nothing is recharged. Who set it
-- and when is in the audit log (action 'billing.cancel-exhausting').
ALTER TABLE users ADD COLUMN cancel_exhausting boolean NOT NULL DEFAULT false;
