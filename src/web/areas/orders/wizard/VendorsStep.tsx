import { Card, Group, Stack, Switch, Text } from '@mantine/core';
import type { OrderPackage } from '../../../../domain/orders/types';

/** The vendor step: a toggle per vendor of the package (only when the package allows it). */
export function VendorsStep({ pkg, value, onChange, error, readOnly }: { pkg: OrderPackage; value: number[]; onChange: (ids: number[]) => void; error: string | null; readOnly: boolean }) {
  const on = new Set(value);
  const toggle = (id: number) => onChange(pkg.vendors.map((v) => v.id).filter((v) => (v === id ? !on.has(v) : on.has(v))));
  return (
    <Stack>
      <Text c="dimmed">
        {value.length} of {pkg.vendors.length} vendors selected. Fewer vendors mean fewer leads.
      </Text>
      <Card withBorder padding="md">
        <Stack gap="sm">
          {pkg.vendors.map((v) => (
            <Group key={v.id} justify="space-between">
              <div>
                <Text fw={500}>{v.displayName}</Text>
                {v.isUniversalLeadIdProvider && (
                  <Text size="xs" c="dimmed">
                    Certifies consent with a universal lead id (Jornaya)
                  </Text>
                )}
              </div>
              <Switch checked={on.has(v.id)} onChange={() => toggle(v.id)} disabled={readOnly} aria-label={v.displayName} />
            </Group>
          ))}
        </Stack>
      </Card>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
