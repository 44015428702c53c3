-- The lead search's counts kept as the leads change (issue 22): the tab counts of a
-- company, an agent or everyone over a long range read these instead of counting lead
-- rows (services/leads/kept-counts.ts; docs/areas/leads.md "Kept counts").
--
-- Why not the report rollups (migrations 020-028): they count billed rows only and by the
-- buying agent's day, while the search counts every row by the caller's day, which may be
-- in another zone than the agent's. So these count every row, by UTC day and UTC hour: a
-- range of whole days in any zone whose offset is whole hours is whole UTC days plus at
-- most 23 hours at each end. (Zones with a half-hour offset fall back to counting rows.)
CREATE TABLE lead_search_counts (
  -- 'd': the UTC day starting at `starts`; 'h': the UTC hour starting at `starts`.
  grain             text NOT NULL CHECK (grain IN ('d', 'h')),
  starts            timestamptz NOT NULL,
  company_id        integer NOT NULL,
  user_id           integer NOT NULL,
  n_all             integer NOT NULL DEFAULT 0,
  -- Any return status (the returns tab).
  n_returns         integer NOT NULL DEFAULT 0,
  -- Of the leads still worked (no return, or a refused one): by agent status, and the
  -- carrier's flags (the allstate view of the quoted and policy tabs).
  n_new             integer NOT NULL DEFAULT 0,
  n_contacted       integer NOT NULL DEFAULT 0,
  n_quoted          integer NOT NULL DEFAULT 0,
  n_policy          integer NOT NULL DEFAULT 0,
  n_attempting      integer NOT NULL DEFAULT 0,
  n_carrier_quoted  integer NOT NULL DEFAULT 0,
  n_carrier_policy  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, grain, starts, user_id)
);
-- The scopes the counts answer: a company (the key), an agent, everyone.
CREATE INDEX lead_search_counts_user_idx ON lead_search_counts (user_id, grain, starts);
CREATE INDEX lead_search_counts_all_idx ON lead_search_counts (grain, starts);

-- What leads add (sign 1) or take back (sign -1): the one definition of each count, the
-- same conditions as the search's tabs (services/leads/where.ts). Rows are upserted in
-- key order so concurrent sales never wait on each other in a cycle.
CREATE FUNCTION lead_search_count_apply(ls leads[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lead_search_counts AS c (grain, starts, company_id, user_id, n_all, n_returns, n_new, n_contacted, n_quoted, n_policy,
         n_attempting, n_carrier_quoted, n_carrier_policy)
  SELECT g.grain, g.starts, l.company_id, l.user_id,
         sign * count(*),
         sign * count(*) FILTER (WHERE l.return_status IS NOT NULL),
         sign * count(*) FILTER (WHERE w.worked AND l.agent_status = 'new'),
         sign * count(*) FILTER (WHERE w.worked AND l.agent_status = 'contacted'),
         sign * count(*) FILTER (WHERE w.worked AND l.agent_status = 'quoted'),
         sign * count(*) FILTER (WHERE w.worked AND l.agent_status = 'policy'),
         sign * count(*) FILTER (WHERE w.worked AND l.agent_status = 'attempting'),
         sign * count(*) FILTER (WHERE w.worked AND l.quoted),
         sign * count(*) FILTER (WHERE w.worked AND l.policy)
    FROM unnest(ls) l
   CROSS JOIN LATERAL (VALUES ('d', date_trunc('day', l.inserted_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'),
                              ('h', date_trunc('hour', l.inserted_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')) g(grain, starts)
   CROSS JOIN LATERAL (SELECT l.return_status IS NULL OR l.return_status IN ('return_denied', 'return_dispute_denied') AS worked) w
   GROUP BY 3, 1, 2, 4
   ORDER BY 3, 1, 2, 4
  ON CONFLICT (company_id, grain, starts, user_id) DO UPDATE SET
    n_all = c.n_all + EXCLUDED.n_all, n_returns = c.n_returns + EXCLUDED.n_returns,
    n_new = c.n_new + EXCLUDED.n_new, n_contacted = c.n_contacted + EXCLUDED.n_contacted,
    n_quoted = c.n_quoted + EXCLUDED.n_quoted, n_policy = c.n_policy + EXCLUDED.n_policy,
    n_attempting = c.n_attempting + EXCLUDED.n_attempting,
    n_carrier_quoted = c.n_carrier_quoted + EXCLUDED.n_carrier_quoted, n_carrier_policy = c.n_carrier_policy + EXCLUDED.n_carrier_policy;
$$;

-- Sales: once per statement (a sale to several buyers, a seed's batch), every row billed or
-- not (the search lists a matched call before it is charged).
CREATE FUNCTION leads_search_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_search_count_apply(ARRAY(SELECT n::leads FROM new_leads n), 1);
  RETURN NULL;
END $$;
CREATE TRIGGER leads_search_count_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION leads_search_count_insert();

-- A change of a column a count reads (a return step, the agent's status, a carrier's flag):
-- the old row out, the new one in. The WHEN keeps every other update free.
CREATE FUNCTION leads_search_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_search_count_apply(ARRAY[OLD], -1);
  PERFORM lead_search_count_apply(ARRAY[NEW], 1);
  RETURN NULL;
END $$;
CREATE TRIGGER leads_search_count_update
  AFTER UPDATE OF return_status, agent_status, quoted, policy, inserted_at, company_id, user_id ON leads
  FOR EACH ROW WHEN (
    OLD.return_status IS DISTINCT FROM NEW.return_status OR OLD.agent_status IS DISTINCT FROM NEW.agent_status
    OR OLD.quoted IS DISTINCT FROM NEW.quoted OR OLD.policy IS DISTINCT FROM NEW.policy
    OR OLD.inserted_at IS DISTINCT FROM NEW.inserted_at OR OLD.company_id IS DISTINCT FROM NEW.company_id
    OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION leads_search_count_update();

CREATE FUNCTION leads_search_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_search_count_apply(ARRAY(SELECT o::leads FROM old_leads o), -1);
  RETURN NULL;
END $$;
CREATE TRIGGER leads_search_count_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_leads
  FOR EACH STATEMENT EXECUTE FUNCTION leads_search_count_delete();

-- The leads sold before this migration, a UTC day at a time: a day's buckets are its own,
-- so every row is inserted once (no updated row versions left for a VACUUM to clear).
DO $$
DECLARE
  d timestamptz;
  hi timestamptz;
BEGIN
  SELECT date_trunc('day', min(inserted_at) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', max(inserted_at) INTO d, hi FROM leads;
  WHILE d <= hi LOOP
    PERFORM lead_search_count_apply(ARRAY(SELECT l FROM leads l WHERE l.inserted_at >= d AND l.inserted_at < d + interval '1 day'), 1);
    d := d + interval '1 day';
  END LOOP;
END $$;
