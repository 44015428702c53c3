import { Anchor, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useApi } from '../../../api/context';
import { exportAgentStatusReport } from '../../../api/reports/export-agent-status-report';
import { useAgentStatusReport, type AgentStatusRow } from '../../../api/reports/get-agent-status-report';
import { AGENT_STATUS_COLUMN_LABELS, AGENT_STATUS_SORTS, REPORT_AGENT_STATUSES, type AgentStatusSort } from '../../../domain/reports/agent-status';
import { percent } from '../../../domain/reports/tables';
import { StatusLeadsModal, type StatusDrill } from './agent-status/StatusLeadsModal';
import { StatusTotals } from './agent-status/StatusTotals';
import { count } from './shared/cells';
import { useReportTable } from './shared/report-table';
import { SortableReport } from './shared/SortableReport';

type Status = (typeof REPORT_AGENT_STATUSES)[number];

/**
 * The Agent Status report (document 002 section 2; docs/areas/reports.md): the agents a
 * regional manager (or an admin) sees, and where the leads sold to them in the range stand
 * now: one row per agent, a count per status, the share worked past new; the sums of all
 * as cards. Every count opens its leads; every column sorts (leads descending first); a CSV.
 */
export default function AgentStatusReport() {
  const api = useApi();
  const t = useReportTable<AgentStatusSort>({ by: 'leads', order: 'desc' });
  const q = useAgentStatusReport({ ...t.query, ...t.pageQuery });
  const [drill, setDrill] = useState<StatusDrill | null>(null);
  const { sort: _sort, order: _order, ...filter } = t.query;

  const statusCell = (s: Status) => (r: AgentStatusRow) =>
    r[s] === 0 ? '0' : (
      <Anchor component="button" type="button" fz="sm" onClick={() => setDrill({ status: s, agent: { id: r.agentId, name: r.agentName } })}
        aria-label={`Show the ${r[s]} ${AGENT_STATUS_COLUMN_LABELS[s].toLowerCase()} leads of ${r.agentName}`}>
        {count(r[s])}
      </Anchor>
    );
  const cells: Record<AgentStatusSort, (r: AgentStatusRow) => ReactNode> = {
    agentName: (r) => r.agentName,
    companyName: (r) => r.companyName,
    leads: (r) => count(r.leads),
    ...(Object.fromEntries(REPORT_AGENT_STATUSES.map((s) => [s, statusCell(s)])) as Record<Status, (r: AgentStatusRow) => ReactNode>),
    workedRate: (r) => percent(r.workedRate),
  };

  return (
    <>
      <SortableReport title="Agent Status" stem="agent-status" rowTestId="agent-status-row" noun="agents" table={t} query={q}
        exportCsv={() => exportAgentStatusReport(api, t.query)} columns={AGENT_STATUS_SORTS} labels={AGENT_STATUS_COLUMN_LABELS} cells={cells}
        rowKey={(r) => `${r.agentId}-${r.companyId}`} loadFailed="The agent status report did not load"
        empty={{ title: 'No leads in this range', text: (d) => `No agent has a lead still worked, sold between ${d.dateFrom} and ${d.dateTo}, matching these filters.` }}
        above={q.data && <StatusTotals totals={q.data.totals} onOpen={(status) => setDrill({ status, agent: null })} />}
        below={<Text size="xs" c="dimmed">Leads returned, or waiting on a return, are no longer the agent’s to work and are left out; a lead whose return was denied counts again.</Text>} />
      {drill && <StatusLeadsModal drill={drill} filter={filter} onClose={() => setDrill(null)} />}
    </>
  );
}
