/**
 * Where the weekly cards go (leads delivered, calls, returns, scrubbed: this week against
 * last week, GET /reports/weekly-stats of the reports' rollups). Renders nothing until
 * they are wired in; the dashboard already hands it the company shown.
 */
export function WeeklyCardsSlot(_props: { company: number | null }) {
  return null;
}
