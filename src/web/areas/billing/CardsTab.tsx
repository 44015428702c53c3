import { Badge, Button, Group, Modal, Paper, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Card } from '../../../api/billing/get-billing-company';
import { useRemoveCard } from '../../../api/billing/remove-card';
import { useUpdateCard } from '../../../api/billing/update-card';
import { cardName, EXPIRY_LABELS, expiringText, expiryStateOn, mayRemoveCard, priorityOptions } from '../../../domain/billing/cards';
import { BILLING_DESIGNED_MSG, BILLING_MSG } from '../../../domain/billing/messages';
import { billingTabPath } from '../../../domain/billing/tabs';
import { useToday } from '../../app/clock';
import { toast } from '../../ui/toast';
import type { TabProps } from './tab-props';

const STATE_COLOR = { expired: 'red', expiring: 'yellow', good: 'teal' } as const;

/** Cards: priority, auto-billing eligibility, expiry state, removal (with the rule of document 002 section 5). */
export default function CardsTab({ company, actor }: TabProps) {
  const today = useToday();
  const update = useUpdateCard();
  const remove = useRemoveCard();
  const [refused, setRefused] = useState<Card | null>(null);
  const [confirming, setConfirming] = useState<Card | null>(null);
  const cards = [...company.creditCards].sort((a, b) => a.billingPriority - b.billingPriority);
  const options = priorityOptions(cards.length).map((o) => ({ value: String(o.value), label: o.label }));

  const change = (card: Card, patch: { billingPriority?: number; autoBillingEligible?: boolean }) =>
    update.mutate(
      { companyId: company.id, cardId: card.id, ...patch },
      { onError: (e) => toast('error', BILLING_MSG.cardUpdateFailedPrefix + e.message) },
    );
  const askRemove = (card: Card) => (mayRemoveCard(card, cards, actor) ? setConfirming(card) : setRefused(card));
  const doRemove = (card: Card) =>
    remove.mutate(
      { companyId: company.id, cardId: card.id },
      {
        onSuccess: (r) => {
          setConfirming(null);
          toast('success', `${BILLING_MSG.cardRemovedPrefix} ${r.lastFour}`);
        },
        onError: (e) => {
          setConfirming(null);
          if (e instanceof Error && 'code' in e && e.code === 'card_required') setRefused(card);
          else toast('error', e.message);
        },
      },
    );

  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="h4">
          Cards
        </Title>
        <Button component={Link} href={billingTabPath('new-card')} variant="light" leftSection={<IconCreditCard size={16} />}>
          Add card
        </Button>
      </Group>
      {cards.length === 0 ? (
        <Stack align="center" py="xl" gap="xs" data-testid="cards-empty">
          <IconCreditCard size={40} color="var(--mantine-color-gray-5)" />
          <Text c="dimmed">No cards yet. Add one to deposit funds or recharge automatically.</Text>
        </Stack>
      ) : (
        <Table verticalSpacing="sm" data-testid="cards-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Card</Table.Th>
              <Table.Th>Expiry</Table.Th>
              <Table.Th>Billing priority</Table.Th>
              <Table.Th>Auto billing</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cards.map((c) => {
              const state = expiryStateOn(c.expirationMonth, c.expirationYear, today);
              return (
                <Table.Tr key={c.id} data-testid="card-row" data-last-four={c.lastFour}>
                  <Table.Td>
                    <Text fw={600}>{cardName(c)}</Text>
                    {c.rechargeCard && (
                      <Text size="xs" c="dimmed">
                        Recharge card
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Text size="sm">{c.expirationDate}</Text>
                      <Badge color={STATE_COLOR[state]} variant="light" data-testid="card-expiry">
                        {EXPIRY_LABELS[state]}
                      </Badge>
                    </Group>
                    {state === 'expiring' && (
                      <Text size="xs" c="yellow">
                        {expiringText(c.expirationMonth, c.expirationYear)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Billing priority of the card ending ${c.lastFour}`}
                      data={options}
                      value={String(c.billingPriority)}
                      allowDeselect={false}
                      w={220}
                      onChange={(v) => v && Number(v) !== c.billingPriority && change(c, { billingPriority: Number(v) })}
                      disabled={update.isPending}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Auto billing with the card ending ${c.lastFour}`}
                      checked={c.autoBillingEligible}
                      onChange={(e) => change(c, { autoBillingEligible: e.currentTarget.checked })}
                      disabled={update.isPending}
                    />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button color="red" variant="subtle" size="compact-sm" onClick={() => askRemove(c)}>
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Modal opened={refused !== null} onClose={() => setRefused(null)} title={BILLING_DESIGNED_MSG.removalRefusedTitle} centered>
        <Text data-testid="card-removal-refused">{BILLING_DESIGNED_MSG.removalRefused}</Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={() => setRefused(null)}>OK</Button>
        </Group>
      </Modal>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Remove this card?" centered>
        <Text>
          The card ending {confirming?.lastFour} will no longer be charged. You can add it again later.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(null)}>
            Keep it
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => confirming && doRemove(confirming)}>
            Remove card
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
