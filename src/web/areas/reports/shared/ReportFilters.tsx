import { Group, Select } from '@mantine/core';
import { REPORT_PRODUCT_LABELS, offersCallReports, type ReportProduct } from '../../../../domain/reports/tables';
import { REPORT_DATE_CHOICES, REPORT_RANGE } from '../../../../domain/reports/range';
import { VERTICAL_LABELS, type Vertical } from '../../../../domain/leads/filters';
import { LEADS_MSG } from '../../../../domain/leads/messages';
import { isAdmin } from '../../../../domain/roles';
import type { DayRange } from '../../../../domain/time/range';
import { useClock, useTimeZone } from '../../../app/clock';
import { useCurrentUser } from '../../../app/session';
import { CompanyPicker } from '../../../ui/CompanyPicker';
import { DateRangeSelect } from '../../../ui/DateRangeSelect';

/** What every report filters by: days (null until chosen: the server's default), product, vertical, and an admin's company. */
export interface ReportFilterValue {
  range: DayRange | null;
  product: ReportProduct | null;
  vertical: Vertical | null;
  /** An admin's choice of one company (null: every company); nobody else has a picker. */
  company: number | null;
}
export const NO_REPORT_FILTER: ReportFilterValue = { range: null, product: null, vertical: null, company: null };

/** The filter as the report operations take it. */
export const reportQueryOf = (f: ReportFilterValue) => ({
  ...(f.range ? { dateFrom: f.range.from, dateTo: f.range.to } : {}),
  ...(f.product ? { product: f.product } : {}),
  ...(f.vertical ? { vertical: f.vertical } : {}),
  ...(f.company !== null ? { company: f.company } : {}),
});

interface Props {
  value: ReportFilterValue;
  onChange(value: ReportFilterValue): void;
  /** The days the last answer covered (the server's default before a choice) and the user's first day. */
  shown: DayRange | null;
  firstDay: string | null;
  /** No product choice: the report is of one product (the call rankings). */
  noProduct?: boolean;
}

/**
 * The reports' filter bar: the date range with the presets of document 002 section 5 (its
 * refusals shown under the fields in the server's words), the product and vertical, and
 * for an admin (not switched into a user) the company whose figures to read.
 */
export function ReportFilters({ value, onChange, shown, firstDay, noProduct }: Props) {
  const clock = useClock();
  const zone = useTimeZone();
  const user = useCurrentUser();
  const products = (Object.keys(REPORT_PRODUCT_LABELS) as ReportProduct[]).filter((p) => p !== 'calls' || (user && offersCallReports(user.role, user.features)));
  const range = value.range ?? shown;
  return (
    <Group align="flex-end" gap="md" wrap="wrap" data-testid="report-filters">
      {user && isAdmin(user) && (
        <CompanyPicker companyId={value.company} onChange={(company) => onChange({ ...value, company })} placeholder="All companies" testId="report-company" />
      )}
      {range && (
        <DateRangeSelect
          value={range}
          onChange={(r) => onChange({ ...value, range: r })}
          rule={REPORT_RANGE}
          now={clock.now()}
          timeZone={zone}
          choices={REPORT_DATE_CHOICES}
          notBefore={firstDay}
        />
      )}
      {!noProduct && (
        <Select
          label="Product"
          w={160}
          data={[{ value: '', label: LEADS_MSG.allProducts }, ...products.map((p) => ({ value: p, label: REPORT_PRODUCT_LABELS[p] }))]}
          value={value.product ?? ''}
          onChange={(v) => onChange({ ...value, product: (v || null) as ReportProduct | null })}
          allowDeselect={false}
          data-testid="report-product"
        />
      )}
      <Select
        label="Vertical"
        w={160}
        data={[{ value: '', label: LEADS_MSG.allVerticals }, ...(Object.keys(VERTICAL_LABELS) as Vertical[]).map((v) => ({ value: v, label: VERTICAL_LABELS[v] }))]}
        value={value.vertical ?? ''}
        onChange={(v) => onChange({ ...value, vertical: (v || null) as Vertical | null })}
        allowDeselect={false}
        data-testid="report-vertical"
      />
    </Group>
  );
}
