/**
 * The ledger: the only writer of ledger_accounts, ledger_transactions and ledger_entries
 * (README.md in this folder).
 */
export { postMovement, postMovements } from './post';
export { getBalance, getBalances, listActivity, statement, verifyLedger, ledgerSound } from './read';
export type { ActivityRow, LedgerCheck } from './read';
export { LedgerError } from './errors';
export type { CompanyAccount, CreditType, Movement, MovementKind, MovementMeta, MovementResult, TransactionKind } from './types';
