import { RETURN_STATUS_COLORS, RETURN_STATUS_LABELS, RETURN_STATUS_SHORT_LABELS, type ReturnStatus } from '../../../domain/returns/status';
import { StatusBadge } from '../StatusBadge';

/**
 * A return's status as a coloured badge; nothing without a return. `short` is for a table
 * column headed "Return status". The badge keeps its whole text (StatusBadge).
 */
export function ReturnStatusBadge({ status, short = false }: { status: ReturnStatus | null; short?: boolean }) {
  if (!status) return null;
  return (
    <StatusBadge color={RETURN_STATUS_COLORS[status]} variant="light" size="sm" title={RETURN_STATUS_LABELS[status]}
      data-testid="return-status-badge" data-status={status}>
      {short ? RETURN_STATUS_SHORT_LABELS[status] : RETURN_STATUS_LABELS[status]}
    </StatusBadge>
  );
}
