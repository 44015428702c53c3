import { isPositiveCents } from '../../../domain/money';
import { invalidMovement } from './errors';
import type { Movement, Subsidy, TransactionKind } from './types';

/** An account by owner: a company's own, or one of the marketplace's. */
export type AccountRef =
  | { kind: 'company_balance' | 'company_growth'; companyId: number }
  | { kind: 'card_clearing' | 'revenue' | 'courtesy_expense' | 'adjustments' | 'promotion_expense'; companyId?: undefined }
  | { kind: 'vendor_payable'; vendorId: number; companyId?: undefined }
  /** A promotion's budget: guarded like a company's balance (it never goes below zero). */
  | { kind: 'promotion_budget'; promotionId: number; companyId?: undefined };

export interface Plan {
  kind: TransactionKind;
  /** Null for a movement of no company's (a promotion's funding). */
  companyId: number | null;
  amountCents: number;
  /** Entries: each the change to one account's balance; they sum to zero. */
  legs: Array<{ account: AccountRef; amountCents: number }>;
  /** References kept on the transaction (leadId, cardId...). */
  detail: Record<string, unknown>;
  /** Whose balance the result reports, and the receiver's for a transfer. */
  reports: AccountRef;
  reportsTo?: AccountRef;
}

const balance = (companyId: number): AccountRef => ({ kind: 'company_balance', companyId });
const companyAccount = (companyId: number, account: unknown): AccountRef => {
  if (account !== undefined && account !== 'balance' && account !== 'growth') throw invalidMovement('account', 'account must be balance or growth');
  return account === 'growth' ? { kind: 'company_growth', companyId } : balance(companyId);
};
const market = (kind: Exclude<AccountRef['kind'], 'company_balance' | 'company_growth' | 'vendor_payable' | 'promotion_budget'>): AccountRef => ({ kind });
const budget = (promotionId: number): AccountRef => ({ kind: 'promotion_budget', promotionId });

/** `to` receives, `from` pays. */
const move = (from: AccountRef, to: AccountRef, cents: number) => [
  { account: from, amountCents: -cents },
  { account: to, amountCents: cents },
];

const isId = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
const optionalIds = (m: Record<string, unknown>, fields: string[]): Record<string, unknown> => {
  const detail: Record<string, unknown> = {};
  for (const f of fields) {
    if (m[f] === undefined) continue;
    if (!isId(m[f]) && !(f === 'chargeId' && typeof m[f] === 'string')) throw invalidMovement(f, `${f} is not valid`);
    detail[f] = m[f];
  }
  return detail;
};

/**
 * A purchase: the buyer pays (less a promotion's subsidy, which its budget pays); the
 * vendor's share (if any) to its payable account, the rest to revenue.
 */
function purchaseLegs(payer: AccountRef, cents: number, vendorId: unknown, vendorCents: unknown, subsidy: Subsidy): Plan['legs'] {
  const payers = payerLegs(payer, cents, subsidy);
  if (vendorId === undefined && vendorCents === undefined) return [...payers, { account: market('revenue'), amountCents: cents }];
  if (!isId(vendorId)) throw invalidMovement('vendorId', 'vendorId must be a positive integer');
  if (typeof vendorCents !== 'number' || !Number.isSafeInteger(vendorCents) || vendorCents < 0 || vendorCents > cents)
    throw invalidMovement('vendorCents', 'vendorCents must be whole cents between 0 and the amount');
  const legs = payers;
  if (vendorCents > 0) legs.push({ account: { kind: 'vendor_payable', vendorId }, amountCents: vendorCents });
  if (cents - vendorCents > 0) legs.push({ account: market('revenue'), amountCents: cents - vendorCents });
  return legs;
}

/** Who pays a price: the buyer, and a promotion's budget for its subsidy (at most the price). */
function payerLegs(payer: AccountRef, cents: number, { promotionId, subsidyCents }: Subsidy): Plan['legs'] {
  if (promotionId === undefined && (subsidyCents === undefined || subsidyCents === 0)) return [{ account: payer, amountCents: -cents }];
  if (!isId(promotionId)) throw invalidMovement('promotionId', 'promotionId must be a positive integer');
  if (typeof subsidyCents !== 'number' || !Number.isSafeInteger(subsidyCents) || subsidyCents < 1 || subsidyCents > cents)
    throw invalidMovement('subsidyCents', 'subsidyCents must be whole cents between 1 and the amount');
  const legs: Plan['legs'] = [{ account: budget(promotionId), amountCents: -subsidyCents }];
  if (cents > subsidyCents) legs.unshift({ account: payer, amountCents: -(cents - subsidyCents) });
  return legs;
}

