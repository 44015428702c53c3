/**
 * The ledger: the only writer of ledger_accounts, ledger_transactions and ledger_entries
 * (README.md in this folder).
 */
export { postMovement, postMovements } from './post';
export { getBalance, getBalances, listActivity, statement, verifyLedger, ledgerSound, purchasePayer, purchaseVendorShare } from './read';

/** The idempotency key of a sale's purchase: one per lead sold, one per call charged. */
export const purchaseKey = (product: 'leads' | 'calls', id: number): string => `purchase:${product === 'calls' ? 'call' : 'lead'}:${id}`;
export { LedgerError } from './errors';
export type { CompanyAccount, Movement, MovementMeta, MovementResult } from './types';
