import { randomUUID } from 'node:crypto';
import { BILLING_DESIGNED_MSG, BILLING_MSG, billingText } from '../../domain/billing/messages';
import { amountError, debitTypeLabel, type ChargeKind, type DebitType } from '../../domain/billing/limits';
import { BILLING_LOG_RANGE, STATEMENT_RANGE } from '../../domain/billing/dates';
import { financialSummary } from '../../domain/billing/financial';
import { movementLabel } from '../../domain/billing/log';
import { formatCents } from '../../domain/money/format';
import { eligibleRechargeCardIds, rechargeErrors, mayChooseBillingType, type BillingType } from '../../domain/billing/recharge';
import { cardMemo } from '../../domain/billing/cards';
import { transferErrors } from '../../domain/billing/transfer';
import { cardDigits, luhnValid } from '../../domain/money';
import { dateRangeErrors, type DateRangeRule } from '../../domain/time/range';
import { dayRangeIn, dayStartIn, isoDayIn } from '../../domain/time/zone';
import { DESIGNED_MSG } from '../../domain/messages';
import { formatDateTime } from '../../domain/time-format';
import { inScope, lookupScope } from '../../domain/access/scope';
import type { AppContext } from '../context';
import {
  billingRecord, findCompany, listCompanies, rechargeCardFacts, type CompanyRow,
} from '../services/billing/billing';
import { changeCard, dropCard, postOneMovement, saveRechargeSetup, stopRecharge, type ChangedBy } from '../services/billing/changes';
import { renderStatementPdf } from '../services/billing/statement-pdf';
import { LedgerError, listActivity, statement, type Movement } from '../services/ledger';
import { addCard, depositFromCard, getCard, PaymentPendingError, type DepositOutcome } from '../services/payments';
import { asActor, findUserById, type UserRow } from '../services/users';
import { authorize, scopeCallerOf } from './caller';
import { HttpError, badRequest, type FieldError } from './errors';
import { authOf, sessionOwner, type RequestAuth } from './guard';
import type { Handlers } from './operations';

/** A refusal of the ledger or the gateway as the API's one error body. */
function moneyError(e: unknown): never {
  if (e instanceof LedgerError) {
    const errors: FieldError[] | undefined = e.field ? [{ field: e.field, message: e.message }] : undefined;
    throw new HttpError(e.status, e.message, e.code, errors);
  }
  if (e instanceof PaymentPendingError) throw new HttpError(503, e.message, 'payment_pending');
  throw e;
}

const refuseFields = (errors: FieldError[]): never => {
  throw badRequest(errors[0].message, errors);
};

/** The idempotency key of one request: the client's (per attempt), else a fresh one. */
const keyOf = (kind: string, companyId: number, client: string | undefined) => `billing:${kind}:${companyId}:${client ?? randomUUID()}`;

