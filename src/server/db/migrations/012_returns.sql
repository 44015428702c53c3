-- Returns (issue 10, part B): the return-dispute-denial life of a lead.

-- The product variant ('click-to-call' cannot be returned). Migration 011 (lead search)
-- adds the same column; whichever runs first creates it.
ALTER TABLE leads ADD COLUMN IF NOT EXISTS product_variant text;

-- Leads sold by a digital-ads vendor cannot be returned (document 002 section 5).
ALTER TABLE vendors ADD COLUMN digital_ads boolean NOT NULL DEFAULT false;
UPDATE vendors SET digital_ads = true WHERE vendor_name = 'digital_ads';

-- Who asked and who decided, the dispute and its denial. return_responded_at (002) is the
-- latest decision: the dispute window counts from the denial's.
ALTER TABLE leads ADD COLUMN return_requested_by integer REFERENCES users(id);
ALTER TABLE leads ADD COLUMN return_decided_by integer REFERENCES users(id);
ALTER TABLE leads ADD COLUMN return_disputed_at timestamptz;
ALTER TABLE leads ADD COLUMN deny_dispute_reason text;
-- Returns decided before this migration: their dispute was denied without a stored reason.
UPDATE leads SET deny_dispute_reason = 'denial_upheld' WHERE return_status = 'return_dispute_denied';
UPDATE leads SET return_disputed_at = return_responded_at WHERE return_status IN ('return_disputed', 'return_dispute_denied');
UPDATE leads SET return_requested_by = user_id WHERE return_status IS NOT NULL;
ALTER TABLE leads ADD CONSTRAINT leads_deny_reason_when_denied
  CHECK (return_status IS NULL OR return_status NOT IN ('return_denied', 'return_dispute_denied') OR deny_reason IS NOT NULL);
ALTER TABLE leads ADD CONSTRAINT leads_deny_dispute_reason_when_dispute_denied
  CHECK ((return_status = 'return_dispute_denied') = (deny_dispute_reason IS NOT NULL));

-- Every step of a return, in order: what both sides' screens and the audit read.
CREATE TABLE lead_return_events (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_id     integer NOT NULL REFERENCES leads(id),
  status      text NOT NULL CHECK (status IN ('return_pending','return_approved','return_denied','return_disputed','return_dispute_denied')),
  reason      text,
  by_user     integer REFERENCES users(id),
  at          timestamptz NOT NULL
);
CREATE INDEX lead_return_events_lead_idx ON lead_return_events (lead_id, id);

-- Return management: the few leads with a return, by vertical (admins) or by vendor
-- (vendors), newest insertion first.
CREATE INDEX leads_returns_vertical_idx ON leads (vertical, inserted_at DESC, id DESC) WHERE return_status IS NOT NULL;
CREATE INDEX leads_returns_vendor_idx ON leads (vendor_id, vertical, inserted_at DESC, id DESC) WHERE return_status IS NOT NULL;
