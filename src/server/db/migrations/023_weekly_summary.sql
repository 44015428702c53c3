-- The agents' weekly summary mail (docs/areas/reports.md): an opt-out on the contact
-- preferences, and one row per agent and week, written in the transaction that queues the
-- mail, so several servers running the job send it once (the primary key decides).
ALTER TABLE users ADD COLUMN weekly_summary boolean NOT NULL DEFAULT true;

CREATE TABLE weekly_summaries (
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The Monday, in the agent's zone, the summary was due.
  week_start date NOT NULL,
  -- False when the week had nothing to tell (no sale, no return): no mail, and not asked again.
  mailed     boolean NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, week_start)
);
