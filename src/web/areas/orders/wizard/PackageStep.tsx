import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { OrderPackage } from '../../../../domain/orders/types';
import { dollars } from '../../../../domain/money/format';

/** The package step: the packages this user may order; an existing order's package is fixed. */
export function PackageStep({ packages, selected, locked, onSelect }: { packages: OrderPackage[]; selected: number | null; locked: boolean; onSelect: (id: number) => void }) {
  if (packages.length === 0)
    return (
      <Card withBorder padding="xl">
        <Title order={3}>No package is open to you here</Title>
        <Text c="dimmed">Ask your account manager about packages for this line of business.</Text>
      </Card>
    );
  return (
    <Stack>
      <Text c="dimmed">{locked ? 'The package of an existing order stays as it is.' : 'Choose what this order buys.'}</Text>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        {packages.map((p) => {
          const on = p.id === selected;
          return (
            <Card key={p.id} withBorder radius="md" padding="lg" data-testid={`package-${p.id}`} style={on ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 2 } : undefined}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Title order={4}>{p.name}</Title>
                {on && <Badge leftSection={<IconCheck size={12} />}>Chosen</Badge>}
              </Group>
              <Text size="sm" mt={4}>
                List price {dollars(p.costCents)} · bids from {dollars(p.maxBidFloorCents)}
              </Text>
              <Text size="sm" c="dimmed">
                {p.vendors.length} {p.vendors.length === 1 ? 'vendor' : 'vendors'}
                {p.canToggleVendors ? ', chosen by you' : ''}
              </Text>
              <Group gap={4} mt="xs">
                {p.tags.map((t) => (
                  <Badge key={t} variant="light" size="sm">
                    {t}
                  </Badge>
                ))}
              </Group>
              <Button mt="md" variant={on ? 'filled' : 'light'} onClick={() => onSelect(p.id)} aria-pressed={on}>
                {on ? 'Chosen' : `Choose ${p.name}`}
              </Button>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
