import { Anchor, Badge, Button, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconMap2 } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { DashboardOrder } from '../../../api/dashboard/get-dashboard';
import { progressBubble, shortName } from '../../../domain/dashboard/progress';
import { EXPERT_RECOMMENDATIONS } from '../../../domain/dashboard/recommendation';
import { dollars } from '../../../domain/money/format';
import { VERTICAL_LABELS } from '../../../domain/orders/types';
import { EDIT_ORDER_BID_PATH } from '../../../domain/screens';
import { NARROW_WINDOW_PX } from '../../../domain/ui-limits';
import { CoverageModal } from './CoverageModal';

const colorOf = (fill: number) => (fill >= 1 ? 'teal' : fill >= 0.5 ? 'blue' : 'orange');

/**
 * One order's month: its bar with the bubble text, its costs, the expert recommendation with
 * a link to edit it, and (for those who may open the order, as the wizard reads it) its coverage.
 */
export function OrderProgress({ order, mayEdit }: { order: DashboardOrder; mayEdit: boolean }) {
  const [coverage, { open, close }] = useDisclosure(false);
  // Document 002 sections 2 and 9: under the desktop width (768 px) names are cut to 10 characters.
  const narrow = useMediaQuery(`(max-width: ${NARROW_WINDOW_PX - 1}px)`) ?? false;
  const m = order.month;
  const bubble = progressBubble(m, order.product);
  const tip = order.recommendation;
  return (
    <Paper withBorder radius="md" p="md" data-testid={`order-progress-${order.orderId}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Text fw={600} title={order.name} truncate data-testid="order-name">
              {narrow ? shortName(order.name) : order.name}
            </Text>
            {order.cld && <Badge size="xs" variant="light" color="grape">CLD</Badge>}
          </Group>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {m.sold.toLocaleString('en-US')} / {m.cap.toLocaleString('en-US')}
          </Text>
        </Group>
        <Tooltip label={bubble} withArrow position="top" events={{ hover: true, focus: true, touch: true }}>
          <Progress.Root size="lg" radius="xl" data-testid="order-bar">
            {/* The section is the progressbar: it takes the name and the focus (the tooltip hears the focus bubble up). */}
            <Progress.Section value={Math.round(m.fillRate * 100)} color={colorOf(m.fillRate)} tabIndex={0} aria-label={`${order.name}: ${bubble}`} />
          </Progress.Root>
        </Tooltip>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text size="xs" c="dimmed">
            {order.packageName} · {VERTICAL_LABELS[order.vertical]} {order.product === 'calls' ? 'calls' : 'leads'} · cost {dollars(order.costCents)}
            {order.maxBidCents !== null && ` · max bid ${dollars(order.maxBidCents)}`}
            {order.marketLevelCents !== null && ` · market level ${dollars(order.marketLevelCents)}`}
          </Text>
          {mayEdit && (
            <Button size="compact-xs" variant="light" leftSection={<IconMap2 size={14} />} onClick={open} aria-label={`Coverage of ${order.name}`} style={{ flexShrink: 0 }}>
              Coverage
            </Button>
          )}
        </Group>
        {tip && (
          <Group gap="xs" data-testid="expert-recommendation">
            <Text size="sm" c="orange">
              {EXPERT_RECOMMENDATIONS[tip]}
            </Text>
            {mayEdit && (
              <Anchor component={Link} href={EDIT_ORDER_BID_PATH(order.orderId)} size="sm">
                Edit order
              </Anchor>
            )}
          </Group>
        )}
      </Stack>
      {mayEdit && <CoverageModal orderId={order.orderId} name={order.name} opened={coverage} onClose={close} />}
    </Paper>
  );
}
