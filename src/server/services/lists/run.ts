import { LIST_CRMS, type ListCrms } from '../../../domain/lists';
import type { DeliveryDeps } from '../delivery';
import { destinationOf } from './deliver';
import { deliverList } from './delivery-flow';
import { generateNextList } from './generate';
import { ListRefusal } from './refusal';
import { queueScheduledLists } from './schedule';

/**
 * The lead-list job: queue the scheduled runs that are due, make every processing list
 * (one transaction each), and send a scheduled list to its order's emails and CRMs once
 * made. Returns how many lists were made.
 */
export async function runListJobs(deps: DeliveryDeps, stopped: () => boolean = () => false): Promise<number> {
  await queueScheduledLists(deps.db, deps.clock.now());
  let made = 0;
  while (!stopped()) {
    const list = await generateNextList(deps.db, deps.clock.now(), deps.smtp);
    if (!list) break;
    made++;
    if (list.status === 'ready' && list.deliverOnReady) await deliverToOrder(deps, list.listId, list.orderId);
  }
  return made;
}

async function deliverToOrder(deps: DeliveryDeps, listId: number, orderId: number): Promise<void> {
  const { rows } = await deps.db.query<{ crms: ListCrms }>(`SELECT delivery -> 'crms' AS crms FROM list_orders WHERE id = $1`, [orderId]);
  const crms = rows[0].crms;
  const destinations = [...crms.emails, ...LIST_CRMS.filter((c) => crms[c])].map(destinationOf).filter((d) => d !== null);
  for (const to of destinations) {
    try {
      await deliverList(deps, listId, to, null);
    } catch (e) {
      // A refused or failed delivery is recorded on the list (list_deliveries) for the agent to see; the others still go.
      if (!(e instanceof ListRefusal)) throw e;
    }
  }
}
