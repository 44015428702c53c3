import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { CHANNELS } from '../../../../domain/orders/delivery';
import { confirmAvailable } from '../../../../domain/orders/packages';
import { fromApi, scheduledHours } from '../../../../domain/orders/schedule';
import { enabledZips } from '../../../../domain/orders/territory';
import { PRODUCT_LABELS, VERTICAL_LABELS, type FieldError, type OrderPackage, type OrderSettings, type Product, type Vertical, type Viewer } from '../../../../domain/orders/types';
import { dollars } from '../../../../domain/money/format';

interface Props {
  mode: 'create' | 'edit';
  vertical: Vertical;
  product: Product;
  pkg: OrderPackage;
  viewer: Viewer;
  value: OrderSettings;
  errors: FieldError[];
  canConfirm: boolean;
  busy: boolean;
  onName: (name: string) => void;
  onConfirm: (status: 'active' | 'inactive') => void;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}

/** The confirmation: a summary of every step, the name, and the buttons that create the order. */
export function ConfirmationStep({ mode, vertical, product, pkg, viewer, value, errors, canConfirm, busy, onName, onConfirm }: Props) {
  const t = value.territory;
  const week = fromApi(value.schedule);
  const where = t.geoType === 'state' ? `All of ${t.state}` : `${enabledZips(t).length} ZIP codes${t.regionalZip ? ` within ${t.regionalRadius} miles of ${t.regionalZip}` : ''}${t.state ? ` in ${t.state}` : ''}`;
  const vendors = pkg.vendors.filter((v) => value.vendorIds.includes(v.id)).map((v) => v.displayName);
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" data-testid="order-summary">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          <Fact label="Buys">
            {VERTICAL_LABELS[vertical]} {PRODUCT_LABELS[product].toLowerCase()}
          </Fact>
          <Fact label="Package">{pkg.name}</Fact>
          <Fact label="Territory">{where}</Fact>
          <Fact label="Schedule">{week.ok ? `${scheduledHours(week.week)} hours a week` : '—'}</Fact>
          <Fact label="Vendors">{vendors.join(', ') || '—'}</Fact>
          <Fact label="Delivery">
            {product === 'calls' ? `Calls to ${value.destinationNumber ?? '—'}` : value.channels.map((c) => CHANNELS[c.type]?.label ?? c.type).join(', ') || '—'}
          </Fact>
          <Fact label="Caps">
            {value.caps.daily} a day · {value.caps.weekly} a week · {value.caps.monthly} a month
          </Fact>
          <Fact label="Maximum bid">{dollars(value.maxBidCents)}</Fact>
          <Fact label="Ages">
            {value.filters.age[0]}–{value.filters.age[1] ?? 'any'}
          </Fact>
        </SimpleGrid>
      </Card>
      {mode === 'create' && (
        <Card withBorder padding="lg">
          <Title order={4} mb="sm">
            Name and create
          </Title>
          <TextInput label="Order name" value={value.name} onChange={(e) => onName(e.currentTarget.value)} error={errors.find((e) => e.field === 'name')?.message} maxLength={100} maw={480} />
          {confirmAvailable(pkg, viewer) ? (
            <Group mt="lg">
              <Button onClick={() => onConfirm('active')} disabled={!canConfirm} loading={busy}>
                Create active order
              </Button>
              <Button variant="default" onClick={() => onConfirm('inactive')} disabled={!canConfirm} loading={busy}>
                Create paused order
              </Button>
            </Group>
          ) : (
            <Alert color="yellow" mt="lg">
              Add a payment method under Billing before you confirm an order.
            </Alert>
          )}
          {!canConfirm && confirmAvailable(pkg, viewer) && (
            <Text size="sm" c="dimmed" mt="xs">
              Every step needs to be complete first: go back with Previous.
            </Text>
          )}
        </Card>
      )}
    </Stack>
  );
}
