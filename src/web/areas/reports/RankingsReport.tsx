import { Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useApi } from '../../../api/context';
import { exportRankings } from '../../../api/reports/export-rankings';
import { useRankings, type RankingRow } from '../../../api/reports/get-rankings';
import { RANKING_COLUMN_LABELS, RANKING_METRICS, RANKING_SORTS, rankingMetric, type RankingMetric, type RankingSort } from '../../../domain/reports/rankings';
import { OUTCOME_CELLS } from './shared/cells';
import { useReportTable } from './shared/report-table';
import { SortableReport } from './shared/SortableReport';
import { TopAgents } from './shared/TopAgents';

/** Each column's cell, readable (shared/cells.ts); an agent without a rank by the figure shows a dash. */
const CELL: Record<RankingSort, (r: RankingRow) => string> = {
  rank: (r) => (r.rank === null ? '—' : String(r.rank)),
  agentName: (r) => r.agentName,
  companyName: (r) => r.companyName,
  ...OUTCOME_CELLS,
};

/**
 * The Rankings report (document 000 sections 2 and 6, document 002 section 2): the agents a
 * manager sees ranked by one figure, best first; a chart of the first ten with their
 * figures as a table, every column sortable (total descending first; choosing a figure
 * sorts by its rank), 25 rows a page, the whole filter as a CSV.
 */
export default function RankingsReport() {
  const api = useApi();
  const t = useReportTable<RankingSort>({ by: 'total', order: 'desc' });
  const [metric, setMetric] = useState<RankingMetric>('total');
  const query = { ...t.query, metric };
  const q = useRankings({ ...query, ...t.pageQuery });
  const m = rankingMetric(metric);
  const choose = (id: RankingMetric) => {
    setMetric(id);
    t.sortTo({ by: 'rank', order: 'asc' });
  };
  const top = q.data?.top ?? [];

  return (
    <SortableReport title="Rankings" stem="rankings" rowTestId="ranking-row" noun="agents" table={t} query={q}
      exportCsv={() => exportRankings(api, query)} columns={RANKING_SORTS} labels={RANKING_COLUMN_LABELS} cells={CELL}
      rowKey={(r) => `${r.agentId}-${r.companyId}`} loadFailed="The rankings did not load"
      empty={{ title: 'No agents to rank', text: (d) => `No agent bought leads matching these filters between ${d.dateFrom} and ${d.dateTo}.` }}
      controls={<Select label="Rank by" w={190} data={RANKING_METRICS.map((x) => ({ value: x.id, label: x.label }))} value={metric}
        onChange={(v) => v && choose(v as RankingMetric)} allowDeselect={false} data-testid="ranking-metric" />}
      above={top.length > 0 && <TopAgents title={`Top agents by ${m.label}`} figure={m.label} kind={m.kind} testId="rankings-chart"
        agents={top.map((r) => ({ key: `${r.agentId}-${r.companyId}`, rank: r.rank, agentName: r.agentName, companyName: r.companyName, value: r[metric] }))} />}
      below={
        <Text size="sm" c="dimmed" data-testid="rankings-note">
          Rank: by {m.label.toLowerCase()}, {m.better === 'higher' ? 'highest' : 'lowest'} first
          {m.kind === 'count' ? '.' : `; only agents sold at least ${q.data?.minTotal ?? ''} leads in the range are ranked by a rate or a cost.`}
        </Text>
      } />
  );
}
