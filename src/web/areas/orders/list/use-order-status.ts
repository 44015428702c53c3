import { useQueryClient } from '@tanstack/react-query';
import { orderStatusActors } from '../../../../../machines/orderStatus.actors';
import { orderStatusMachine, orderStatusView, type OrderStatusInput } from '../../../../../machines/orderStatus.machine';
import { ordersChanged } from '../../../../api/orders/changed';
import { useActingAs } from '../../../../api/context';
import { ORDER_LIST_DESIGNED_MSG } from '../../../../domain/orders/list';
import { toast } from '../../../ui/toast';
import { useEmitted, useMachine } from '../../../ui/use-machine';

/**
 * One order's pause/activate statechart (machines/orderStatus.machine.ts), alive while
 * its row is shown: the view renders `view` and sends events; a change reloads the list.
 */
export function useOrderStatus(input: OrderStatusInput) {
  const as = useActingAs();
  const queryClient = useQueryClient();
  const { snap, send, ref } = useMachine(orderStatusMachine, orderStatusActors, input);
  useEmitted(ref, 'changed', (e) => {
    // The row is drawn again from the reloaded list; the outcome stays as a toast.
    toast('success', e.status === 'active' ? ORDER_LIST_DESIGNED_MSG.activated : ORDER_LIST_DESIGNED_MSG.paused);
    void ordersChanged(queryClient, as);
  });
  return { view: orderStatusView(snap), send, snap };
}
