-- Cost-share promotions (issue 20): campaigns whose budget a region, a vendor or the
-- marketplace puts up, the agents enrolled in them, and the subsidy of each sale.
-- Each promotion's budget is its own ledger account with a guarded balance row, so no
-- burst of sales can spend it below zero (as a company's balance cannot go below its floor).

CREATE TABLE promotions (
  id                        integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                      text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  description               text NOT NULL CHECK (length(btrim(description)) BETWEEN 1 AND 2000),
  is_active                 boolean NOT NULL DEFAULT false,
  is_archived               boolean NOT NULL DEFAULT false,
  priority                  integer NOT NULL DEFAULT 10 CHECK (priority BETWEEN 1 AND 100),
  start_date                date,
  end_date                  date NOT NULL,
  enrollment_deadline_date  date,
  responsible_party         text NOT NULL CHECK (responsible_party IN ('regional','vendor','marketplace')),
  responsible_region_id     integer REFERENCES regions(id),
  responsible_vendor_id     integer REFERENCES vendors(id),
  burn_type                 text NOT NULL CHECK (burn_type IN ('percent','fixed')),
  -- percent: the share of the price in ten-thousandths (2500 is 25 %); fixed: cents per sale.
  burn_value                integer NOT NULL CHECK (burn_value > 0),
  budget_cents              integer NOT NULL CHECK (budget_cents > 0),
  created_by                integer REFERENCES users(id),
  created_at                timestamptz NOT NULL,
  updated_at                timestamptz NOT NULL,
  CHECK (burn_type = 'fixed' OR burn_value <= 10000),
  CHECK ((responsible_party = 'regional') = (responsible_region_id IS NOT NULL)),
  CHECK ((responsible_party = 'vendor') = (responsible_vendor_id IS NOT NULL)),
  CHECK (start_date IS NULL OR start_date <= end_date),
  CHECK (enrollment_deadline_date IS NULL OR enrollment_deadline_date <= end_date),
  CHECK (NOT (is_archived AND is_active))
);

CREATE TABLE promotion_enrollments (
  promotion_id  integer NOT NULL REFERENCES promotions(id),
  user_id       integer NOT NULL REFERENCES users(id),
  enabled_at    timestamptz NOT NULL,
  is_active     boolean NOT NULL DEFAULT true,
  enrolled_by   integer REFERENCES users(id),
  PRIMARY KEY (promotion_id, user_id)
);
-- The sale's lookup: the running promotions of the buying agents.
CREATE INDEX promotion_enrollments_user_idx ON promotion_enrollments (user_id) WHERE is_active;

-- The subsidy of a sale: the promotion that paid part of the price, and how much.
-- The agent paid price_cents - subsidy_cents (the Paid Price).
ALTER TABLE leads ADD COLUMN promotion_id integer REFERENCES promotions(id);
ALTER TABLE leads ADD COLUMN subsidy_cents integer NOT NULL DEFAULT 0;
ALTER TABLE leads ADD CONSTRAINT leads_subsidy CHECK (subsidy_cents >= 0 AND subsidy_cents <= price_cents
  AND (subsidy_cents = 0) = (promotion_id IS NULL));
CREATE INDEX leads_promotion_idx ON leads (promotion_id, inserted_at) WHERE promotion_id IS NOT NULL;

-- ------------------------------------------------------------------ ledger
-- A promotion's budget account: one per promotion, with a balance row (floor 0).
ALTER TABLE ledger_accounts ADD COLUMN promotion_id integer REFERENCES promotions(id);
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind;
ALTER TABLE ledger_accounts
  ADD CONSTRAINT ledger_accounts_kind CHECK (kind IN ('company_balance','company_credit','company_growth',
    'card_clearing','revenue','courtesy_expense','vendor_payable','adjustments','promotion_expense','promotion_budget')),
  ADD CONSTRAINT ledger_accounts_promotion CHECK ((kind = 'promotion_budget') = (promotion_id IS NOT NULL));
DROP INDEX ledger_accounts_owner_key;
CREATE UNIQUE INDEX ledger_accounts_owner_key ON ledger_accounts (kind, coalesce(company_id, 0), coalesce(vendor_id, 0), coalesce(promotion_id, 0));

CREATE OR REPLACE FUNCTION ledger_account_balance_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.company_id IS NOT NULL OR NEW.vendor_id IS NOT NULL OR NEW.promotion_id IS NOT NULL THEN
    INSERT INTO ledger_balances (account_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END $$;

ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_kind;
ALTER TABLE ledger_transactions
  ADD CONSTRAINT ledger_transactions_kind CHECK (kind IN ('deposit','growth_deposit','lead_purchase','call_purchase',
    'lead_return','courtesy_credit','courtesy_debit','charge','debit','credit','refund','cancellation_credit','transfer',
    'promotion_subsidy','list_purchase','list_refund','promotion_funding','promotion_defunding'));
