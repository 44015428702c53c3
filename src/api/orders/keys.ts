import type { ActingAs } from '../context';

/** Query keys of the orders area: what a caller sees depends on whom the session acts as. */
export const orderKeys = {
  all: (as: ActingAs) => ['orders', as] as const,
  packages: (as: ActingAs, filter: { vertical?: string; product?: string; group?: string | null }) => [...orderKeys.all(as), 'packages', filter] as const,
  job: (as: ActingAs, id: number) => [...orderKeys.all(as), 'job', id] as const,
  order: (as: ActingAs, id: number) => [...orderKeys.all(as), 'order', id] as const,
  costEstimate: (as: ActingAs, target: { jobId?: number; orderId?: number }) => [...orderKeys.all(as), 'cost-estimate', target] as const,
  biddingContext: (as: ActingAs, q: { location: string; vertical: string; product: string }) => [...orderKeys.all(as), 'bidding-context', q] as const,
  optimizer: (as: ActingAs, input: object) => [...orderKeys.all(as), 'optimizer', input] as const,
};
