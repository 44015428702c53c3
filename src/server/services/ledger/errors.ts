/** The ledger's refusals. HTTP handlers map them: 400, 409, 422. */
export class LedgerError extends Error {
  constructor(
    readonly code: 'invalid_movement' | 'idempotency_conflict' | 'insufficient_funds',
    message: string,
    /** The request field at fault (invalid_movement). */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'LedgerError';
  }

  /** The HTTP status a handler answers with. */
  get status(): 400 | 409 | 422 {
    return this.code === 'invalid_movement' ? 400 : this.code === 'idempotency_conflict' ? 409 : 422;
  }
}

export const insufficientFunds = () => new LedgerError('insufficient_funds', 'Insufficient funds');
export const idempotencyConflict = (key: string) =>
  new LedgerError('idempotency_conflict', `The idempotency key ${key} was used for another request`);
export const invalidMovement = (field: string, message: string) => new LedgerError('invalid_movement', message, field);

/** PostgreSQL's refusal of a balance below its floor (the CHECK is the guarantee behind the service's check). */
export function isFloorViolation(e: unknown): boolean {
  const err = e as { code?: string; constraint?: string; message?: string };
  return err?.code === '23514' && (err.constraint === 'ledger_balances_floor' || /ledger_balances_floor/.test(err.message ?? ''));
}
