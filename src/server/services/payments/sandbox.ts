import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../domain/clock';
import { expiryState, isExpiryMonth } from '../../../domain/billing/cards';
import { cardBrand, cardDigits, cvvValid, lastFourOf, luhnValid } from '../../../domain/money';
import type { Queryable } from '../../db/db';
import type { JobLog } from '../job-monitor';
import {
  GatewayIdempotencyError, GatewayUnavailableError,
  type CardInput, type ChargeRequest, type ChargeResult, type DeclineCode, type PaymentGateway, type TokenizedCard,
} from './gateway';

/**
 * The sandbox gateway: a real gateway's test mode. It keeps its own books (tables
 * payment_sandbox_*, standing in for the remote service, so every server instance sees
 * the same charges), answers by test card number, and can be slow or fail on purpose.
 *
 * Test cards (any future expiry, any CVV of the right length):
 *   4242 4242 4242 4242  Visa, succeeds        5555 5555 5555 4444  Mastercard, succeeds
 *   4111 1111 1111 1111  Visa, succeeds        3782 822463 10005    American Express, succeeds
 *   6011 1111 1111 1117  Discover, succeeds
 *   4000 0000 0000 9995  declined at charge: insufficient funds
 *   4000 0000 0000 0069  declined at charge: expired card
 *   4000 0000 0000 9979  declined at charge: stolen card
 *   4000 0000 0000 0002  declined at charge: generic decline
 * Any other number passing the Luhn check succeeds. A number failing it, a past expiry
 * or a CVV of the wrong length is refused at tokenisation.
 */
export const SANDBOX_TEST_CARDS: Record<string, { outcome: 'succeeded' | DeclineCode; note: string }> = {
  '4242424242424242': { outcome: 'succeeded', note: 'Visa' },
  '4111111111111111': { outcome: 'succeeded', note: 'Visa' },
  '5555555555554444': { outcome: 'succeeded', note: 'Mastercard' },
  '378282246310005': { outcome: 'succeeded', note: 'American Express' },
  '6011111111111117': { outcome: 'succeeded', note: 'Discover' },
  '4000000000009995': { outcome: 'insufficient_funds', note: 'Declined: insufficient funds' },
  '4000000000000069': { outcome: 'expired_card', note: 'Declined: expired card' },
  '4000000000009979': { outcome: 'stolen_card', note: 'Declined: stolen card' },
  '4000000000000002': { outcome: 'card_declined', note: 'Declined' },
};

export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  stolen_card: 'Your card was declined.',
  card_declined: 'Your card was declined.',
  invalid_number: 'Your card number is incorrect.',
  invalid_cvv: "Your card's security code is incorrect.",
};

/** A fault the next charge meets: the gateway unreachable, or its answer lost after it charged. */
export type SandboxFault = 'unavailable' | 'lost-response';

export interface SandboxOptions {
  db: Queryable;
  clock: Clock;
  /** Hears the failures of work its client stopped waiting for. */
  log: JobLog;
  /** Each call takes this long (ms). */
  latencyMs?: number;
  /** The client gives up after this long (ms); a slower answer is a GatewayUnavailableError, though the charge goes through. */
  timeoutMs?: number;
}

export interface SandboxGateway extends PaymentGateway {
  /** Faults for the next charges, consumed one per charge (tests). */
  readonly faults: SandboxFault[];
  /** Change the latency and timeout (tests, the load run). */
  configure(o: { latencyMs?: number; timeoutMs?: number }): void;
}

const decline = (code: DeclineCode) => ({ status: 'declined' as const, code, message: DECLINE_MESSAGES[code] });

/** After `ms`, or at once when ms is 0. */
const pause = (ms: number, signal?: AbortSignal) =>
  ms <= 0 ? Promise.resolve() : new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new GatewayUnavailableError('The payment request was cancelled'));
    }, { once: true });
  });

