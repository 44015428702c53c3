import type { BillingType } from '../../../domain/billing/recharge';
import type { Actor } from '../../../domain/roles';
import type { Db } from '../../db/db';
import { audit } from '../audit';
import { postMovement, type Movement, type MovementMeta, type MovementResult } from '../ledger';
import { deactivateRecharge, saveRechargeSettings } from '../recharge/settings';
import { removeCard, updateCard, type RemoveOutcome } from './billing';

/**
 * The billing changes an admin or a company's user asks for, each in one database
 * transaction of its own: the handler checks the request and the caller, this writes.
 */

/** Who changed it, for the audit log: the acting user and the admin behind a switch. */
export interface ChangedBy {
  userId: number;
  originalUserId: number | null;
  /** The person signed in (the ledger's and the settings' `by`). */
  ownerId: number;
  at: Date;
}

/** One movement of the ledger (credit, debit, transfer, courtesy money) in a transaction of its own. */
export function postOneMovement(db: Db, movement: Movement, meta: MovementMeta): Promise<MovementResult> {
  return db.transaction((tx) => postMovement(tx, movement, meta));
}

/** A card's priority or eligibility; false when the card is not the company's. */
export function changeCard(db: Db, companyId: number, cardId: number, patch: Parameters<typeof updateCard>[3]): Promise<boolean> {
  return db.transaction((tx) => updateCard(tx, companyId, cardId, patch));
}

/** Remove a card under the removal rule. */
export function dropCard(db: Db, companyId: number, cardId: number, remover: Pick<Actor, 'role' | 'isSuperAdmin'>, at: Date): Promise<RemoveOutcome> {
  return db.transaction((tx) => removeCard(tx, companyId, cardId, remover, at));
}

/** Save continuous billing or a subscription, with its audit entry. */
export async function saveRechargeSetup(
  db: Db,
  companyId: number,
  settings: Parameters<typeof saveRechargeSettings>[2] & { billingType: BillingType },
  by: ChangedBy,
  detail: object,
): Promise<void> {
  await db.transaction(async (tx) => {
    await saveRechargeSettings(tx, companyId, settings, { by: by.ownerId, at: by.at });
    await audit(tx, by.at, { userId: by.userId, originalUserId: by.originalUserId, action: `billing.${settings.billingType}`, detail: { companyId, ...detail } });
  });
}

/** Stop recharging, with its audit entry. */
export async function stopRecharge(db: Db, companyId: number, by: ChangedBy): Promise<void> {
  await db.transaction(async (tx) => {
    await deactivateRecharge(tx, companyId, { by: by.ownerId, at: by.at });
    await audit(tx, by.at, { userId: by.userId, originalUserId: by.originalUserId, action: 'billing.deactivate', detail: { companyId } });
  });
}
