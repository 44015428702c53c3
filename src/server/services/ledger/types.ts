/**
 * The ledger's public types. A Movement says what happens in business terms; the service
 * turns it into balanced entries (movements.ts) and writes them (post.ts).
 */

/** A company owns two accounts: its spendable balance and its growth funds (CLD). */
export type CompanyAccount = 'balance' | 'growth';

/** Credit types of document 002 ('credit' is a plain credit). */
export type CreditType = 'credit' | 'cancellation_credit' | 'refund';

export type Movement =
  /** Money from a card lands on the company's balance (or its growth funds). */
  | { kind: 'deposit'; companyId: number; amountCents: number; account?: CompanyAccount; cardId?: number; chargeId?: string }
  /**
   * A lead or a call bought: the company pays the marketplace. With vendorId and
   * vendorCents, that part of the price goes to the vendor's payable account and the
   * rest to revenue (the engine's sales); without, all of it is revenue.
   */
  | { kind: 'purchase'; product: 'leads' | 'calls'; companyId: number; amountCents: number; leadId?: number; callId?: number;
      vendorId?: number; vendorCents?: number; account?: CompanyAccount } & Subsidy
  /**
   * An approved return: the lead's price goes back to the buyer. With vendorId and
   * vendorCents (the share the purchase credited), that part comes back from the vendor's
   * payable account and the rest from revenue, so the refund mirrors the purchase.
   */
  | { kind: 'return_refund'; companyId: number; amountCents: number; leadId: number; vendorId?: number; vendorCents?: number;
      account?: CompanyAccount } & Subsidy
  /** An admin's credit (document 002: credit, cancellation_credit, refund). */
  | { kind: 'credit'; companyId: number; amountCents: number; creditType?: CreditType }
  /** An admin's debit. */
  | { kind: 'debit'; companyId: number; amountCents: number }
  /** Courtesy credit or debit, against the marketplace's courtesy expense. */
  | { kind: 'courtesy_credit'; companyId: number; amountCents: number }
  | { kind: 'courtesy_debit'; companyId: number; amountCents: number }
  /** From one company's balance to another's. companyId sends. */
  | { kind: 'transfer'; companyId: number; toCompanyId: number; amountCents: number }
  /** A promotion pays part of a purchase (cost share). */
  | { kind: 'promotion_subsidy'; companyId: number; amountCents: number; promotionId?: number; leadId?: number }
  /** A lead list bought (the marketplace's own aged leads: all of it is revenue). */
  | { kind: 'list_purchase'; companyId: number; amountCents: number; listId: number }
  /** Records of a list dropped by the delivery scrub: their price back from revenue. */
  | { kind: 'list_refund'; companyId: number; amountCents: number; listId: number }
  /**
   * A promotion's budget put up (funding: from the marketplace's promotion expense into the
   * promotion's own account) or taken back (defunding: what is left, when the budget is
   * lowered or the promotion archived). No company: companyId is absent.
   */
  | { kind: 'promotion_funding' | 'promotion_defunding'; promotionId: number; amountCents: number; companyId?: undefined };

/**
 * `account` of a purchase or a refund: the company account that pays (or is paid back):
 * its balance, or its growth funds for an order of a CLD growth package.
 *
 * A promotion's share of a purchase (cost share): `subsidyCents` of the price comes from
 * the promotion's budget account instead of the buyer's balance; a refund gives each part
 * back to whoever paid it.
 */
export type Subsidy = {
  promotionId?: number;
  subsidyCents?: number;
};


/** The kind stored on ledger_transactions (what the billing log shows). */
export type TransactionKind =
  | 'deposit' | 'growth_deposit' | 'lead_purchase' | 'call_purchase' | 'lead_return' | 'credit' | 'refund'
  | 'cancellation_credit' | 'debit' | 'charge' | 'courtesy_credit' | 'courtesy_debit' | 'transfer' | 'promotion_subsidy'
  | 'list_purchase' | 'list_refund' | 'promotion_funding' | 'promotion_defunding';

export interface MovementMeta {
  /** Idempotency key: the same key moves money at most once. Name the cause: 'purchase:lead:42'. */
  key: string;
  /** The server's clock (never Date.now()). */
  at: Date;
  /** The user who asked for it (admins' credits, deposits); null for the engine and jobs. */
  createdBy?: number | null;
  memo?: string;
}

export interface MovementResult {
  transactionId: number;
  kind: TransactionKind;
  key: string;
  /** 0 for a movement of no company's (a promotion's funding). */
  companyId: number;
  amountCents: number;
  /** The company account's balance right after this movement (growth funds for a growth deposit; the budget left for a promotion's funding). */
  balanceCents: number;
  /** A transfer: the receiving company's balance right after it. */
  toBalanceCents?: number;
  createdAt: Date;
  /** True when the key had moved money already: this is the first result, nothing moved now. */
  replayed: boolean;
}
