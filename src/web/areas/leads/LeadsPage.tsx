import { Alert, Badge, Button, Group, Pagination, Paper, Select, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Redirect, useLocation, useParams, useSearch } from 'wouter';
import { useCountLeads } from '../../../api/leads/count-leads';
import { useIssueLeadExport } from '../../../api/leads/issue-lead-export';
import type { LeadDetails } from '../../../api/leads/get-lead';
import { useSearchLeads, type LeadRow } from '../../../api/leads/search-leads';
import { leadListChangeText } from '../../../domain/announcements';
import { defaultLeadQuery, productOptions, type LeadQuery } from '../../../domain/leads/filters';
import { PAGE_SIZES, type PageSize } from '../../../domain/page-sizes';
import { LEADS_DESIGNED_MSG } from '../../../domain/leads/messages';
import { allstateAllowed, isLeadTab, LEAD_TAB_META, LEAD_TABS, type LeadTab } from '../../../domain/leads/tabs';
import { isAdmin } from '../../../domain/roles';
import { useToday } from '../../app/clock';
import { useCurrentUser, useSessionSelector } from '../../app/session';
import { openDownload } from '../../ui/download';
import { JornayaModal } from '../../ui/JornayaModal';
import { LiveStatus } from '../../ui/LiveStatus';
import { useLeadReturnModal } from '../../ui/returns/LeadReturnAction';
import { toast } from '../../ui/toast';
import { useCountChange } from '../../ui/use-count-change';
import { CustomSearchPanel } from './CustomSearchPanel';
import { JornayaToken } from './JornayaToken';
import { LeadDetailsModal } from './LeadDetailsModal';
import { LeadFilters } from './LeadFilters';
import { LeadTable } from './LeadTable';
import { NoteModal } from './NoteModal';
import { TAB_ICONS } from './tab-icons';
import { addressOf, countParams, pageParams, queryOfAddress } from './url';
import type { FieldError } from '../../../domain/field-error';

type Jornaya = { token: string | null; audit: string | null };

/**
 * /leads/:tab (document 002 section 2): the tabs with their counts, the filters (all in
 * the address, so a search is a link), the table and its modals.
 */
export default function LeadsPage() {
  const { tab = 'new' } = useParams<{ tab: string }>();
  const search = useSearch();
  const today = useToday();
  if (!isLeadTab(tab)) return <Redirect to="/leads/new" replace />;
  const parsed = queryOfAddress(tab, search, today);
  if (!parsed.ok) return <BadAddress tab={tab} errors={parsed.errors} today={today} />;
  return <LeadSearch query={parsed.query} today={today} />;
}

function BadAddress({ tab, errors, today }: { tab: LeadTab; errors: FieldError[]; today: string }) {
  const [, navigate] = useLocation();
  return (
    <Alert color="yellow" title="This search has filters we cannot read" data-testid="bad-filters">
      {errors.map((e) => (
        <Text key={e.field} size="sm">
          {e.field}: {e.message}
        </Text>
      ))}
      <Button mt="sm" size="xs" onClick={() => navigate(addressOf(defaultLeadQuery(today, tab), today), { replace: true })}>
        Reset the filters
      </Button>
    </Alert>
  );
}

