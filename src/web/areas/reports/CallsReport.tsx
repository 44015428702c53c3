import { useApi } from '../../../api/context';
import { exportCallRankings } from '../../../api/reports/export-call-rankings';
import { useCallRankings, type CallRankingRow } from '../../../api/reports/get-call-rankings';
import { dollars } from '../../../domain/money/format';
import { CALL_RANKING_COLUMN_LABELS, CALL_RANKING_SORTS, callLength, type CallRankingSort } from '../../../domain/reports/rankings';
import { percent } from '../../../domain/reports/tables';
import { count } from './shared/cells';
import { useReportTable } from './shared/report-table';
import { SortableReport } from './shared/SortableReport';
import { TopAgents } from './shared/TopAgents';

/** Each column's cell, readable: counts grouped, money in dollars, an average length as m:ss. */
const CELL: Record<CallRankingSort, (r: CallRankingRow) => string> = {
  rank: (r) => String(r.rank),
  agentName: (r) => r.agentName,
  companyName: (r) => r.companyName,
  calls: (r) => count(r.calls),
  spend: (r) => dollars(r.spend),
  seconds: (r) => count(r.seconds),
  averageSeconds: (r) => callLength(r.averageSeconds),
  costPerCall: (r) => dollars(r.costPerCall),
  returnRate: (r) => percent(r.returnRate),
};

/**
 * The Calls report, the call rankings (document 002 section 2, state callRankings): the
 * agents a regional manager (or an admin) sees, by calls bought, with spend, billable
 * seconds, average length and cost, and return rate; a chart of the first ten with their
 * figures as a table, every column sortable (calls descending first), a CSV.
 */
export default function CallsReport() {
  const api = useApi();
  const t = useReportTable<CallRankingSort>({ by: 'calls', order: 'desc' });
  const q = useCallRankings({ ...t.query, ...t.pageQuery });
  const top = q.data?.top ?? [];

  return (
    <SortableReport title="Calls" stem="calls" rowTestId="call-row" noun="agents" table={t} query={q} noProduct
      exportCsv={() => exportCallRankings(api, t.query)} columns={CALL_RANKING_SORTS} labels={CALL_RANKING_COLUMN_LABELS} cells={CELL}
      rowKey={(r) => `${r.agentId}-${r.companyId}`} loadFailed="The call rankings did not load"
      empty={{ title: 'No calls in this range', text: (d) => `No agent bought calls matching these filters between ${d.dateFrom} and ${d.dateTo}.` }}
      above={top.length > 0 && <TopAgents title="Top agents by calls bought" figure="Calls" kind="count" testId="calls-chart"
        agents={top.map((r) => ({ key: `${r.agentId}-${r.companyId}`, rank: r.rank, agentName: r.agentName, companyName: r.companyName, value: r.calls }))} />} />
  );
}
