import { dayRangeIn } from '../../../domain/time/zone';
import { STILL_WORKED, tabFilter, type LeadTab } from '../../../domain/leads/tabs';
import type { LeadQuery } from '../../../domain/leads/filters';
import type { Scope } from '../../../domain/access/scope';
import { LEAD_COLUMNS, scopeSql } from '../scope-sql';

/**
 * The WHERE clause of a lead search, built once for the page, the counts and the export:
 * the scope, the day range in the caller's zone, the filters and (unless left out) the
 * tab. Values travel as parameters, never in the text.
 */
export interface Where {
  sql: string;
  params: unknown[];
  /** Add a parameter; returns its placeholder ($n). */
  p(v: unknown): string;
}

const WORKED = `(l.return_status IS NULL OR l.return_status IN (${STILL_WORKED.map((s) => `'${s}'`).join(', ')}))`;
/** The condition of a lead still counted under its agent status (section 4). */
export const WORKED_SQL = WORKED;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function tabSql(tab: LeadTab, allstate: boolean, p: (v: unknown) => string): string {
  const f = tabFilter(tab);
  if (f.kind === 'all') return 'true';
  if (f.kind === 'returns') return 'l.return_status IS NOT NULL';
  // The allstate flag (quoted and policy only) lists the leads Allstate reports quoted or bound.
  if (allstate && f.agentStatus === 'quoted') return `l.quoted AND ${WORKED}`;
  if (allstate && f.agentStatus === 'policy') return `l.policy AND ${WORKED}`;
  return `l.agent_status = ${p(f.agentStatus)} AND ${WORKED}`;
}

export function buildWhere(q: LeadQuery, scope: Scope, timeZone: string, opts: { withTab: boolean }): Where {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const parts: string[] = [scopeSql(scope, LEAD_COLUMNS, p)];
  const days = dayRangeIn({ from: q.dateFrom, to: q.dateTo }, timeZone);
  parts.push(`l.inserted_at >= ${p(days.from)} AND l.inserted_at < ${p(days.to)}`);
  if (q.states.length === 1) parts.push(`l.state = ${p(q.states[0])}`);
  else if (q.states.length > 1) parts.push(`l.state = ANY (${p(q.states)}::char(2)[])`);
  if (q.vertical) parts.push(`l.vertical = ${p(q.vertical)}`);
  if (q.product === 'leads' || q.product === 'calls') parts.push(`l.product = ${p(q.product)}`);
  if (q.product === 'optimizer') parts.push('l.package_id IN (SELECT pk.id FROM packages pk WHERE pk.optimizer_enabled)');
  if (q.returnStatus) parts.push(`l.return_status = ${p(q.returnStatus)}`);
  if (q.term) parts.push(termSql(q.term, p));
  if (q.custom) {
    const v = p(q.custom.value.toLowerCase());
    if (q.custom.field === 'firstName') parts.push(`lower(l.first_name) = ${v}`);
    else if (q.custom.field === 'lastName') parts.push(`lower(l.last_name) = ${v}`);
    else parts.push(`l.company_id IN (SELECT c.id FROM companies c WHERE lower(c.name) = ${v})`);
  }
  if (opts.withTab) parts.push(tabSql(q.tab, q.allstate, p));
  return { sql: parts.map((s) => `(${s})`).join(' AND '), params, p };
}

/**
 * A search term: a lead id, a phone number (its digits), an email, or the start of a
 * first name, last name or "first last".
 */
function termSql(term: string, p: (v: unknown) => string): string {
  const ors: string[] = [];
  if (/^\d{1,9}$/.test(term)) ors.push(`l.id = ${p(Number(term))}`);
  const digits = term.replace(/\D/g, '');
  if (digits.length >= 7 && /^[\d\s()+.-]+$/.test(term)) ors.push(`l.phone LIKE ${p(`%${escapeLike(digits.slice(-10))}`)}`);
  if (term.includes('@')) ors.push(`lower(l.email) = ${p(term.toLowerCase())}`);
  const like = p(`${escapeLike(term.toLowerCase())}%`);
  ors.push(`lower(l.first_name) LIKE ${like}`, `lower(l.last_name) LIKE ${like}`, `lower(l.first_name || ' ' || l.last_name) LIKE ${like}`);
  return ors.join(' OR ');
}
