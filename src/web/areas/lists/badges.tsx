import { IconHourglassHigh } from '@tabler/icons-react';
import type { ListStatus } from '../../../domain/lists';
import { StatusBadge } from '../../ui/StatusBadge';

/** A list's status as its badge: the theme's colours by name, an hourglass while it is being made (no spinner: the checks wait for spinners to stop). */
const LIST_STATUS_LOOK: Record<ListStatus, { label: string; color: string; help: string }> = {
  processing: { label: 'Processing', color: 'blue', help: 'Being picked, scrubbed and charged; this takes a few moments.' },
  ready: { label: 'Ready', color: 'green', help: 'Ready to download or send until it expires.' },
  failed: { label: 'Failed', color: 'red', help: 'The list could not be made; nothing was charged.' },
  expired: { label: 'Expired', color: 'gray', help: 'It can no longer be downloaded or sent.' },
  archived: { label: 'Archived', color: 'dark', help: 'Archived: kept for the report only.' },
};

export function ListStatusBadge({ status }: { status: ListStatus }) {
  const look = LIST_STATUS_LOOK[status];
  return (
    <StatusBadge
      color={look.color}
      variant="light"
      title={look.help}
      leftSection={status === 'processing' ? <IconHourglassHigh size={12} aria-hidden /> : undefined}
      data-testid="list-status"
      data-status={status}
    >
      {look.label}
    </StatusBadge>
  );
}

export function OrderStatusBadge({ status }: { status: 'active' | 'inactive' }) {
  return (
    <StatusBadge color={status === 'active' ? 'teal' : 'gray'} variant="light" data-testid="order-status" data-status={status}>
      {status === 'active' ? 'Active' : 'Inactive'}
    </StatusBadge>
  );
}
