import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { useRecommendedOrders } from '../../../api/dashboard/list-recommended-orders';
import { DASHBOARD_MSG } from '../../../domain/dashboard/screen';
import { PRODUCT_LABELS, VERTICAL_LABELS } from '../../../domain/orders/types';
import { RECOMMENDED_ORDER_PATH } from '../../../domain/screens';
import { LoadFailed } from '../../ui/LoadFailed';

/** The recommended orders (agents): choosing one starts the wizard's recommended entry (territory step, radius 30). */
export function RecommendedOrders() {
  const q = useRecommendedOrders(true);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Recommended orders" data-testid="recommended-orders">
      <Title order={3} mb="sm">
        Recommended orders
      </Title>
      {q.isPending ? (
        <Stack gap="xs">
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      ) : q.isError ? (
        <LoadFailed title="Recommended orders did not load" error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {DASHBOARD_MSG.noRecommendations}
        </Text>
      ) : (
        <Stack gap="sm">
          {q.data.map((r) => (
            <Group key={r.packageId} justify="space-between" wrap="wrap" align="flex-start" gap="xs" data-testid={`recommended-${r.packageId}`}>
              <Stack gap={2} miw={0} style={{ flex: '1 1 260px' }}>
                <Group gap="xs">
                  <Text fw={600}>{r.packageName}</Text>
                  <Badge size="xs" variant="light">
                    {VERTICAL_LABELS[r.vertical]} · {PRODUCT_LABELS[r.product]}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {r.why}
                </Text>
              </Stack>
              <Button component={Link} href={RECOMMENDED_ORDER_PATH(r.packageId)} size="compact-sm" variant="light" style={{ flexShrink: 0 }}>
                Start this order
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
