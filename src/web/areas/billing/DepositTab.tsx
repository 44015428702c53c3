import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'wouter';
import { useDeposit } from '../../../api/billing/deposit';
import { useDepositCldGrowth } from '../../../api/billing/deposit-cld-growth';
import { cardChoiceLabel, expiryStateOn } from '../../../domain/billing/cards';
import { amountError } from '../../../domain/billing/limits';
import { BILLING_MSG, billingText } from '../../../domain/billing/messages';
import { formatCents, toCents } from '../../../domain/money/format';
import { billingTabPath } from '../../../domain/billing/tabs';
import { useToday } from '../../app/clock';
import { toast } from '../../ui/toast';
import { MoneyInput, newIdempotencyKey } from './money-input';
import type { TabProps } from './tab-props';

/** Deposit: charge a card into the balance (or the growth funds); 'Successfully deposited $X. New balance: $B'. */
export default function DepositTab({ company, actor }: TabProps) {
  const today = useToday();
  const deposit = useDeposit();
  const growth = useDepositCldGrowth();
  const [key, setKey] = useState(newIdempotencyKey);
  const cards = [...company.creditCards]
    .filter((c) => expiryStateOn(c.expirationMonth, c.expirationYear, today) !== 'expired')
    .sort((a, b) => a.billingPriority - b.billingPriority);
  const form = useForm({
    initialValues: { cardId: cards[0] ? String(cards[0].id) : '', amount: '' as number | string, into: 'balance' },
    validate: {
      cardId: (v) => (v ? null : 'Choose a card'),
      amount: (v) => amountError(toCents(Number(v)) ?? 0, 'deposit', actor),
    },
  });
  const busy = deposit.isPending || growth.isPending;

  const submit = form.onSubmit((v) => {
    const cents = toCents(Number(v.amount))!;
    const X = formatCents(cents);
    const input = { companyId: company.id, cardId: Number(v.cardId), chargeAmount: cents, idempotencyKey: key };
    const handlers = {
      onSuccess: (r: { balance: number }) => {
        toast('success', billingText(BILLING_MSG.deposited, { X, B: formatCents(r.balance) }));
        setKey(newIdempotencyKey());
        form.setFieldValue('amount', '');
      },
      onError: (e: Error) => toast('error', e.message || billingText(BILLING_MSG.depositFailed, { X })),
    };
    if (v.into === 'growth') growth.mutate(input, handlers);
    else deposit.mutate(input, handlers);
  });

  if (cards.length === 0)
    return (
      <Paper withBorder radius="md" p="lg" maw={720}>
        <Title order={2} fz="h4" mb="xs">
          Deposit funds
        </Title>
        <Alert color="blue" data-testid="deposit-no-card">
          <Text size="sm">Add a card that has not expired before depositing.</Text>
          <Button component={Link} href={billingTabPath('new-card')} mt="sm" size="compact-sm">
            Add card
          </Button>
        </Alert>
      </Paper>
    );

  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <Title order={2} fz="h4">
        Deposit funds
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        The card is charged now and the amount is added at once.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SegmentedControl
            data={[
              { value: 'balance', label: 'Account balance' },
              { value: 'growth', label: 'Growth funds (CLD)' },
            ]}
            {...form.getInputProps('into')}
          />
          <Select
            label="Card"
            data={cards.map((c) => ({ value: String(c.id), label: cardChoiceLabel(c) }))}
            allowDeselect={false}
            {...form.getInputProps('cardId')}
          />
          <MoneyInput label="Amount" placeholder="$0.00" {...form.getInputProps('amount')} data-testid="deposit-amount" />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              Deposit
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
