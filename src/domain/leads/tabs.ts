import { RETURN_STATUS_LABELS, RETURN_STATUSES, type ReturnStatus } from '../returns/status';

/**
 * The tabs of lead search (document 002 sections 2 and 4): their routes, labels, colours
 * and icons, and the filter each tab stands for.
 */
export const AGENT_STATUSES = ['new', 'contacted', 'quoted', 'policy', 'attempting'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const AGENT_STATUS_LABELS: Record<AgentStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  policy: 'Policy',
  attempting: 'Attempting',
};

// The return statuses and their labels are the returns rule's (one rule, one place).
export { RETURN_STATUS_LABELS, RETURN_STATUSES, type ReturnStatus };

/** The same, under a "Return" column heading. */
export const RETURN_STATUS_SHORT: Record<ReturnStatus, string> = {
  return_pending: 'Pending',
  return_approved: 'Approved',
  return_denied: 'Denied',
  return_disputed: 'Disputed',
  return_dispute_denied: 'Dispute denied',
};

/** Return statuses under which a lead still counts in its agent-status tab (section 4). */
export const STILL_WORKED: readonly ReturnStatus[] = ['return_denied', 'return_dispute_denied'];

export const LEAD_TABS = ['new', 'contacted', 'quoted', 'policy', 'returns', 'all'] as const;
export type LeadTab = (typeof LEAD_TABS)[number];

/** Icons are named after @tabler/icons-react components; the view maps the name. */
export const LEAD_TAB_META: Record<LeadTab, { label: string; color: string; icon: string }> = {
  new: { label: 'New', color: 'blue', icon: 'sparkles' },
  contacted: { label: 'Contacted', color: 'cyan', icon: 'phone' },
  quoted: { label: 'Quoted', color: 'violet', icon: 'file-dollar' },
  policy: { label: 'Policy', color: 'green', icon: 'shield-check' },
  returns: { label: 'Returns', color: 'orange', icon: 'receipt-refund' },
  all: { label: 'Leads', color: 'gray', icon: 'list' },
};

export const isLeadTab = (s: string): s is LeadTab => (LEAD_TABS as readonly string[]).includes(s);

/**
 * What a tab filters (section 4): all has neither status; returns has every return
 * status; every other tab its agent status with no return or a denied one.
 */
export type TabFilter =
  | { kind: 'all' }
  | { kind: 'returns' }
  | { kind: 'status'; agentStatus: AgentStatus };

export function tabFilter(tab: LeadTab): TabFilter {
  if (tab === 'all') return { kind: 'all' };
  if (tab === 'returns') return { kind: 'returns' };
  return { kind: 'status', agentStatus: tab };
}

/** The allstate flag holds only on the quoted and policy tabs; elsewhere it resets to false. */
export const allstateAllowed = (tab: LeadTab): boolean => tab === 'quoted' || tab === 'policy';

/** The tab counts the screen shows. attempting has no tab but is counted (a status counter). */
export type TabCounts = Record<LeadTab | 'attempting', number>;

export const emptyCounts = (): TabCounts => ({ new: 0, contacted: 0, quoted: 0, policy: 0, attempting: 0, returns: 0, all: 0 });

/**
 * The counters after a lead's agent status changed (section 4): the old status drops, the
 * new one rises, and the total rises if the lead had none. A returned lead (a return
 * that is not denied) is not in the status counters and changes nothing.
 */
export function adjustCounts(
  counts: TabCounts,
  lead: { agentStatus: AgentStatus | null; returnStatus: ReturnStatus | null },
  next: AgentStatus,
): TabCounts {
  if (lead.returnStatus && !STILL_WORKED.includes(lead.returnStatus)) return counts;
  if (lead.agentStatus === next) return counts;
  const out = { ...counts };
  if (lead.agentStatus) out[lead.agentStatus] = Math.max(0, out[lead.agentStatus] - 1);
  else out.all += 1;
  out[next] += 1;
  return out;
}