export function billingHandlers(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  const payments = { db, clock, payments: ctx.payments };

  /**
   * The company a request is about, if the caller may see it (the scope of companies,
   * src/domain/access/scope): an admin (also when switched) any company, anyone else only
   * their own; another company is a 403 whether it exists or not.
   */
  async function companyFor(auth: RequestAuth, companyId: number): Promise<CompanyRow> {
    if (!inScope(lookupScope(await scopeCallerOf(db, auth), 'company'), { companyId })) throw new HttpError(403, DESIGNED_MSG.notAllowed);
    const company = await findCompany(db, companyId);
    if (!company) throw new HttpError(404, BILLING_DESIGNED_MSG.companyMissing);
    return company;
  }

  const zoneOf = (auth: RequestAuth) => auth.user.timezone;
  const changedBy = (auth: RequestAuth): ChangedBy => ({ userId: auth.user.id, originalUserId: auth.original?.id ?? null, ownerId: sessionOwner(auth).id, at: clock.now() });
  const record = (company: CompanyRow, auth: RequestAuth) => billingRecord(db, company, zoneOf(auth));

  /** A target user of an admin's money operation, with a company. */
  async function billedUser(auth: RequestAuth, userId: number, action: 'courtesyMoney'): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw new HttpError(404, DESIGNED_MSG.userMissing);
    authorize(action, auth, user);
    return user;
  }

  /** Post one admin movement and answer with the message and the new balance. */
  async function move(auth: RequestAuth, movement: Movement, key: string, memo: string, ok: string) {
    try {
      const result = await postOneMovement(db, movement, { key, at: clock.now(), createdBy: sessionOwner(auth).id, memo });
      return { message: ok, balance: result.balanceCents };
    } catch (e) {
      return moneyError(e);
    }
  }

  function checkAmount(cents: number, kind: ChargeKind, auth: RequestAuth): void {
    const problem = amountError(cents, kind, asActor(sessionOwner(auth)));
    if (problem) refuseFields([{ field: 'amount', message: problem }]);
  }

  /** A courtesy credit (or its reversal) on the user's company, paid by the marketplace. */
  async function courtesy(auth: RequestAuth, userId: number, body: { amount: number; notes?: string; idempotencyKey?: string }, way: 'credit' | 'debit') {
    const user = await billedUser(auth, userId, 'courtesyMoney');
    if (user.company_id === null) throw new HttpError(422, BILLING_DESIGNED_MSG.noCompany);
    checkAmount(body.amount, way === 'credit' ? 'courtesy-credit' : 'courtesy-debit', auth);
    const ok = billingText(way === 'credit' ? BILLING_MSG.credited : BILLING_MSG.debited, { X: formatCents(body.amount) });
    const movement = { kind: way === 'credit' ? 'courtesy_credit' : 'courtesy_debit', companyId: user.company_id, amountCents: body.amount } as const;
    return move(auth, movement, keyOf(`courtesy-${way}`, user.company_id, body.idempotencyKey), body.notes ?? '', ok);
  }

  async function depositInto(account: 'balance' | 'growth', auth: RequestAuth, companyId: number, body: { cardId: number; chargeAmount: number; idempotencyKey?: string }) {
    const company = await companyFor(auth, companyId);
    const problem = amountError(body.chargeAmount, 'deposit', asActor(sessionOwner(auth)));
    if (problem) refuseFields([{ field: 'chargeAmount', message: problem }]);
    const card = await getCard(db, company.id, body.cardId);
    if (!card) refuseFields([{ field: 'cardId', message: BILLING_DESIGNED_MSG.cardMissing }]);
    let outcome: DepositOutcome;
    try {
      outcome = await depositFromCard(payments, {
        companyId: company.id,
        cardId: body.cardId,
        amountCents: body.chargeAmount,
        account,
        key: keyOf(account === 'growth' ? 'growth-deposit' : 'deposit', company.id, body.idempotencyKey),
        createdBy: sessionOwner(auth).id,
        memo: cardMemo(card!),
      });
    } catch (e) {
      return moneyError(e);
    }
    if (outcome.status === 'declined') throw new HttpError(422, outcome.message, outcome.code, [{ field: 'cardId', message: outcome.message }]);
    const balance = outcome.movement.balanceCents;
    return { message: billingText(BILLING_MSG.deposited, { X: formatCents(body.chargeAmount), B: formatCents(balance) }), balance };
  }

  async function saveSetup(auth: RequestAuth, companyId: number, type: BillingType, body: {
    type: BillingType; chargeAmount: number; withdrawalThreshold?: number; effectiveDate: string; ctCards: number[];
  }) {
    const company = await companyFor(auth, companyId);
    if (body.type !== type) refuseFields([{ field: 'type', message: `must be ${type} here` }]);
    if (type === 'subscription' && !mayChooseBillingType(asActor(sessionOwner(auth)))) throw new HttpError(403, BILLING_DESIGNED_MSG.typeOnlySuperAdmin);
    const today = isoDayIn(clock.now(), zoneOf(auth));
    const setup = {
      type,
      chargeCents: body.chargeAmount,
      thresholdCents: body.withdrawalThreshold ?? (type === 'ct' ? -1 : 0),
      effectiveDate: body.effectiveDate,
      cardIds: body.ctCards,
    };
    // The same rule as the recharge tab's, on the user's day: only eligible, unexpired cards.
    const errors = rechargeErrors(setup, today, eligibleRechargeCardIds(await rechargeCardFacts(db, company.id), today));
    if (errors.length) refuseFields(errors);
    try {
      await saveRechargeSetup(db, company.id, {
        billingType: type,
        amountCents: setup.chargeCents,
        thresholdCents: Math.max(setup.thresholdCents, 0),
        // The day starts in the user's zone; today means now.
        effectiveAt: body.effectiveDate === today ? clock.now() : dayStartIn(body.effectiveDate, zoneOf(auth)),
        cardIds: body.ctCards,
      }, changedBy(auth), body);
    } catch (e) {
      return moneyError(e);
    }
    return record(company, auth);
  }

  /** Days in the user's zone, checked by their rule against the user's today → the instants [from, to + 1 day). */
  function range(auth: RequestAuth, q: { dateFrom: string; dateTo: string }, rule: DateRangeRule) {
    const zone = zoneOf(auth);
    const days = { from: q.dateFrom, to: q.dateTo };
    const errors = dateRangeErrors(days, rule, isoDayIn(clock.now(), zone));
    if (errors.length) refuseFields(errors);
    return dayRangeIn(days, zone);
  }

  return {
    async listBillingCompanies() {
      return { results: await listCompanies(db) };
    },

    async getBillingCompany(req) {
      const auth = authOf(req);
      return record(await companyFor(auth, req.params.companyId), auth);
    },

    async addCard(req, reply) {
      const auth = authOf(req);
      const company = await companyFor(auth, req.params.companyId);
      const b = req.body;
      if (!luhnValid(b.number)) refuseFields([{ field: 'number', message: BILLING_DESIGNED_MSG.cardNumberInvalid }]);
      const added = await addCard(payments, {
        companyId: company.id,
        userId: auth.user.id,
        card: { number: cardDigits(b.number), expMonth: b.expirationMonth, expYear: b.expirationYear, cvv: b.cvv },
        autoBillingEligible: b.autoBillingEligible ?? true,
      });
      if (!added.ok) {
        const field = added.code === 'invalid_cvv' ? 'cvv' : added.code === 'expired_card' ? 'expirationYear' : 'number';
        throw new HttpError(422, added.message, added.code, [{ field, message: added.message }]);
      }
      reply.code(201);
      return record(company, auth);
    },

    async updateCard(req) {
      const auth = authOf(req);
      const company = await companyFor(auth, req.params.companyId);
      const found = await changeCard(db, company.id, req.params.cardId, req.body);
      if (!found) throw new HttpError(404, BILLING_DESIGNED_MSG.cardMissing);
      return record(company, auth);
    },

    async removeCard(req) {
      const auth = authOf(req);
      const company = await companyFor(auth, req.params.companyId);
      const removed = await dropCard(db, company.id, req.params.cardId, asActor(sessionOwner(auth)), clock.now());
      if (!removed.ok && removed.reason === 'missing') throw new HttpError(404, BILLING_DESIGNED_MSG.cardMissing);
      if (!removed.ok) throw new HttpError(422, BILLING_DESIGNED_MSG.removalRefused, 'card_required');
      return { message: `${BILLING_MSG.cardRemovedPrefix} ${removed.lastFour}`, lastFour: removed.lastFour };
    },

    async deposit(req) {
      return depositInto('balance', authOf(req), req.params.companyId, req.body);
    },

    async depositCldGrowth(req) {
      return depositInto('growth', authOf(req), req.params.companyId, req.body);
    },

    async setRecurring(req) {
      return saveSetup(authOf(req), req.params.companyId, 'ct', req.body);
    },

    async setSubscription(req) {
      return saveSetup(authOf(req), req.params.companyId, 'subscription', req.body);
    },

    async deactivateRecharge(req) {
      const auth = authOf(req);
      const company = await companyFor(auth, req.params.companyId);
      await stopRecharge(db, company.id, changedBy(auth));
      return record(company, auth);
    },

    async creditAccount(req) {
      const auth = authOf(req);
      const company = await companyFor(auth, req.params.companyId);
      const b = req.body;
      if (b.type !== 'credit') refuseFields([{ field: 'type', message: 'must be credit here' }]);
      checkAmount(b.amount, 'credit', auth);
      const ok = billingText(BILLING_MSG.credited, { X: formatCents(b.amount) });
      return move(auth, { kind: 'credit', companyId: company.id, amountCents: b.amount, creditType: 'credit' }, keyOf('credit', company.id, b.idempotencyKey), b.note ?? '', ok);
    },

    async debitAccount(req) {
      const auth = authOf(req);
      const company = await companyFor(auth, req.params.companyId);
      const b = req.body;
      if (b.type === 'credit') refuseFields([{ field: 'type', message: 'must be cancellation_credit or refund' }]);
      checkAmount(b.amount, 'debit', auth);
      const memo = [debitTypeLabel(b.type as DebitType), b.note].filter(Boolean).join(': ');
      const ok = billingText(BILLING_MSG.debited, { X: formatCents(b.amount) });
      return move(auth, { kind: 'debit', companyId: company.id, amountCents: b.amount }, keyOf('debit', company.id, b.idempotencyKey), memo, ok);
    },

    async courtesyCredit(req) {
      return courtesy(authOf(req), req.params.userId, req.body, 'credit');
    },

    async courtesyDebit(req) {
      return courtesy(authOf(req), req.params.userId, req.body, 'debit');
    },

    async transferFunds(req) {
      const auth = authOf(req);
      const company = await companyFor(auth, req.params.companyId);
      const b = req.body;
      const errors = transferErrors({ toCompanyId: b.toCompanyId, fromCompanyId: company.id, amountCents: b.amount });
      if (errors.length) throw badRequest(BILLING_MSG.fixErrors, errors);
      checkAmount(b.amount, 'transfer', auth);
      if (!(await findCompany(db, b.toCompanyId))) refuseFields([{ field: 'toCompanyId', message: BILLING_DESIGNED_MSG.companyMissing }]);
      const movement = { kind: 'transfer', companyId: company.id, toCompanyId: b.toCompanyId, amountCents: b.amount } as const;
      return move(auth, movement, keyOf('transfer', company.id, b.idempotencyKey), b.note ?? '', BILLING_MSG.transferred);
    },

    async listBillingLog(req) {
      const auth = authOf(req);
      const company = await companyFor(auth, req.params.companyId);
      const { from, to } = range(auth, req.query, BILLING_LOG_RANGE);
      const limit = req.query.limit ?? 10;
      const { rows, count } = await listActivity(db, company.id, { from, to, limit, offset: req.query.skip ?? 0 });
      return {
        results: rows.map((r) => ({
          id: r.transactionId * 10 + (r.account === 'growth' ? 1 : 0),
          date: r.createdAt.toISOString(),
          kind: r.kind,
          label: (r.account === 'growth' && r.kind !== 'growth_deposit' ? 'Growth funds: ' : '') + movementLabel(r.kind, r.amountCents),
          amount: r.amountCents,
          memo: r.memo,
        })),
        meta: { count },
      };
    },

    /** The financial report: the statement's own rows for the period, summed (domain/billing/financial.ts). */
    async getFinancialReport(req) {
      const auth = authOf(req);
      const company = await companyFor(auth, req.body.companyId);
      const { from, to } = range(auth, req.body, STATEMENT_RANGE);
      const s = await statement(db, company.id, { from, to });
      return {
        asOf: clock.now().toISOString(), companyId: company.id, dateFrom: req.body.dateFrom, dateTo: req.body.dateTo,
        ...financialSummary(s.openingCents, s.rows),
      };
    },

    async getBillingStatement(req, reply) {
      const auth = authOf(req);
      const company = await companyFor(auth, req.params.companyId);
      const zone = zoneOf(auth);
      const { dateFrom, dateTo } = req.query;
      const { from, to } = range(auth, req.query, STATEMENT_RANGE);
      const s = await statement(db, company.id, { from, to });
      const pdf = await renderStatementPdf({
        company,
        from: dateFrom,
        to: dateTo,
        generatedAt: formatDateTime(clock.now(), zone),
        timeZone: zone,
        openingCents: s.openingCents,
        closingCents: s.closingCents,
        lines: s.rows.map((r) => ({
          when: formatDateTime(r.createdAt, zone),
          label: movementLabel(r.kind, r.amountCents),
          memo: r.memo,
          amountCents: r.amountCents,
          balanceCents: r.balanceAfterCents,
        })),
      });
      const slug = company.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || `company-${company.id}`;
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="billing-statement-${slug}-${dateFrom}-${dateTo}.pdf"`);
      return reply.send(pdf);
    },
  };
}
