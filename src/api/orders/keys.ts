import type { ActingAs } from '../context';

/** Query keys of the orders area: what a caller sees depends on whom the session acts as. */
export const orderKeys = {
  all: (as: ActingAs) => ['orders', as] as const,
  packages: (as: ActingAs, filter: { vertical?: string; product?: string; group?: string | null }) => [...orderKeys.all(as), 'packages', filter] as const,
  job: (as: ActingAs, id: number) => [...orderKeys.all(as), 'job', id] as const,
  order: (as: ActingAs, id: number) => [...orderKeys.all(as), 'order', id] as const,
  list: (as: ActingAs, filter: OrderListFilter) => [...orderKeys.all(as), 'list', filter] as const,
  caps: (as: ActingAs, ids: readonly number[]) => [...orderKeys.all(as), 'caps', ids] as const,
  events: (as: ActingAs, orderId: number, shown: number) => [...orderKeys.all(as), 'events', orderId, shown] as const,
  breakdown: (as: ActingAs, orderId: number) => [...orderKeys.all(as), 'breakdown', orderId] as const,
  groups: (as: ActingAs) => [...orderKeys.all(as), 'groups'] as const,
  costEstimate: (as: ActingAs, target: { jobId?: number; orderId?: number }) => [...orderKeys.all(as), 'cost-estimate', target] as const,
  biddingContext: (as: ActingAs, q: { location: string; vertical: string; product: string }) => [...orderKeys.all(as), 'bidding-context', q] as const,
  optimizer: (as: ActingAs, input: object) => [...orderKeys.all(as), 'optimizer', input] as const,
};

/** What the order list asks: a tab, a page, a sort, a search, and whether only CLD orders. */
export interface OrderListFilter {
  tab: 'all' | 'autoins' | 'homeins' | 'incomplete';
  page: number;
  pageSize: 10 | 30 | 50 | 100;
  sort: 'companyName' | 'name' | 'status' | 'createdAt' | 'vertical';
  dir: 'asc' | 'desc';
  search: string;
  /** Only the orders of CLD packages (the CLD list). */
  cld?: boolean;
}
