-- Money (issue 6): the ledger's guarantees held by the database itself, payment cards,
-- recharge settings, gateway charges and the jobs that recharge. The ledger service
-- (src/server/services/ledger) is the only writer of the ledger tables.

-- ------------------------------------------------------------------ accounts
-- New kinds: a company's growth-funds account (CLD), the marketplace's adjustments
-- (admin credits and debits) and its promotion expense (cost-share subsidies).
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint WHERE conrelid = 'ledger_accounts'::regclass AND contype = 'c' LOOP
    EXECUTE format('ALTER TABLE ledger_accounts DROP CONSTRAINT %I', c.conname);
  END LOOP;
  FOR c IN SELECT conname FROM pg_constraint WHERE conrelid = 'ledger_transactions'::regclass AND contype = 'c' LOOP
    EXECUTE format('ALTER TABLE ledger_transactions DROP CONSTRAINT %I', c.conname);
  END LOOP;
END $$;

ALTER TABLE ledger_accounts
  ADD CONSTRAINT ledger_accounts_kind CHECK (kind IN ('company_balance','company_credit','company_growth',
    'card_clearing','revenue','courtesy_expense','vendor_payable','adjustments','promotion_expense')),
  ADD CONSTRAINT ledger_accounts_company CHECK ((kind IN ('company_balance','company_credit','company_growth')) = (company_id IS NOT NULL)),
  ADD CONSTRAINT ledger_accounts_vendor CHECK ((kind = 'vendor_payable') = (vendor_id IS NOT NULL));
INSERT INTO ledger_accounts (kind) VALUES ('adjustments'), ('promotion_expense');

-- ------------------------------------------------------------------ transactions
ALTER TABLE ledger_transactions
  ADD CONSTRAINT ledger_transactions_kind CHECK (kind IN ('deposit','growth_deposit','lead_purchase','call_purchase',
    'lead_return','courtesy_credit','courtesy_debit','charge','debit','credit','refund','cancellation_credit','transfer',
    'promotion_subsidy'));
-- SHA-256 of the movement's request: the same key with another request is a conflict (409).
ALTER TABLE ledger_transactions ADD COLUMN request_hash text NOT NULL DEFAULT '';
ALTER TABLE ledger_transactions ALTER COLUMN request_hash DROP DEFAULT;
-- References of the movement: leadId, cardId, chargeId, toCompanyId, promotionId...
ALTER TABLE ledger_transactions ADD COLUMN detail jsonb NOT NULL DEFAULT '{}';

-- The balance of its account right after this entry (company and vendor accounts), so
-- the billing log and the statement read a running balance without summing history.
ALTER TABLE ledger_entries ADD COLUMN balance_after_cents bigint;

-- ------------------------------------------------------------------ cached balances
-- One row per company or vendor account, kept by the trigger below in the same
-- transaction as the entry. floor_cents is the lowest balance allowed: 0, or minus a
-- credit line. Two spends of the same money serialise on this row, and the second one
-- fails the CHECK (the service checks first and answers 422, the CHECK is the guarantee).
-- The marketplace's own accounts (card clearing, revenue...) have no row: they would be
-- one hot row every movement waits for; their balance is the sum of their entries.
CREATE TABLE ledger_balances (
  account_id     integer PRIMARY KEY REFERENCES ledger_accounts(id),
  balance_cents  bigint NOT NULL DEFAULT 0,
  floor_cents    bigint NOT NULL DEFAULT 0 CHECK (floor_cents <= 0),
  CONSTRAINT ledger_balances_floor CHECK (balance_cents >= floor_cents)
);

-- Today's balances and running balances of the existing entries (before the guards below).
UPDATE ledger_entries e SET balance_after_cents = r.running
  FROM (SELECT e2.id, sum(e2.amount_cents) OVER (PARTITION BY e2.account_id ORDER BY e2.transaction_id, e2.id) AS running
          FROM ledger_entries e2 JOIN ledger_accounts a ON a.id = e2.account_id
         WHERE a.company_id IS NOT NULL OR a.vendor_id IS NOT NULL) r
 WHERE r.id = e.id;
