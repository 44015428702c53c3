import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useCourtesyCredit } from '../../../api/billing/courtesy-credit';
import { useCourtesyDebit } from '../../../api/billing/courtesy-debit';
import { amountError, maxCents, type ChargeKind } from '../../../domain/billing/limits';
import { BILLING_MSG, billingText } from '../../../domain/billing/messages';
import { dollars, formatCents, toCents } from '../../../domain/money/format';
import { toast } from '../../ui/toast';
import { MoneyInput, newIdempotencyKey } from './money-input';
import type { TabProps } from './tab-props';

const kindOf = (mode: 'credit' | 'debit'): ChargeKind => (mode === 'credit' ? 'courtesy-credit' : 'courtesy-debit');

/** Courtesy credit (admins, switched into the user): a credit paid by the marketplace, or taking one back. */
export default function CourtesyCreditTab({ actor, actingAs, userId }: TabProps) {
  const credit = useCourtesyCredit();
  const debit = useCourtesyDebit();
  const [key, setKey] = useState(newIdempotencyKey);
  const switched = actingAs.id !== actor.id;
  const form = useForm({
    initialValues: { mode: 'credit' as 'credit' | 'debit', amount: '' as number | string, notes: '' },
    validate: { amount: (v, all) => amountError(toCents(Number(v)) ?? 0, kindOf(all.mode), actor) },
  });
  const submit = form.onSubmit((v) => {
    const cents = toCents(Number(v.amount))!;
    const X = formatCents(cents);
    const input = { userId, amount: cents, notes: v.notes.trim() || undefined, idempotencyKey: key };
    const done = {
      onSuccess: () => {
        toast('success', billingText(v.mode === 'credit' ? BILLING_MSG.credited : BILLING_MSG.debited, { X }));
        setKey(newIdempotencyKey());
        form.setValues({ amount: '', notes: '' });
      },
      onError: () => toast('error', billingText(v.mode === 'credit' ? BILLING_MSG.creditFailed : BILLING_MSG.debitFailed, { X })),
    };
    if (v.mode === 'credit') credit.mutate(input, done);
    else debit.mutate(input, done);
  });

  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <Title order={2} fz="h4">
        Courtesy credit
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        A goodwill credit to {actingAs.firstName} {actingAs.lastName}&apos;s company, paid by Leadline.
      </Text>
      {!switched ? (
        <Alert color="blue" data-testid="courtesy-switch-first">
          Switch into the user (user menu, Switch user) to give them a courtesy credit.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <SegmentedControl
              data={[
                { value: 'credit', label: 'Courtesy credit' },
                { value: 'debit', label: 'Courtesy debit' },
              ]}
              {...form.getInputProps('mode')}
            />
            <MoneyInput label="Amount" placeholder="$0.00" description={`At most ${dollars(maxCents(kindOf(form.values.mode), actor))}`}
              {...form.getInputProps('amount')} data-testid="courtesy-amount" />
            <Textarea label="Notes" autosize minRows={2} maxLength={500} {...form.getInputProps('notes')} />
            <Group justify="flex-end">
              <Button type="submit" loading={credit.isPending || debit.isPending}>
                {form.values.mode === 'credit' ? 'Give courtesy credit' : 'Take courtesy credit back'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
