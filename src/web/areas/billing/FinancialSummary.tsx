import { Alert, Divider, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useFinancialReport } from '../../../api/billing/get-financial-report';
import { FINANCIAL_LABELS, FINANCIAL_LINES } from '../../../domain/billing/financial';
import { dollars } from '../../../domain/money/format';
import { formatDateTime } from '../../../domain/time-format';
import { LoadFailed } from '../../ui/LoadFailed';
import { staleProps } from '../../ui/stale';

/**
 * The financial report of the statement's period (document 002 section 3): the opening
 * balance, the movements summed by kind, the closing balance; the statement's own rows, so
 * the PDF downloaded for the same days ends on the same closing balance.
 */
export function FinancialSummary({ companyId, from, to, valid, zone }: { companyId: number; from: string; to: string; valid: boolean; zone: string }) {
  const q = useFinancialReport({ companyId, dateFrom: from, dateTo: to }, valid);
  const d = q.data;
  if (!valid) return null;
  if (q.isError) return <LoadFailed title="The financial summary did not load" error={q.error} onRetry={() => void q.refetch()} />;
  if (!d) return <Skeleton h={260} data-testid="financial-loading" />;
  const row = (label: string, cents: number, testId: string, strong = false) => (
    <Table.Tr key={testId} data-testid={testId}>
      <Table.Td fw={strong ? 700 : undefined}>{label}</Table.Td>
      <Table.Td ta="right" fw={strong ? 700 : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>{dollars(cents)}</Table.Td>
    </Table.Tr>
  );
  return (
    <Stack gap={4} data-testid="financial-summary" {...staleProps(q.isFetching)}>
      <Group justify="space-between">
        <Text fw={600}>Summary, {d.dateFrom} to {d.dateTo}</Text>
        <Text size="xs" c="dimmed">As of {formatDateTime(d.asOf, zone)}</Text>
      </Group>
      <Table aria-label="Financial summary" withRowBorders={false}>
        <Table.Tbody>
          {row(FINANCIAL_LABELS.openingBalance, d.openingBalance, 'financial-openingBalance', true)}
          {FINANCIAL_LINES.map((line) => row(line === 'spend' ? `${FINANCIAL_LABELS.spend} (taken off)` : FINANCIAL_LABELS[line], d[line], `financial-${line}`))}
          {row(FINANCIAL_LABELS.closingBalance, d.closingBalance, 'financial-closingBalance', true)}
        </Table.Tbody>
      </Table>
      <Divider />
      {d.openingBalance === d.closingBalance && FINANCIAL_LINES.every((l) => d[l] === 0) && (
        <Alert color="gray" variant="light">No money moved in this period.</Alert>
      )}
    </Stack>
  );
}
