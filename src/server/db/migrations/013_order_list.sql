-- The order list (issue 8): why and by whom an order was paused, and the index the
-- scheduled reactivation reads (paused orders whose activation date has come).
ALTER TABLE orders ADD COLUMN pause_reason text
  CHECK (pause_reason IS NULL OR pause_reason IN ('out-of-office','already-working-leads','short-staffed','cannot-contact-leads','hit-caps','poor-lead-quality'));
ALTER TABLE orders ADD COLUMN paused_at timestamptz;
CREATE INDEX orders_reactivation_idx ON orders (activate_date)
  WHERE status = 'inactive' AND activate_date IS NOT NULL AND deleted_at IS NULL;
CREATE INDEX order_groups_live_idx ON order_groups (id) WHERE deleted_at IS NULL;
