import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { AgentStatusCounts } from '../../../../api/reports/get-agent-status-report';
import type { ReportAgentStatus } from '../../../../api/reports/get-agent-status-leads';
import { AGENT_STATUS_COLUMN_LABELS, REPORT_AGENT_STATUSES } from '../../../../domain/reports/agent-status';
import { percent } from '../../../../domain/reports/tables';
import { count } from '../shared/cells';

/**
 * The sums of the whole filter, one card per status in the order a lead moves through them;
 * a status with leads opens them (every agent's).
 */
export function StatusTotals({ totals, onOpen }: { totals: AgentStatusCounts; onOpen(status: ReportAgentStatus): void }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" data-testid="status-totals">
      <Card label="Leads still worked" value={count(totals.leads)} />
      {REPORT_AGENT_STATUSES.map((s) => (
        <Card key={s} label={AGENT_STATUS_COLUMN_LABELS[s]} value={count(totals[s])} testId={`status-total-${s}`}
          onOpen={totals[s] > 0 ? () => onOpen(s) : undefined} />
      ))}
      <Card label="Worked (past new)" value={percent(totals.workedRate)} />
    </SimpleGrid>
  );
}

function Card({ label, value, testId, onOpen }: { label: string; value: string; testId?: string; onOpen?: () => void }) {
  const body = (
    <>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text fz="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</Text>
      {onOpen && <Text size="xs" c="blue">Show leads</Text>}
    </>
  );
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      {onOpen ? (
        // Named by what it shows ("New 154 Show leads"): a spoken name must hold the visible words.
        <UnstyledButton onClick={onOpen} w="100%">{body}</UnstyledButton>
      ) : body}
    </Paper>
  );
}
