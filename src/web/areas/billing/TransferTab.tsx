import { Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useBillingCompanies } from '../../../api/billing/list-billing-companies';
import { useTransferFunds } from '../../../api/billing/transfer-funds';
import { BILLING_MSG } from '../../../domain/billing/messages';
import { dollars, toCents } from '../../../domain/money/format';
import { TRANSFER_TOAST_MS, transferErrors } from '../../../domain/billing/transfer';
import { toast } from '../../ui/toast';
import { MoneyInput, newIdempotencyKey } from './money-input';
import type { TabProps } from './tab-props';

/** Transfer funds (admins): from this company's balance to another company's. Toasts stay 15 seconds. */
export default function TransferTab({ company }: TabProps) {
  const companies = useBillingCompanies();
  const transfer = useTransferFunds();
  const [key, setKey] = useState(newIdempotencyKey);
  const [to, setTo] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const form = { toCompanyId: Number(to) || 0, fromCompanyId: company.id, amountCents: toCents(Number(amount)) ?? 0 };
    const problems = transferErrors(form);
    setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
    if (problems.length) {
      toast('error', BILLING_MSG.fixErrors, TRANSFER_TOAST_MS);
      return;
    }
    transfer.mutate(
      { companyId: company.id, toCompanyId: form.toCompanyId, amount: form.amountCents, note: note.trim() || undefined, idempotencyKey: key },
      {
        onSuccess: () => {
          toast('success', BILLING_MSG.transferred, TRANSFER_TOAST_MS);
          setKey(newIdempotencyKey());
          setAmount('');
          setNote('');
        },
        onError: () => toast('error', BILLING_MSG.transferFailed, TRANSFER_TOAST_MS),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <Title order={2} fz="h4">
        Transfer funds
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        From {company.name} (balance {dollars(company.balance)}) to another company.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label="To company"
            placeholder={companies.isPending ? 'Loading companies…' : 'Choose a company'}
            searchable
            data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name, disabled: c.id === company.id }))}
            value={to}
            onChange={setTo}
            error={errors.toCompanyId}
            data-testid="transfer-to"
          />
          <MoneyInput label="Amount" placeholder="$0.00" value={amount} onChange={setAmount} error={errors.amount} data-testid="transfer-amount" />
          <Textarea label="Note" autosize minRows={2} maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button type="submit" loading={transfer.isPending}>
              Transfer
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
