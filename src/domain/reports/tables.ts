/**
 * The report tables (document 002 sections 3 and 9): page size 25, default sort total
 * descending, a page window of two pages either side; the vendor report's and the return
 * reports' rows and the sorting both the server and the screens use.
 */
export const REPORT_PAGE_SIZE = 25;
/** Pages shown either side of the current one. */
export const REPORT_PAGE_WINDOW = 2;

/** The vendor report's columns (document 002 section 3), each sortable. */
export const VENDOR_SORTS = ['vendorDisplayName', 'total', 'quoted', 'quoteRate', 'policies', 'costPerQuote', 'costPerPolicy', 'returnRate'] as const;
export type VendorSort = (typeof VENDOR_SORTS)[number];
export const VENDOR_COLUMN_LABELS: Record<VendorSort, string> = {
  vendorDisplayName: 'Vendor',
  total: 'Total',
  quoted: 'Quoted',
  quoteRate: 'Quote Rate',
  policies: 'Policies',
  costPerQuote: 'Cost Per Quote',
  costPerPolicy: 'Cost Per Policy',
  returnRate: 'Return Rate',
};
/** The vendor report's figure columns, without its vendor: the Packages and Rankings reports show them per package or agent. */
const { vendorDisplayName: _vendor, ...figures } = VENDOR_COLUMN_LABELS;
export const FIGURE_COLUMN_LABELS: Omit<Record<VendorSort, string>, 'vendorDisplayName'> = figures;
/** The Lead Volume report's table (docs/areas/reports.md): one row per day or week of the chart, each column sortable. */
export const VOLUME_SORTS = ['from', 'leads', 'calls', 'total', 'spend'] as const;
export type VolumeSort = (typeof VOLUME_SORTS)[number];
export const VOLUME_COLUMN_LABELS: Record<VolumeSort, string> = { from: 'Period', leads: 'Leads', calls: 'Calls', total: 'Total', spend: 'Spend' };

/** The Packages report's columns, each sortable (the vendor report's figures, per package). */
export const PACKAGE_SORTS = ['name', 'vertical', 'product', 'total', 'spend', 'quoted', 'quoteRate', 'policies', 'costPerQuote', 'costPerPolicy', 'returnRate'] as const;
export type PackageSort = (typeof PACKAGE_SORTS)[number];
export const PACKAGE_COLUMN_LABELS: Record<PackageSort, string> = { name: 'Package', vertical: 'Vertical', product: 'Product', spend: 'Spend', ...FIGURE_COLUMN_LABELS };
/** The text columns of the report tables: a new sort on one of them starts ascending, a figure descending. */
export const TEXT_SORTS: readonly string[] = ['vendorDisplayName', 'name', 'vertical', 'product', 'from', 'agentName', 'companyName'];
/** A rank (the rankings' place by a figure) is a number that starts ascending too: the best first. */
const ASCENDING_FIRST: readonly string[] = [...TEXT_SORTS, 'rank'];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * The highest return rates rank vendors or packages by returned over sold; one with fewer
 * than this many leads sold in the range is left out, so a single returned lead (100 %)
 * does not top a table of real suppliers. Our number: the specification names the table only.
 */
export const RETURN_RATE_MIN_SOLD = 20;
export const RETURN_RATE_GROUPS = ['vendor', 'package'] as const;
export type ReturnRateGroup = (typeof RETURN_RATE_GROUPS)[number];

/** The products and verticals a report filters by (document 002 section 2). */
export const REPORT_PRODUCT_LABELS = { leads: 'Leads', calls: 'Calls' } as const;
export type ReportProduct = keyof typeof REPORT_PRODUCT_LABELS;
/** Calls are offered to admins and to users with the reporting or call_orders feature (document 002 section 2). */
export const offersCallReports = (role: string, features: readonly string[]): boolean =>
  role === 'admin' || features.includes('reporting') || features.includes('call_orders');
/**
 * The products a report reads for a caller: the one asked for, else both; calls only for
 * those offered them (the Lead Volume and Packages reports hold to this on the server).
 * Null when the product asked for is not offered: a 403.
 */
export function reportProducts(role: string, features: readonly string[], product: ReportProduct | null): ReportProduct[] | null {
  const offered: ReportProduct[] = offersCallReports(role, features) ? ['leads', 'calls'] : ['leads'];
  if (product === null) return offered;
  return offered.includes(product) ? [product] : null;
}

/** The sort after a click on a column: the sorted column turns; another starts descending, or ascending for text and a rank. */
export function nextSort<C extends string>(current: { by: C; order: SortOrder }, by: C): { by: C; order: SortOrder } {
  if (current.by === by) return { by, order: current.order === 'desc' ? 'asc' : 'desc' };
  return { by, order: ASCENDING_FIRST.includes(by) ? 'asc' : 'desc' };
}

/**
 * Rows sorted by one key: text by its locale order, numbers by value, and a missing
 * figure (null: nothing to divide by) last whatever the order; ties by the first key given.
 */
export function sortRows<R, K extends keyof R>(rows: readonly R[], key: K, order: SortOrder, tie: keyof R): R[] {
  const dir = order === 'asc' ? 1 : -1;
  const cmp = (a: unknown, b: unknown): number =>
    typeof a === 'string' && typeof b === 'string' ? a.localeCompare(b) : (a as number) - (b as number);
  return [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === null || y === null) return x === y ? cmp(a[tie], b[tie]) : x === null ? 1 : -1;
    return dir * cmp(x, y) || cmp(a[tie], b[tie]);
  });
}

/** The pages to offer around the current one (1-based): two either side, within 1..pages. */
export function pageWindow(page: number, pages: number): number[] {
  const first = Math.max(1, page - REPORT_PAGE_WINDOW);
  const last = Math.min(pages, page + REPORT_PAGE_WINDOW);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
}

/** A fraction as a percentage with one decimal ('12.5 %'), a dash when there is none. */
export const percent = (rate: number | null): string => (rate === null ? '—' : `${(rate * 100).toFixed(1)} %`);
/** A fraction as a CSV number of percent ('12.5'), empty when there is none. */
export const csvPercent = (rate: number | null): string => (rate === null ? '' : (rate * 100).toFixed(1));
