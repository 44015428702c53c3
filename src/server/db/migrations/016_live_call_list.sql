-- The live-call list (GET /live-calls/all): newest first within a day range, for every
-- company (admins) or one company. Keyed like lead search's indexes (migration 011), so a
-- page reads the index in order and stops; the company index of migration 002 gains the
-- id that breaks ties. A regional manager's calls are found through their leads' state
-- (leads_search_state_idx) and leads.call_id (unique).
CREATE INDEX calls_search_all_idx ON calls (inserted_at DESC, id DESC);
CREATE INDEX calls_search_company_idx ON calls (company_id, inserted_at DESC, id DESC);
DROP INDEX calls_company_idx;
