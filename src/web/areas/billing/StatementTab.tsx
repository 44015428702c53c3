import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { getBillingStatement } from '../../../api/billing/get-billing-statement';
import { useApi } from '../../../api/context';
import { STATEMENT_RANGE, statementDefaultStart } from '../../../domain/billing/dates';
import { dateRangeErrors, type DayRange } from '../../../domain/time/range';
import { useClock, useTimeZone, useToday } from '../../app/clock';
import { DateRangeSelect } from '../../ui/DateRangeSelect';
import { saveBlob } from '../../ui/download';
import { FinancialSummary } from './FinancialSummary';
import type { TabProps } from './tab-props';

/**
 * Billing statement: the period's financial summary, and a PDF from the ledger (opening
 * balance, movements, closing balance); start 3 months back, at most 2 years.
 */
export default function StatementTab({ company }: TabProps) {
  const api = useApi();
  const clock = useClock();
  const zone = useTimeZone();
  const today = useToday();
  const [range, setRange] = useState<DayRange>(() => ({ from: statementDefaultStart(today), to: today }));
  const { from, to } = range;
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: string | null }>({ busy: false, error: null, done: null });
  const errors = dateRangeErrors(range, STATEMENT_RANGE, today);
  const valid = errors.length === 0;

  const download = async () => {
    setState({ busy: true, error: null, done: null });
    try {
      const { blob, fileName } = await getBillingStatement(api, { companyId: company.id, dateFrom: from, dateTo: to });
      saveBlob(blob, fileName);
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
        <DateRangeSelect value={range} onChange={setRange} rule={STATEMENT_RANGE} now={clock.now()} timeZone={zone} />
        <FinancialSummary companyId={company.id} from={from} to={to} valid={valid} zone={zone} />
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
