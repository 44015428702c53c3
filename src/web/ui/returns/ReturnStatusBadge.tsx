import { Badge } from '@mantine/core';
import { RETURN_STATUS_COLORS, RETURN_STATUS_LABELS, RETURN_STATUS_SHORT_LABELS, type ReturnStatus } from '../../../domain/returns/status';

/**
 * A return's status as a coloured badge; nothing without a return. `short` is for a table
 * column headed "Return status". The badge keeps its whole text (Mantine's label would
 * otherwise shrink into an ellipsis in a tight column, leaving only the colour).
 */
export function ReturnStatusBadge({ status, short = false }: { status: ReturnStatus | null; short?: boolean }) {
  if (!status) return null;
  return (
    <Badge color={RETURN_STATUS_COLORS[status]} variant="light" size="sm" title={RETURN_STATUS_LABELS[status]}
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } }}
      data-testid="return-status-badge" data-status={status}>
      {short ? RETURN_STATUS_SHORT_LABELS[status] : RETURN_STATUS_LABELS[status]}
    </Badge>
  );
}
