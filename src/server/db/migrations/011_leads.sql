-- Lead search (issue 10): the lead's own fields the search screens read and write, and
-- the indexes of the search, the tab counts and the export on a large book.

-- Do-not-call flag, the agent's note, the Jornaya LeadiD token of the consumer's consent,
-- the product variant ('click-to-call' cannot be returned) and the consumer's details
-- outside the vertical data (dob, address, selfCreditRating, residenceStatus, source,
-- premiumSource, jornayaAudit).
ALTER TABLE leads ADD COLUMN dnc boolean NOT NULL DEFAULT false;
ALTER TABLE leads ADD COLUMN note text CHECK (length(note) <= 2000);
ALTER TABLE leads ADD COLUMN note_modified_at timestamptz;
ALTER TABLE leads ADD COLUMN lead_transaction_key text;
ALTER TABLE leads ADD COLUMN product_variant text;
ALTER TABLE leads ADD COLUMN details jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(details) = 'object');

-- Every search reads one scope (all, a user, a company, a region's states) between two
-- moments, newest first; the tab counts group the same rows by status. Each index keys
-- (scope, inserted_at, id) so a page is a short index walk in sort order, and carries
-- the columns the tabs, the common filters and the price sort read, so the counts are
-- index-only scans.
CREATE INDEX leads_search_all_idx ON leads (inserted_at DESC, id DESC)
  INCLUDE (agent_status, return_status, vertical, product, state, quoted, policy, price_cents);
CREATE INDEX leads_search_company_idx ON leads (company_id, inserted_at DESC, id DESC)
  INCLUDE (agent_status, return_status, vertical, product, state, quoted, policy, price_cents);
CREATE INDEX leads_search_user_idx ON leads (user_id, inserted_at DESC, id DESC)
  INCLUDE (agent_status, return_status, vertical, product, state, quoted, policy, price_cents);
CREATE INDEX leads_search_state_idx ON leads (state, inserted_at DESC, id DESC)
  INCLUDE (agent_status, return_status, vertical, product, quoted, policy, price_cents);
-- These four replace the plain (scope, inserted_at) indexes of migration 002.
DROP INDEX leads_company_idx;
DROP INDEX leads_user_idx;
DROP INDEX leads_inserted_idx;
