/**
 * A payment gateway, as the server sees one. The sandbox (sandbox.ts) is the built-in
 * implementation; a real one (Stripe, Braintree...) implements the same interface.
 * Never call a gateway inside a database transaction.
 */

/** The card as typed by the user; it goes to the gateway and is never stored. */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvv: string;
}

/** What the server keeps of a card. */
export interface TokenizedCard {
  token: string;
  brand: string;
  lastFour: string;
  expMonth: number;
  expYear: number;
}

export type DeclineCode = 'insufficient_funds' | 'expired_card' | 'stolen_card' | 'card_declined' | 'invalid_number' | 'invalid_cvv';

export type ChargeResult =
  | { status: 'succeeded'; chargeId: string; amountCents: number }
  | { status: 'declined'; code: DeclineCode; message: string };

export interface ChargeRequest {
  token: string;
  amountCents: number;
  /** The same key again returns the first charge's result and charges nothing. */
  idempotencyKey: string;
  description: string;
}

export interface PaymentGateway {
  readonly name: string;
  /** Exchange a card for a token, or say why not (a decline: invalid number, expired...). */
  tokenize(card: CardInput, opts?: { signal?: AbortSignal }): Promise<{ ok: true; card: TokenizedCard } | { ok: false; code: DeclineCode; message: string }>;
  /** Charge a tokenised card. Throws GatewayUnavailableError on a timeout: the charge may or may not have happened. */
  charge(req: ChargeRequest, opts?: { signal?: AbortSignal }): Promise<ChargeResult>;
  /** The charge made under a key, if any (reconciliation after a timeout or a crash). */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
}

/** No answer in time (or no connection): the outcome is unknown; retry with the same key. */
export class GatewayUnavailableError extends Error {
  constructor(message = 'The payment gateway did not answer in time') {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}

/** The same idempotency key sent with another request. */
export class GatewayIdempotencyError extends Error {
  constructor(key: string) {
    super(`The gateway refused key ${key}: it was used for another charge`);
    this.name = 'GatewayIdempotencyError';
  }
}
