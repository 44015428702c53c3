import { Menu } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useActingAs } from '../../../api/context';
import { returnsChanged } from '../../../api/returns/changed';
import type { ReturnStatus } from '../../../domain/returns/status';

// The modal, its statechart and the return's timeline load with the first opening: the
// lead list's own code (and so its data request) does not wait for them.
const LeadReturnModal = lazy(() => import('./LeadReturnModal').then((m) => ({ default: m.LeadReturnModal })));

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
 * The agent's side of a return, for one lead (or one call's lead) at a time: a modal with
 * the reason, the refusal shown before trying, the dispute, and the steps so far.
 * `open(leadId)` shows it. The lead list and the live-call list both use it; the user's
 * zone comes in from the area (ui/ does not reach into app/).
 */
export function useLeadReturnModal({ timeZone }: { timeZone: string | null | undefined }) {
  const [leadId, setLeadId] = useState<number | null>(null);
  // Mounted from the first opening on, so closing keeps the modal's own transition and focus return.
  const [used, setUsed] = useState(false);
  const queryClient = useQueryClient();
  const as = useActingAs();
  const changed = useCallback(() => void returnsChanged(queryClient, as), [queryClient, as]);
  const open = useCallback((id: number) => {
    setUsed(true);
    setLeadId(id);
  }, []);
  const modal = used && (
    <Suspense fallback={null}>
      <LeadReturnModal
        leadId={leadId}
        side="agent"
        timeZone={timeZone || 'UTC'}
        onChanged={changed}
        onClose={() => setLeadId(null)}
      />
    </Suspense>
  );
  return { open, modal };
}
