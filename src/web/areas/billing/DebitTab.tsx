import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useCreditAccount } from '../../../api/billing/credit-account';
import { useDebitAccount } from '../../../api/billing/debit-account';
import { amountError, DEBIT_TYPES, maxCents, type DebitType } from '../../../domain/billing/limits';
import { BILLING_MSG, billingText } from '../../../domain/billing/messages';
import { dollars, formatCents, toCents } from '../../../domain/money/format';
import { toast } from '../../ui/toast';
import { MoneyInput, newIdempotencyKey } from './money-input';
import type { TabProps } from './tab-props';

/** Debit (admins): credit the account (at most $50; $100,000 for a super admin) or debit it as a cancellation credit or refund. */
export default function DebitTab({ company, actor }: TabProps) {
  const credit = useCreditAccount();
  const debit = useDebitAccount();
  const [key, setKey] = useState(newIdempotencyKey);
  const form = useForm({
    initialValues: { mode: 'debit' as 'credit' | 'debit', type: 'refund' as DebitType, amount: '' as number | string, note: '' },
    validate: { amount: (v, all) => amountError(toCents(Number(v)) ?? 0, all.mode, actor) },
  });
  const mode = form.values.mode;
  const submit = form.onSubmit((v) => {
    const cents = toCents(Number(v.amount))!;
    const X = formatCents(cents);
    const body = { companyId: company.id, amount: cents, note: v.note.trim() || undefined, idempotencyKey: key };
    const done = {
      onSuccess: () => {
        toast('success', billingText(v.mode === 'credit' ? BILLING_MSG.credited : BILLING_MSG.debited, { X }));
        setKey(newIdempotencyKey());
        form.setValues({ amount: '', note: '' });
      },
      onError: () => toast('error', billingText(v.mode === 'credit' ? BILLING_MSG.creditFailed : BILLING_MSG.debitFailed, { X })),
    };
    if (v.mode === 'credit') credit.mutate({ ...body, type: 'credit' }, done);
    else debit.mutate({ ...body, type: v.type }, done);
  });

  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <Title order={2} fz="h4">
        Debit or credit the account
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {company.name} · balance {dollars(company.balance)}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SegmentedControl
            data={[
              { value: 'debit', label: 'Debit' },
              { value: 'credit', label: 'Credit' },
            ]}
            {...form.getInputProps('mode')}
            data-testid="charge-mode"
          />
          {mode === 'debit' && (
            <Select label="Type" data={DEBIT_TYPES.map((d) => ({ value: d.value, label: d.label }))} allowDeselect={false} {...form.getInputProps('type')} />
          )}
          <MoneyInput
            label="Amount"
            description={`At most ${dollars(maxCents(mode, actor))}`}
            placeholder="$0.00"
            {...form.getInputProps('amount')}
            data-testid="charge-amount"
          />
          <Textarea label="Note" autosize minRows={2} maxLength={500} {...form.getInputProps('note')} />
          <Group justify="flex-end">
            <Button type="submit" color={mode === 'debit' ? 'red' : 'teal'} loading={credit.isPending || debit.isPending}>
              {mode === 'debit' ? 'Debit account' : 'Credit account'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