export function createSandboxGateway(opts: SandboxOptions): SandboxGateway {
  const { db, clock, log } = opts;
  let latencyMs = opts.latencyMs ?? 0;
  let timeoutMs = opts.timeoutMs ?? 10_000;
  const faults: SandboxFault[] = [];

  /** Run `work` after the latency; the caller waits at most timeoutMs for it. */
  async function call<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (latencyMs <= timeoutMs) {
      await pause(latencyMs, signal);
      return work();
    }
    // Too slow: the gateway still does the work, the client stops waiting (and finds the
    // outcome by reconciling); a failure of that work has no caller left but the log.
    void pause(latencyMs).then(work).catch((err: unknown) => log.error({ err }, 'the sandbox gateway failed work its client stopped waiting for'));
    await pause(timeoutMs, signal);
    throw new GatewayUnavailableError();
  }

  const expired = (month: number, year: number) => expiryState(month, year, clock.now()) === 'expired';

  async function stored(key: string): Promise<{ token: string; amount_cents: number; outcome: string; charge_id: string } | null> {
    const { rows } = await db.query<{ token: string; amount_cents: number; outcome: string; charge_id: string }>(
      'SELECT token, amount_cents, outcome, charge_id FROM payment_sandbox_charges WHERE idempotency_key = $1', [key]);
    return rows[0] ?? null;
  }
  const asResult = (r: { amount_cents: number; outcome: string; charge_id: string }): ChargeResult =>
    r.outcome === 'succeeded' ? { status: 'succeeded', chargeId: r.charge_id, amountCents: r.amount_cents } : decline(r.outcome as DeclineCode);

  async function doCharge(req: ChargeRequest): Promise<ChargeResult> {
    const { rows: cards } = await db.query<{ outcome: string; exp_month: number; exp_year: number }>(
      'SELECT outcome, exp_month, exp_year FROM payment_sandbox_cards WHERE token = $1', [req.token]);
    const card = cards[0];
    const outcome = !card ? 'card_declined' : expired(card.exp_month, card.exp_year) ? 'expired_card' : card.outcome;
    const chargeId = `ch_sbx_${randomBytes(12).toString('hex')}`;
    const { rows } = await db.query<{ charge_id: string }>(
      `INSERT INTO payment_sandbox_charges (idempotency_key, charge_id, token, amount_cents, outcome, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING RETURNING charge_id`,
      [req.idempotencyKey, chargeId, req.token, req.amountCents, outcome, clock.now()]);
    if (rows.length === 0) {
      const first = (await stored(req.idempotencyKey))!;
      if (first.token !== req.token || first.amount_cents !== req.amountCents) throw new GatewayIdempotencyError(req.idempotencyKey);
      return asResult(first);
    }
    return asResult({ amount_cents: req.amountCents, outcome, charge_id: chargeId });
  }

  return {
    name: 'sandbox',
    faults,
    configure(o) {
      latencyMs = o.latencyMs ?? latencyMs;
      timeoutMs = o.timeoutMs ?? timeoutMs;
    },
    async tokenize(input: CardInput, o) {
      return call(async () => {
        const digits = cardDigits(input.number);
        const brand = cardBrand(digits);
        if (!luhnValid(digits)) return { ok: false as const, code: 'invalid_number' as const, message: DECLINE_MESSAGES.invalid_number };
        if (!cvvValid(input.cvv, brand)) return { ok: false as const, code: 'invalid_cvv' as const, message: DECLINE_MESSAGES.invalid_cvv };
        const validDate = isExpiryMonth(input.expMonth) && Number.isInteger(input.expYear);
        if (!validDate || expired(input.expMonth, input.expYear)) {
          return { ok: false as const, code: 'expired_card' as const, message: DECLINE_MESSAGES.expired_card };
        }
        const token = `tok_sbx_${randomBytes(12).toString('hex')}`;
        await db.query('INSERT INTO payment_sandbox_cards (token, outcome, exp_month, exp_year, created_at) VALUES ($1, $2, $3, $4, $5)',
          [token, SANDBOX_TEST_CARDS[digits]?.outcome ?? 'succeeded', input.expMonth, input.expYear, clock.now()]);
        const card: TokenizedCard = { token, brand, lastFour: lastFourOf(digits), expMonth: input.expMonth, expYear: input.expYear };
        return { ok: true as const, card };
      }, o?.signal);
    },
    async charge(req, o) {
      const fault = faults.shift();
      if (fault === 'unavailable') throw new GatewayUnavailableError();
      const result = await call(() => doCharge(req), o?.signal);
      if (fault === 'lost-response') throw new GatewayUnavailableError();
      return result;
    },
    async findCharge(key) {
      const r = await stored(key);
      return r ? asResult(r) : null;
    },
  };
}
