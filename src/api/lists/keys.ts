import type { ActingAs } from '../context';

/** One page of the list-order table; an admin may narrow it to one company. */
export interface ListOrderFilter {
  page: number;
  pageSize: 10 | 25 | 50 | 100;
  companyId: number | null;
}

/** Query keys of the lead-lists area; every one starts with whom the session acts as. */
export const listKeys = {
  all: (as: ActingAs) => ['lists', as] as const,
  orders: (as: ActingAs) => [...listKeys.all(as), 'orders'] as const,
  orderPage: (as: ActingAs, f: ListOrderFilter) => [...listKeys.orders(as), 'page', f] as const,
  order: (as: ActingAs, orderId: number) => [...listKeys.orders(as), 'one', orderId] as const,
  lists: (as: ActingAs, orderId: number) => [...listKeys.all(as), 'lists', orderId] as const,
  dncImports: (as: ActingAs) => [...listKeys.all(as), 'dnc-imports'] as const,
  report: (as: ActingAs, companyId: number | null) => [...listKeys.all(as), 'report', companyId] as const,
};
