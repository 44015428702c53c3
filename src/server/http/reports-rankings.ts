import type { RankingMetric, RankingSort, CallRankingSort } from '../../domain/reports/rankings';
import { RANKING_CHART_TOP, RANKING_MIN_SOLD } from '../../domain/reports/rankings';
import { sortRows, type SortOrder } from '../../domain/reports/tables';
import type { AppContext } from '../context';
import { callRankingsCsv, rankingsCsv } from '../services/reports/csv';
import { agentRankings, callRankings } from '../services/reports/rankings';
import { authOf, type RequestAuth } from './guard';
import type { Handlers } from './operations';
import { reportCommon, type ReportQuery } from './report-common';

/**
 * The Rankings and Calls reports (docs/areas/reports.md): the agents a manager sees (the
 * `order` holding of domain/access/scope.ts) ranked from the rollups; the page, the
 * chart's top ten and the CSV from one ranking.
 */
export function rankingsReportHandlers(ctx: AppContext): Handlers {
  const { filterOf, page, rangeOf, sendCsv } = reportCommon(ctx);

  async function rankingRows(auth: RequestAuth, q: ReportQuery & { metric?: RankingMetric; sort?: RankingSort; order?: SortOrder }) {
    const f = await filterOf(auth, q, 'order');
    const metric = q.metric ?? 'total';
    const ranked = await agentRankings(ctx.db, f, metric);
    return { f, metric, ranked, rows: sortRows(ranked, q.sort ?? 'total', q.order ?? 'desc', 'agentName') };
  }

  async function callRows(auth: RequestAuth, q: ReportQuery & { sort?: CallRankingSort; order?: SortOrder }) {
    const f = await filterOf(auth, q, 'order');
    const ranked = await callRankings(ctx.db, f);
    return { f, ranked, rows: sortRows(ranked, q.sort ?? 'calls', q.order ?? 'desc', 'agentName') };
  }

  /** The chart's agents: the first ten of the ranking (ranked ones only). */
  const topOf = <R extends { rank: number | null }>(ranked: R[]) => ranked.filter((r) => r.rank !== null).slice(0, RANKING_CHART_TOP);

  return {
    async getRankings(req) {
      const { f, metric, ranked, rows } = await rankingRows(authOf(req), req.query);
      return { asOf: ctx.clock.now().toISOString(), ...rangeOf(f), metric, minTotal: RANKING_MIN_SOLD, ...page(rows, req.query), top: topOf(ranked) };
    },

    async exportRankings(req, reply) {
      const { metric, rows } = await rankingRows(authOf(req), req.query);
      return sendCsv(reply, 'rankings.csv', rankingsCsv(metric, rows));
    },

    async getCallRankings(req) {
      const { f, ranked, rows } = await callRows(authOf(req), req.query);
      return { asOf: ctx.clock.now().toISOString(), ...rangeOf(f), ...page(rows, req.query), top: topOf(ranked) };
    },

    async exportCallRankings(req, reply) {
      const { rows } = await callRows(authOf(req), req.query);
      return sendCsv(reply, 'call_rankings.csv', callRankingsCsv(rows));
    },
  };
}
