-- The recommended orders' "bought" read (services/dashboard/recommend.ts): a company's leads
-- of the last 30 days in an area of ZIPs and states, counted by vertical and product. Its
-- index (leads_search_company_idx, migration 011) carries the state, vertical and product
-- but not the ZIP, so every lead of the window was fetched from the table to test its ZIP
-- (seed:large's 10,000,000-lead book sells 27,000 leads per order per month: 1.2 s at p50,
-- docs/areas/reports.md). With the ZIP carried too the read is an index-only scan. Built again in the migration's
-- transaction, so at 10M leads the lead table takes no writes for the build (about 20 s).
DROP INDEX leads_search_company_idx;
CREATE INDEX leads_search_company_idx ON leads (company_id, inserted_at DESC, id DESC)
  INCLUDE (agent_status, return_status, vertical, product, state, quoted, policy, price_cents, zipcode);
