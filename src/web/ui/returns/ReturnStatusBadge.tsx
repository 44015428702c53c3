import { Badge } from '@mantine/core';
import { RETURN_STATUS_COLORS, RETURN_STATUS_LABELS, type ReturnStatus } from '../../../domain/returns/status';

/** A return's status as a coloured badge; nothing without a return. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus | null }) {
  if (!status) return null;
  return (
    <Badge color={RETURN_STATUS_COLORS[status]} variant="light" size="sm" style={{ minWidth: 'fit-content' }} data-testid="return-status-badge" data-status={status}>
      {RETURN_STATUS_LABELS[status]}
    </Badge>
  );
}