/** The balanced entries of a movement, or a LedgerError for a malformed one. */
export function plan(m: Movement): Plan {
  if (m.kind === 'promotion_funding' || m.kind === 'promotion_defunding') return promotionFunding(m);
  if (!isId(m.companyId)) throw invalidMovement('companyId', 'companyId must be a positive integer');
  if (!isPositiveCents(m.amountCents)) throw invalidMovement('amountCents', 'amountCents must be a positive whole number of cents');
  const c = m.companyId;
  const cents = m.amountCents;
  const base = { companyId: c, amountCents: cents, reports: balance(c) };
  switch (m.kind) {
    case 'deposit': {
      const growth = m.account === 'growth';
      if (m.account !== undefined && m.account !== 'balance' && !growth) throw invalidMovement('account', 'account must be balance or growth');
      const to: AccountRef = growth ? { kind: 'company_growth', companyId: c } : balance(c);
      return { ...base, kind: growth ? 'growth_deposit' : 'deposit', legs: move(market('card_clearing'), to, cents), reports: to,
        detail: optionalIds(m, ['cardId', 'chargeId']) };
    }
    case 'purchase':
      if (m.product !== 'leads' && m.product !== 'calls') throw invalidMovement('product', 'product must be leads or calls');
      return { ...base, kind: m.product === 'calls' ? 'call_purchase' : 'lead_purchase', reports: companyAccount(c, m.account),
        legs: purchaseLegs(companyAccount(c, m.account), cents, m.vendorId, m.vendorCents, m),
        detail: optionalIds(m, ['leadId', 'callId', 'vendorId', 'promotionId']) };
    case 'return_refund':
      if (!isId(m.leadId)) throw invalidMovement('leadId', 'leadId must be a positive integer');
      // The purchase's legs with their signs turned: the buyer is paid back by whoever was paid.
      return { ...base, kind: 'lead_return', detail: optionalIds(m, ['leadId', 'vendorId', 'promotionId']), reports: companyAccount(c, m.account),
        legs: purchaseLegs(companyAccount(c, m.account), cents, m.vendorId, m.vendorCents, m).map((leg) => ({ ...leg, amountCents: -leg.amountCents })) };
    case 'credit': {
      const type = m.creditType ?? 'credit';
      if (!['credit', 'cancellation_credit', 'refund'].includes(type)) throw invalidMovement('creditType', 'creditType must be credit, cancellation_credit or refund');
      return { ...base, kind: type, legs: move(market('adjustments'), balance(c), cents), detail: {} };
    }
    case 'debit':
      return { ...base, kind: 'debit', legs: move(balance(c), market('adjustments'), cents), detail: {} };
    case 'courtesy_credit':
      return { ...base, kind: 'courtesy_credit', legs: move(market('courtesy_expense'), balance(c), cents), detail: {} };
    case 'courtesy_debit':
      return { ...base, kind: 'courtesy_debit', legs: move(balance(c), market('courtesy_expense'), cents), detail: {} };
    case 'transfer':
      if (!isId(m.toCompanyId)) throw invalidMovement('toCompanyId', 'toCompanyId must be a positive integer');
      if (m.toCompanyId === c) throw invalidMovement('toCompanyId', 'A transfer goes to another company');
      return { ...base, kind: 'transfer', legs: move(balance(c), balance(m.toCompanyId), cents), detail: { toCompanyId: m.toCompanyId },
        reportsTo: balance(m.toCompanyId) };
    case 'promotion_subsidy':
      return { ...base, kind: 'promotion_subsidy', legs: move(market('promotion_expense'), balance(c), cents),
        detail: optionalIds(m, ['promotionId', 'leadId']) };
    case 'list_purchase':
    case 'list_refund': {
      if (!isId(m.listId)) throw invalidMovement('listId', 'listId must be a positive integer');
      const legs = move(balance(c), market('revenue'), cents);
      return { ...base, kind: m.kind, detail: { listId: m.listId },
        legs: m.kind === 'list_purchase' ? legs : legs.map((leg) => ({ ...leg, amountCents: -leg.amountCents })) };
    }
    default:
      throw invalidMovement('kind', `Unknown movement ${(m as { kind: unknown }).kind}`);
  }
}

/** A promotion's budget put up or taken back: between the promotion expense and the promotion's account. */
function promotionFunding(m: Extract<Movement, { kind: 'promotion_funding' | 'promotion_defunding' }>): Plan {
  if (!isId(m.promotionId)) throw invalidMovement('promotionId', 'promotionId must be a positive integer');
  if (!isPositiveCents(m.amountCents)) throw invalidMovement('amountCents', 'amountCents must be a positive whole number of cents');
  const to = budget(m.promotionId);
  const legs = m.kind === 'promotion_funding' ? move(market('promotion_expense'), to, m.amountCents) : move(to, market('promotion_expense'), m.amountCents);
  return { kind: m.kind, companyId: null, amountCents: m.amountCents, legs, reports: to, detail: { promotionId: m.promotionId } };
}
