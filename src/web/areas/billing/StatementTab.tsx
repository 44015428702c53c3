import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { getBillingStatement } from '../../../api/billing/get-billing-statement';
import { useApi } from '../../../api/context';
import { STATEMENT_RANGE, statementDefaultStart, statementMinStart } from '../../../domain/billing/dates';
import { dateRangeError, dateRangeErrors } from '../../../domain/time/range';
import { useToday } from '../../app/clock';
import type { TabProps } from './tab-props';

/** Billing statement: a PDF from the ledger (opening balance, movements, closing balance); start 3 months back, at most 2 years. */
export default function StatementTab({ company }: TabProps) {
  const api = useApi();
  const today = useToday();
  const [from, setFrom] = useState(() => statementDefaultStart(today));
  const [to, setTo] = useState(today);
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: string | null }>({ busy: false, error: null, done: null });
  const errors = dateRangeErrors({ from, to }, STATEMENT_RANGE, today);
  const valid = errors.length === 0;

  const download = async () => {
    setState({ busy: true, error: null, done: null });
    try {
      const { blob, fileName } = await getBillingStatement(api, { companyId: company.id, dateFrom: from, dateTo: to });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState({ busy: false, error: null, done: fileName });
    } catch (e) {
      setState({ busy: false, error: (e as Error).message, done: null });
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <Title order={2} fz="h4">
        Billing statement
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        A PDF of every movement of the balance in the period, with the opening and closing balance.
      </Text>
      <Stack>
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label="From"
            min={statementMinStart(today)}
            max={to}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            error={dateRangeError(errors, STATEMENT_RANGE.fields.from)}
            data-testid="statement-from"
          />
          <TextInput type="date" label="To" min={from} max={today} value={to} onChange={(e) => setTo(e.currentTarget.value)}
            error={dateRangeError(errors, STATEMENT_RANGE.fields.to)} data-testid="statement-to" />
        </Group>
        {state.error && <Alert color="red">{state.error}</Alert>}
        {state.done && (
          <Alert color="teal" data-testid="statement-done">
            Downloaded {state.done}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button leftSection={<IconDownload size={16} />} disabled={!valid} loading={state.busy} onClick={() => void download()}>
            Download PDF
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
