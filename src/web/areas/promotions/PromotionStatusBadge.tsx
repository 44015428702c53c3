import { Badge } from '@mantine/core';

/** Archived, Active or Inactive: whether the promotion pays for sales now (its dates aside). */
export function PromotionStatusBadge({ p }: { p: { isActive: boolean; isArchived: boolean } }) {
  if (p.isArchived) return <Badge color="gray" variant="light" data-testid="promotion-status">Archived</Badge>;
  return p.isActive
    ? <Badge color="green" variant="light" data-testid="promotion-status">Active</Badge>
    : <Badge color="yellow" variant="light" data-testid="promotion-status">Inactive</Badge>;
}