function LeadSearch({ query, today }: { query: LeadQuery; today: string }) {
  const [, navigate] = useLocation();
  const auth = useSessionSelector((s) => s.context.auth);
  const [refreshMs, setRefreshMs] = useState(0);
  const [customOpen, setCustomOpen] = useState(false);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [noteLead, setNoteLead] = useState<LeadRow | null>(null);
  const [jornaya, setJornaya] = useState<Jornaya | null>(null);
  const leadReturn = useLeadReturnModal({ timeZone: useCurrentUser()?.timezone });
  const params = pageParams(query, today);
  const page = useSearchLeads(params, refreshMs);
  const counts = useCountLeads(countParams(query, today), refreshMs);
  const exporter = useIssueLeadExport();
  // Rows that arrive (a sale, pushed by the server) or go under the same filters are said aloud.
  const change = useCountChange(JSON.stringify(params), page.isPlaceholderData ? undefined : page.data?.meta.count, leadListChangeText);
  if (!auth) return null;
  const owner = auth.original ?? auth.user;
  const admin = isAdmin(owner);
  const zone = auth.user.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const products = productOptions({ isAdmin: admin, features: auth.user.features });

  const go = (patch: Partial<LeadQuery>) => {
    const next = { ...query, page: 1, ...patch };
    if (!allstateAllowed(next.tab)) next.allstate = false;
    navigate(addressOf(next, today));
  };
  const runExport = () =>
    exporter.mutate(params, {
      // A single-use link: the browser's download manager fetches and streams the file.
      onSuccess: ({ url }) => openDownload(url),
      onError: (e) => toast('error', e.message || LEADS_DESIGNED_MSG.exportFailed),
    });
  const count = page.data?.meta.count ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            Leads
          </Title>
          <Text c="dimmed" size="sm">
            Work your leads: call, quote, bind — and keep each one's status current.
          </Text>
        </div>
        {query.custom && (
          <Badge size="lg" variant="light" data-testid="custom-badge">
            {query.custom.field} = {query.custom.value}
          </Badge>
        )}
      </Group>
      <Tabs value={query.tab} onChange={(v) => v && isLeadTab(v) && go({ tab: v })} variant="outline">
        <Tabs.List>
          {LEAD_TABS.map((t) => {
            const meta = LEAD_TAB_META[t];
            const Icon = TAB_ICONS[t];
            return (
              <Tabs.Tab key={t} value={t} color={meta.color} leftSection={<Icon size={16} color={`var(--mantine-color-${meta.color}-6)`} />}
                rightSection={
                  <Badge size="sm" variant={t === query.tab ? 'filled' : 'light'} color={meta.color} data-testid={`count-${t}`}>
                    {counts.data ? counts.data[t].toLocaleString('en-US') : '…'}
                  </Badge>
                }
                data-testid={`tab-${t}`}
              >
                {meta.label}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <LeadFilters query={query} products={products} refreshMs={refreshMs} exporting={exporter.isPending}
            onChange={go} onRefresh={setRefreshMs} onCustom={() => setCustomOpen(true)} onExport={runExport} />
          {allstateAllowed(query.tab) && (
            <Group gap="xs">
              <Button size="compact-sm" variant={query.allstate ? 'filled' : 'default'} onClick={() => go({ allstate: !query.allstate })} data-testid="allstate-toggle">
                {query.allstate ? `Allstate ${query.tab} only` : `Only Allstate ${query.tab}`}
              </Button>
            </Group>
          )}
          {page.isError ? (
            <Alert color="red" title="Leads did not load" data-testid="leads-error">
              {page.error.message}
            </Alert>
          ) : page.isPending ? (
            <Skeleton h={360} data-testid="leads-loading" />
          ) : page.data.results.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" data-testid="leads-empty">
              {LEADS_DESIGNED_MSG.noLeads}
            </Text>
          ) : (
            <>
              <LeadTable rows={page.data.results} query={query} zone={zone} dim={page.isPlaceholderData}
                onSort={(sort, order) => go({ sort, order })} onDetails={(l) => setDetailsId(l.id)} onNote={setNoteLead}
                onJornaya={(l) => setJornaya({ token: l.leadTransactionKey, audit: null })} onReturn={(l) => leadReturn.open(l.id)} />
              <Group justify="space-between">
                <Group gap="sm">
                  <Text size="sm" c="dimmed" data-testid="leads-range">
                    {(query.page - 1) * query.limit + 1}–{(query.page - 1) * query.limit + page.data.results.length} of {count.toLocaleString('en-US')}
                  </Text>
                  <Select w={90} size="xs" aria-label="Leads per page" data={PAGE_SIZES.map(String)} value={String(query.limit)}
                    onChange={(v) => go({ limit: Number(v) as PageSize })} allowDeselect={false} data-testid="page-size" />
                </Group>
                {count > query.limit && (
                  <Pagination value={query.page} onChange={(p) => go({ page: p })} total={Math.ceil(count / query.limit)} siblings={1} />
                )}
              </Group>
            </>
          )}
        </Stack>
      </Paper>
      <LiveStatus text={change.text} seq={change.seq} testId="leads-announcer" />
      <CustomSearchPanel key={String(customOpen)} opened={customOpen} onClose={() => setCustomOpen(false)} current={query.custom}
        onApply={(custom) => go({ custom })} />
      {detailsId !== null && (
        <LeadDetailsModal leadId={detailsId} zone={zone} showId={admin} onClose={() => setDetailsId(null)}
          onJornaya={(d: LeadDetails) => setJornaya({ token: d.lead.leadTransactionKey, audit: String(d.details.jornayaAudit ?? '') || null })} />
      )}
      {noteLead && <NoteModal lead={noteLead} zone={zone} onClose={() => setNoteLead(null)} />}
      {leadReturn.modal}
      <JornayaModal opened={jornaya !== null} onClose={() => setJornaya(null)}>
        {jornaya && <JornayaToken token={jornaya.token} audit={jornaya.audit} />}
      </JornayaModal>
    </Stack>
  );
}
