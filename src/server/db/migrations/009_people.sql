-- People and settings (issue 12): what admins set on a user, what a company's settings
-- screens change, the concurrency schedule the matching engine reads, and invitations.

-- User settings: the newsletter, the CRM ids, ALM Pro, and cancelling when funds run out.
ALTER TABLE users ADD COLUMN newsletter_subscription boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN salesforce_account_id text;
ALTER TABLE users ADD COLUMN salesforce_contact_id text;
ALTER TABLE users ADD COLUMN alm_pro_user boolean NOT NULL DEFAULT false;
-- Set once an admin has granted or revoked ALM Pro by hand (automatic rules leave it alone).
ALTER TABLE users ADD COLUMN alm_pro_manual_override boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN cancel_exhausting boolean NOT NULL DEFAULT false;
-- An invited user has no password until registering: such a hash never verifies.
ALTER TABLE users ADD COLUMN registered boolean NOT NULL DEFAULT true;

-- Company settings. Existing companies keep LeadVantage access.
ALTER TABLE companies ADD COLUMN has_lead_vantage_access boolean NOT NULL DEFAULT true;
ALTER TABLE companies ADD COLUMN dist_lead_manager boolean NOT NULL DEFAULT false;
ALTER TABLE companies ADD COLUMN dist_quote_burst boolean NOT NULL DEFAULT false;
ALTER TABLE companies ADD COLUMN dist_robo_agent boolean NOT NULL DEFAULT false;
-- Leads a company may receive per hour; null is no cap. Read by the matching engine.
ALTER TABLE companies ADD COLUMN hourly_lead_cap integer CHECK (hourly_lead_cap BETWEEN 1 AND 1000);
CREATE INDEX companies_name_idx ON companies (lower(name));

-- The concurrency schedule: concurrent live calls a company takes per half hour of the
-- week (day 0 = Sunday, slot 0 = 00:00-00:29 in the company users' time zone). A slot
-- without a row has no limit set. Read by the matching engine.
CREATE TABLE company_concurrency (
  company_id  integer NOT NULL REFERENCES companies(id),
  day         smallint NOT NULL CHECK (day BETWEEN 0 AND 6),
  slot        smallint NOT NULL CHECK (slot BETWEEN 0 AND 47),
  max_calls   smallint NOT NULL CHECK (max_calls BETWEEN 1 AND 50),
  PRIMARY KEY (company_id, day, slot)
);

-- Registration keys sent with an invitation.
ALTER TABLE access_keys DROP CONSTRAINT access_keys_purpose_check;
ALTER TABLE access_keys ADD CONSTRAINT access_keys_purpose_check CHECK (purpose IN ('reset','sso','tos','register'));

-- The user page's history: every change to a user, newest first.
CREATE INDEX audit_log_user_at_idx ON audit_log (user_id, id DESC);
-- Search by name.
CREATE INDEX users_name_idx ON users (lower(first_name || ' ' || last_name));
