import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCar, IconHome, IconListDetails, IconPhoneCall, IconTools, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Product, Vertical } from '../../../../domain/orders/types';
import { PRODUCT_LABELS, VERTICAL_LABELS } from '../../../../domain/orders/types';

interface Choice<T> {
  value: T;
  label: string;
  hint: string;
  icon: ReactNode;
}

function Choices<T>({ title, hint, choices, onChoose, onBack, busy }: { title: string; hint: string; choices: Choice<T>[]; onChoose: (v: T) => void; onBack?: () => void; busy?: boolean }) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{hint}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: choices.length }} spacing="lg">
        {choices.map((c) => (
          <Card key={String(c.value)} withBorder radius="md" padding="xl">
            <Group gap="sm" mb="xs">
              {c.icon}
              <Title order={3}>{c.label}</Title>
            </Group>
            <Text size="sm" c="dimmed" mb="lg" style={{ flex: 1 }}>
              {c.hint}
            </Text>
            <Button onClick={() => onChoose(c.value)} loading={busy} fullWidth>
              {c.label}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
      {onBack && (
        <Group>
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
            Back
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export function ProductChoice({ onChoose }: { onChoose: (p: Product) => void }) {
  return (
    <Choices<Product>
      title="What do you want to buy?"
      hint="An order buys leads or live calls, in a territory and on a schedule you choose."
      onChoose={onChoose}
      choices={[
        { value: 'leads', label: PRODUCT_LABELS.leads, hint: 'Insurance shoppers delivered to you by email or your CRM as they come in.', icon: <IconListDetails /> },
        { value: 'calls', label: PRODUCT_LABELS.calls, hint: 'Shoppers transferred to your phone while they are on the line.', icon: <IconPhoneCall /> },
      ]}
    />
  );
}

export function VerticalChoice({ product, onChoose, onBack }: { product: Product; onChoose: (v: Vertical) => void; onBack: () => void }) {
  return (
    <Choices<Vertical>
      title={`${PRODUCT_LABELS[product]}: which insurance?`}
      hint="Choose the line of business of this order."
      onChoose={onChoose}
      onBack={onBack}
      choices={[
        { value: 'autoins', label: VERTICAL_LABELS.autoins, hint: 'Drivers shopping for car insurance.', icon: <IconCar /> },
        { value: 'homeins', label: VERTICAL_LABELS.homeins, hint: 'Homeowners shopping for home insurance.', icon: <IconHome /> },
      ]}
    />
  );
}

export function TypeChoice({ onChoose, onBack, busy }: { onChoose: (group: string | null) => void; onBack: () => void; busy: boolean }) {
  return (
    <Choices<string>
      title="How do you want to set it up?"
      hint="Pick a package yourself, or let the do-it-yourself group choose the standard package for you."
      onChoose={(g) => onChoose(g === 'standard' ? null : g)}
      onBack={onBack}
      busy={busy}
      choices={[
        { value: 'standard', label: 'Pick a package', hint: 'See every package open to you and pick one.', icon: <IconUsers /> },
        { value: 'diy', label: 'Do it yourself', hint: 'Start from the standard shared package of this insurance line.', icon: <IconTools /> },
      ]}
    />
  );
}