-- Accounts below zero today (none in the seed) get that as their floor.
INSERT INTO ledger_balances (account_id, balance_cents, floor_cents)
  SELECT a.id, coalesce(s.total, 0), least(0, coalesce(s.total, 0))
    FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_cents) AS total FROM ledger_entries GROUP BY 1) s ON s.account_id = a.id
   WHERE a.company_id IS NOT NULL OR a.vendor_id IS NOT NULL;

CREATE FUNCTION ledger_account_balance_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.company_id IS NOT NULL OR NEW.vendor_id IS NOT NULL THEN
    INSERT INTO ledger_balances (account_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER ledger_accounts_balance_row AFTER INSERT ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_balance_row();

CREATE FUNCTION ledger_entry_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_balances SET balance_cents = balance_cents + NEW.amount_cents
   WHERE account_id = NEW.account_id RETURNING balance_cents INTO NEW.balance_after_cents;
  RETURN NEW;
END $$;
CREATE TRIGGER ledger_entries_balance BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_balance();

-- ------------------------------------------------------------------ double entry
-- Checked at COMMIT: every transaction touched has entries, and they sum to zero.
CREATE FUNCTION ledger_assert_balanced(tx integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE n bigint; total bigint;
BEGIN
  SELECT count(*), coalesce(sum(amount_cents), 0) INTO n, total FROM ledger_entries WHERE transaction_id = tx;
  IF n < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % is not balanced: % entries summing to % cents', tx, n, total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_balanced';
  END IF;
END $$;
CREATE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_assert_balanced(NEW.transaction_id);
  RETURN NULL;
END $$;
CREATE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_assert_balanced(NEW.id);
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced();
CREATE CONSTRAINT TRIGGER ledger_transactions_balanced AFTER INSERT ON ledger_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced();

-- ------------------------------------------------------------------ append-only
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_accounts_append_only BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
-- A cached balance changes only with an entry (the trigger above) or its floor.
CREATE FUNCTION ledger_balance_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR pg_trigger_depth() < 2 AND NEW.balance_cents IS DISTINCT FROM OLD.balance_cents THEN
    RAISE EXCEPTION 'a cached balance changes only with a ledger entry' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER ledger_balances_guard BEFORE UPDATE OR DELETE ON ledger_balances
  FOR EACH ROW EXECUTE FUNCTION ledger_balance_guard();

CREATE INDEX ledger_transactions_created_idx ON ledger_transactions (created_at);

-- ------------------------------------------------------------------ payment cards
-- What the gateway gave back for a card: never its number nor its CVV.
CREATE TABLE payment_cards (
  id                     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id             integer NOT NULL REFERENCES companies(id),
  user_id                integer REFERENCES users(id),
  gateway                text NOT NULL,
  token                  text NOT NULL,
  brand                  text NOT NULL,
  last_four              char(4) NOT NULL CHECK (last_four ~ '^[0-9]{4}$'),
  exp_month              smallint NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year               smallint NOT NULL CHECK (exp_year BETWEEN 2000 AND 2200),
  -- 1 is the primary billing card, 2 the backup, then the Nth backup.
  priority               integer NOT NULL CHECK (priority >= 1),
  auto_billing_eligible  boolean NOT NULL DEFAULT true,
  created_at             timestamptz NOT NULL,
  removed_at             timestamptz,
  UNIQUE (gateway, token)
);
CREATE INDEX payment_cards_company_idx ON payment_cards (company_id, priority) WHERE removed_at IS NULL;

-- ------------------------------------------------------------------ recharge settings
-- Continuous billing ('ct'): when the balance falls below the threshold, charge the
-- amount. Subscription: charge the amount on each next payment date (monthly).
CREATE TABLE recharge_settings (
  company_id         integer PRIMARY KEY REFERENCES companies(id),
  billing_type       text NOT NULL DEFAULT 'ct' CHECK (billing_type IN ('ct','subscription')),
  active             boolean NOT NULL DEFAULT false,
  amount_cents       integer NOT NULL DEFAULT 25000 CHECK (amount_cents > 0),
  threshold_cents    integer NOT NULL DEFAULT 5000 CHECK (threshold_cents >= 0),
  effective_at       timestamptz,
  next_payment_at    timestamptz,
  updated_by         integer REFERENCES users(id),
  updated_at         timestamptz NOT NULL,
  CHECK (billing_type = 'ct' OR NOT active OR next_payment_at IS NOT NULL)
);
CREATE INDEX recharge_settings_due_idx ON recharge_settings (next_payment_at) WHERE active AND billing_type = 'subscription';

-- The cards a recharge charges, tried in their priority order.
CREATE TABLE recharge_cards (
  company_id  integer NOT NULL REFERENCES recharge_settings(company_id),
  card_id     integer NOT NULL REFERENCES payment_cards(id),
  PRIMARY KEY (company_id, card_id)
);

-- ------------------------------------------------------------------ gateway charges
-- One row per charge the server asks a gateway for, written BEFORE the network call
-- (status 'pending'), updated after it; the ledger deposit follows in its own
-- transaction. A row left 'pending' or 'charged' by a crash is settled by the
-- reconciliation job: ask the gateway by idempotency key, then record or fail.
CREATE TABLE payment_charges (
  id                     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  idempotency_key        text NOT NULL UNIQUE,
  request_hash           text NOT NULL,
  company_id             integer NOT NULL REFERENCES companies(id),
  card_id                integer NOT NULL REFERENCES payment_cards(id),
  account                text NOT NULL CHECK (account IN ('balance','growth')),
  amount_cents           integer NOT NULL CHECK (amount_cents > 0),
  gateway                text NOT NULL,
  status                 text NOT NULL CHECK (status IN ('pending','charged','recorded','declined','failed')),
  gateway_charge_id      text,
  decline_code           text,
  message                text,
  ledger_transaction_id  integer REFERENCES ledger_transactions(id),
  created_by             integer REFERENCES users(id),
  memo                   text NOT NULL DEFAULT '',
  created_at             timestamptz NOT NULL,
  updated_at             timestamptz NOT NULL
);
CREATE INDEX payment_charges_open_idx ON payment_charges (updated_at) WHERE status IN ('pending','charged');
CREATE INDEX payment_charges_company_idx ON payment_charges (company_id, created_at DESC);

-- The sandbox gateway's own books (it plays a remote service; see services/payments/sandbox.ts):
-- the outcome a tokenised test card will have, never its number.
CREATE TABLE payment_sandbox_cards (
  token       text PRIMARY KEY,
  outcome     text NOT NULL,
  exp_month   smallint NOT NULL,
  exp_year    smallint NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE TABLE payment_sandbox_charges (
  idempotency_key  text PRIMARY KEY,
  charge_id        text NOT NULL UNIQUE,
  token            text NOT NULL,
  amount_cents     integer NOT NULL,
  outcome          text NOT NULL,
  created_at       timestamptz NOT NULL
);

-- ------------------------------------------------------------------ jobs
-- Durable background work, claimed with FOR UPDATE SKIP LOCKED under a lease, so it
-- survives a restart and runs once across instances. dedupe_key: one open job per key
-- (one recharge per company at a time, one subscription charge per due date).
CREATE TABLE money_jobs (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind          text NOT NULL CHECK (kind IN ('recharge','subscription')),
  company_id    integer NOT NULL REFERENCES companies(id),
  dedupe_key    text NOT NULL,
  payload       jsonb NOT NULL DEFAULT '{}',
  run_at        timestamptz NOT NULL,
  locked_until  timestamptz,
  attempts      integer NOT NULL DEFAULT 0,
  done_at       timestamptz,
  outcome       text,
  last_error    text,
  created_at    timestamptz NOT NULL
);
CREATE UNIQUE INDEX money_jobs_open_key ON money_jobs (dedupe_key) WHERE done_at IS NULL;
CREATE INDEX money_jobs_due_idx ON money_jobs (run_at) WHERE done_at IS NULL;
