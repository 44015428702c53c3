import { ActionIcon, Badge, Card, Group, Progress, Slider, Stack, Switch, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { useOptimizer } from '../../../../api/orders/optimize-vendors';
import { MARKET_MSG, OPTIMIZER_RATIO } from '../../../../domain/orders/market';
import { canUseOptimizer } from '../../../../domain/orders/packages';
import type { OrderPackage, OrderSettings, SettingsPatch, Viewer } from '../../../../domain/orders/types';
import { JornayaModal } from '../../../ui/JornayaModal';

interface Props {
  pkg: OrderPackage;
  viewer: Viewer;
  value: Pick<OrderSettings, 'vendorIds' | 'optimizerRatio' | 'territory'>;
  onChange: (patch: SettingsPatch) => void;
  error: string | null;
  readOnly: boolean;
}

const percent = (n: number | null) => (n === null ? '—' : `${Math.round(n * 100)}%`);

/**
 * The vendor step: a toggle per vendor of the package (only when the package allows it),
 * the Jornaya info modal, and for admins and admin_managed_vendors users on packages with
 * it, the vendor optimizer (ratio 0 off to 1 fully opaque, POST /orders/optimizations).
 */
export function VendorsStep({ pkg, viewer, value, onChange, error, readOnly }: Props) {
  const [jornaya, setJornaya] = useState(false);
  const on = new Set(value.vendorIds);
  const optimizer = canUseOptimizer(pkg, viewer);
  const opaque = optimizer && value.optimizerRatio === OPTIMIZER_RATIO.max;
  const toggle = (id: number) => onChange({ vendorIds: pkg.vendors.map((v) => v.id).filter((v) => (v === id ? !on.has(v) : on.has(v))) });
  const ratio = useDeferredValue(value.optimizerRatio);
  const input = optimizer && value.territory ? { packageId: pkg.id, territory: value.territory, vendorIds: value.vendorIds, ratio } : null;
  const result = useOptimizer(input);
  const figures = new Map((result.data?.optimizerVendors ?? []).map((v) => [v.vendorId, v]));
  return (
    <Stack>
      <Text c="dimmed">
        {value.vendorIds.length} of {pkg.vendors.length} vendors selected. Fewer vendors mean fewer leads.
      </Text>
      {optimizer && (
        <Card withBorder padding="md" aria-label="Vendor optimizer" component="section">
          <Group justify="space-between">
            <Title order={4}>Vendor optimizer</Title>
            <Badge variant="light" size="lg" data-testid="optimizer-ratio">
              Ratio {value.optimizerRatio.toFixed(2)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" mb="md">
            How much of this order&apos;s volume the optimizer shares out by each vendor&apos;s results in the territory over the last 30 days (leads kept,
            leads quoted or bound): 0 is off, 1 is fully opaque.
          </Text>
          <Slider min={OPTIMIZER_RATIO.min} max={OPTIMIZER_RATIO.max} step={OPTIMIZER_RATIO.step} value={value.optimizerRatio} disabled={readOnly}
            onChange={(optimizerRatio) => onChange({ optimizerRatio })} label={(v) => v.toFixed(2)} thumbLabel="Optimizer ratio"
            marks={[{ value: 0, label: 'Off' }, { value: 0.5, label: '0.5' }, { value: 1, label: 'Opaque' }]} mb="lg" mx="lg" />
          {opaque && (
            <Text size="sm" mt="md">
              {MARKET_MSG.opaque}
            </Text>
          )}
        </Card>
      )}
      <Card withBorder padding="md">
        <Table verticalSpacing="xs" aria-label="Vendors">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Vendor</Table.Th>
              {optimizer && <Table.Th>Sold (30 days)</Table.Th>}
              {optimizer && <Table.Th>Returned</Table.Th>}
              {optimizer && <Table.Th>Quoted or bound</Table.Th>}
              {optimizer && <Table.Th w={180}>Share of volume</Table.Th>}
              <Table.Th w={80}>Buy</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pkg.vendors.map((v) => {
              const f = figures.get(v.id);
              return (
                <Table.Tr key={v.id}>
                  <Table.Td>
                    <Group gap={6}>
                      <Text fw={500}>{v.displayName}</Text>
                      {f?.recommended && ratio > 0 && <Badge size="xs" variant="light" color="teal">Recommended</Badge>}
                      {v.isUniversalLeadIdProvider && (
                        <Tooltip label="Universal lead id provider (Jornaya)">
                          <ActionIcon variant="subtle" size="sm" aria-label={`About Jornaya (${v.displayName})`} onClick={() => setJornaya(true)}>
                            <IconInfoCircle size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                  {optimizer && <Table.Td>{f ? f.sold : '…'}</Table.Td>}
                  {optimizer && <Table.Td>{f ? percent(f.returnRate) : '…'}</Table.Td>}
                  {optimizer && <Table.Td>{f ? percent(f.conversionRate) : '…'}</Table.Td>}
                  {optimizer && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Progress value={(f?.weight ?? 0) * 100} w={100} aria-label={`Share of ${v.displayName}`} />
                        <Text size="sm">{f ? percent(f.weight) : '…'}</Text>
                      </Group>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Switch checked={on.has(v.id)} onChange={() => toggle(v.id)} disabled={readOnly || opaque} aria-label={v.displayName} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {result.isError && (
          <Text c="red" size="sm" mt="xs">
            {result.error.message}
          </Text>
        )}
      </Card>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <JornayaModal opened={jornaya} onClose={() => setJornaya(false)} />
    </Stack>
  );
}
