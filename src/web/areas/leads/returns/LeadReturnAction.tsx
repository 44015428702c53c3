import { Menu } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useActingAs } from '../../../../api/context';
import { returnsChanged } from '../../../../api/returns/changed';
import type { ReturnStatus } from '../../../../domain/returns/status';
import { useClock } from '../../../app/clock';
import { useCurrentUser } from '../../../app/session';
import { LeadReturnModal } from '../../../ui/returns/LeadReturnModal';

/** The row action of the lead list (and the call list): ask for a return, dispute a denial, or see the return. */
export function LeadReturnMenuItem({ returnStatus, onOpen }: { returnStatus: ReturnStatus | null; onOpen: () => void }) {
  const label = returnStatus === null ? 'Request return' : returnStatus === 'return_denied' ? 'Dispute denial' : 'Return status';
  return (
    <Menu.Item leftSection={<IconReceiptRefund size={16} />} onClick={onOpen} data-testid="lead-return-action">
      {label}
    </Menu.Item>
  );
}

/**
 * The agent's side of a return, for one lead at a time: a modal with the reason, the
 * refusal shown before trying, the dispute, and the steps so far. `open(leadId)` shows it.
 */
export function useLeadReturnModal() {
  const [leadId, setLeadId] = useState<number | null>(null);
  const [now, setNow] = useState<string>('');
  const clock = useClock();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const as = useActingAs();
  const changed = useCallback(() => void returnsChanged(queryClient, as), [queryClient, as]);
  const open = useCallback(
    (id: number) => {
      setNow(clock.now().toISOString());
      setLeadId(id);
    },
    [clock],
  );
  const modal = (
    <LeadReturnModal
      leadId={leadId}
      side="agent"
      now={now || clock.now().toISOString()}
      timeZone={user?.timezone ?? 'UTC'}
      onChanged={changed}
      onClose={() => setLeadId(null)}
    />
  );
  return { open, modal };
}
