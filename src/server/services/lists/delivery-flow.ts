import { LIST_DESIGNED_MSG, LIST_MSG } from '../../../domain/lists';
import type { DeliveryDeps } from '../delivery';
import { finishCrmDelivery, startDelivery, type Destination } from './deliver';
import { findList, type ListDeliveryRow } from './lists';
import { ListRefusal } from './refusal';

/**
 * Deliver a list: checked and scrubbed in one transaction with the list locked (so two
 * deliveries at once refund a dropped row once), the CRM post after it commits. A failed
 * delivery is recorded and answered 422 'your list did not export'.
 */
export async function deliverList(deps: DeliveryDeps, listId: number, to: Destination, by: number | null): Promise<ListDeliveryRow> {
  const now = deps.clock.now();
  const start = await deps.db.transaction(async (tx) => {
    const list = await findList(tx, listId, now, true);
    if (!list) throw new ListRefusal(404, LIST_DESIGNED_MSG.notReady);
    if (list.processed_status === 'expired' || list.processed_status === 'archived') throw new ListRefusal(422, LIST_DESIGNED_MSG.expired);
    if (list.processed_status !== 'ready') throw new ListRefusal(422, LIST_DESIGNED_MSG.notReady);
    return startDelivery(tx, deps, { id: list.id, company_id: list.company_id, order_name: list.order_name }, to, by, now);
  });
  const delivery = start.kind === 'post' ? await finishCrmDelivery(deps, start) : start.delivery;
  if (delivery.status === 'failed') throw new ListRefusal(422, LIST_MSG.exportFailed);
  return delivery;
}
