import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createActor } from 'xstate';
import { orderStatusActors } from '../../../../../machines/orderStatus.actors';
import { orderStatusMachine, orderStatusView, type OrderStatusInput } from '../../../../../machines/orderStatus.machine';
import { ordersChanged } from '../../../../api/orders/changed';
import { useActingAs, useApi } from '../../../../api/context';
import { ORDER_LIST_DESIGNED_MSG } from '../../../../domain/orders/list';
import { toast } from '../../../ui/toast';

/**
 * One order's pause/activate statechart (machines/orderStatus.machine.ts), alive while
 * its row is shown: the view renders `view` and sends events; a change reloads the list.
 */
export function useOrderStatus(input: OrderStatusInput) {
  const api = useApi();
  const as = useActingAs();
  const queryClient = useQueryClient();
  const [ref] = useState(() => createActor(orderStatusMachine.provide({ actors: orderStatusActors(api) }), { input }).start());
  const snap = useSyncExternalStore(
    (changed) => {
      const sub = ref.subscribe(changed);
      return () => sub.unsubscribe();
    },
    () => ref.getSnapshot(),
  );
  useEffect(() => {
    const sub = ref.on('changed', (e) => {
      // The row is drawn again from the reloaded list; the outcome stays as a toast.
      toast('success', e.status === 'active' ? ORDER_LIST_DESIGNED_MSG.activated : ORDER_LIST_DESIGNED_MSG.paused);
      void ordersChanged(queryClient, as);
    });
    return () => sub.unsubscribe();
  }, [ref, queryClient, as]);
  return { view: orderStatusView(snap), send: ref.send, snap };
}
