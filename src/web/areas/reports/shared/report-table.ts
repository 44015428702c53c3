import { useState } from 'react';
import { REPORT_PAGE_SIZE, nextSort } from '../../../../domain/reports/tables';
import { NO_REPORT_FILTER, reportQueryOf, type ReportFilterValue } from './ReportFilters';
import type { TableSort } from './SortableTable';

/**
 * A sortable, paged report's state: the filter bar's value, the sort (a click turns the
 * sorted column, see `nextSort`) and the page, which a new filter or sort sends back to 1.
 */
export function useReportTable<C extends string>(initial: TableSort<C>) {
  const [filter, setFilter] = useState<ReportFilterValue>(NO_REPORT_FILTER);
  const [sort, setSort] = useState(initial);
  const [page, setPage] = useState(1);
  return {
    filter,
    sort,
    page,
    setPage,
    changeFilter(f: ReportFilterValue) {
      setFilter(f);
      setPage(1);
    },
    sortBy(by: C) {
      setSort((s) => nextSort(s, by));
      setPage(1);
    },
    /** Sort by a column in a given order (the rankings sort by rank when a figure is chosen). */
    sortTo(next: TableSort<C>) {
      setSort(next);
      setPage(1);
    },
    /** The filter and the sort as the report's operations (and its CSV) take them. */
    query: { ...reportQueryOf(filter), sort: sort.by, order: sort.order },
    /** The page asked for. */
    pageQuery: { limit: REPORT_PAGE_SIZE, skip: (page - 1) * REPORT_PAGE_SIZE },
  };
}
