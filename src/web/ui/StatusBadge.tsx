import { Badge, type BadgeProps } from '@mantine/core';

/**
 * A status word in a badge that always reads in full. Mantine's badge hides what does not
 * fit behind an ellipsis, so in a tight card header or table column a status shrank to
 * its colour ("ACTI…", issue 18); this one keeps its width and lets its row make room.
 */
const WHOLE = {
  root: { flexShrink: 0, minWidth: 'max-content', overflow: 'visible' },
  label: { overflow: 'visible', textOverflow: 'clip' },
} as const;

export function StatusBadge(props: Omit<BadgeProps, 'styles'> & { title?: string; 'data-testid'?: string; 'data-status'?: string }) {
  return <Badge {...props} styles={WHOLE} />;
}
