import { Alert, Button, Group, Modal, Pagination, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { ApiError } from '../../../../api/errors';
import { useCloneOrder } from '../../../../api/orders/clone-order';
import { useCompanyStatus } from '../../../../api/orders/company-status';
import { useDeleteOrder } from '../../../../api/orders/delete-order';
import { useOrderCaps } from '../../../../api/orders/get-order-caps';
import type { OrderListFilter } from '../../../../api/orders/keys';
import { useOrders, type OrderListRow } from '../../../../api/orders/list-orders';
import { useRenameOrder } from '../../../../api/orders/rename-order';
import { useSendOrderSummary } from '../../../../api/orders/send-order-summary';
import { DEFAULT_ORDER_SORT, NARROW_WIDTH, ORDER_LIST_DESIGNED_MSG, ORDER_LIST_MSG, ORDER_TABS } from '../../../../domain/orders/list';
import { PAGE_SIZES } from '../../../../domain/page-sizes';
import { maxPauseDays } from '../../../../domain/orders/status';
import { useSessionSelector } from '../../../app/session';
import { toast } from '../../../ui/toast';
import { TimelinePanel } from '../panels/TimelinePanel';
import { stepUrl, WIZARD_BASE } from '../wizard/urls';
import { GroupsModal } from './GroupsModal';
import { OrderItem, type OrderAction } from './OrderItem';

// The pie chart (recharts) loads with the breakdown, not with the list.
const BreakdownPanel = lazy(() => import('../panels/BreakdownPanel').then((m) => ({ default: m.BreakdownPanel })));

const SORT_LABELS = { companyName: 'Company', name: 'Name', status: 'Status', createdAt: 'Created', vertical: 'Vertical' } as const;

/** Who is looking: the acting user's flags with the rights of an admin behind a switch. */
function useOrderViewer() {
  const auth = useSessionSelector((s) => s.context.auth);
  const admin = auth?.original?.role === 'admin' ? auth.original : auth?.user.role === 'admin' ? auth.user : null;
  return { isAdmin: admin !== null, isSuperAdmin: admin?.isSuperAdmin ?? false, isPro: auth?.user.isPro ?? false, switched: !!auth?.original };
}

/** /orders/list: every order of the caller's scope. */
export default function OrderListPage() {
  return <OrderList title="Orders" />;
}

export interface OrderListProps {
  title: string;
  /** Only the orders of CLD packages (the CLD list). */
  cld?: boolean;
  /** Above the tabs (the CLD list's funds). */
  header?: ReactNode;
  /** What an empty list (no search, a tab other than Incomplete) says. */
  empty?: ReactNode;
  /** Which funds a CLD order spends ("Paid from: …"), shown on CLD orders. */
  paidFrom?: string;
}

/**
 * The order list (document 001 section 2): tabs, search, paging and sort; a table for
 * admins, corporate and regional users, cards for the others; every order's pause/activate
 * statechart, its actions and its fill against caps. The CLD list is this list of CLD orders.
 */
export function OrderList({ title, cld = false, header, empty, paidFrom }: OrderListProps) {
  const [, navigate] = useLocation();
  const viewer = useOrderViewer();
  const narrow = useMediaQuery(`(max-width: ${NARROW_WIDTH - 1}px)`) ?? false;
  const [filter, setFilter] = useState<OrderListFilter>({ tab: 'all', page: 1, pageSize: 10, ...DEFAULT_ORDER_SORT, search: '', cld });
  const set = (f: Partial<OrderListFilter>) => setFilter((old) => ({ ...old, page: 1, ...f }));
  const list = useOrders(filter);
  const orderIds = (list.data?.rows ?? []).filter((r) => r.kind === 'order').map((r) => r.id);
  const caps = useOrderCaps(orderIds);
  const rename = useRenameOrder();
  const remove = useDeleteOrder();
  const clone = useCloneOrder();
  const summary = useSendOrderSummary();
  const companyStatus = useCompanyStatus();
  const [panel, setPanel] = useState<{ kind: 'timeline' | 'breakdown'; row: OrderListRow } | null>(null);
  const [deleting, setDeleting] = useState<OrderListRow | null>(null);
  const [lastOrder, setLastOrder] = useState<string | null>(null);
  const [allTo, setAllTo] = useState<'pause' | 'activate' | null>(null);
  const [groupsOpen, setGroupsOpen] = useState(false);

  const onAction = (action: OrderAction, row: OrderListRow) => {
    if (action === 'timeline' || action === 'breakdown') setPanel({ kind: action, row });
    else if (action === 'delete') setDeleting(row);
    else if (action === 'summary')
      summary.mutate(row.id, { onSuccess: (r) => toast('success', r.message), onError: () => toast('error', ORDER_LIST_MSG.summaryFailed) });
    else if (action === 'edit') {
      // Custom-priced orders are edited by super admins only: the others stay on the list.
      if (row.customPriced && !viewer.isSuperAdmin) toast('warning', ORDER_LIST_DESIGNED_MSG.customPriceListOnly);
      else navigate(`${WIZARD_BASE}/edit/${row.id}/territory`);
    } else if (action === 'clone') {
      if (row.cloneRefusal) toast('error', row.cloneRefusal);
      else
        clone.mutate({ orderId: row.id, vertical: row.vertical, product: row.product }, {
          onSuccess: (job) => navigate(stepUrl('create', job.id, 'territory')),
          onError: (e) => toast('error', (e as ApiError).message),
        });
    }
  };
  const onRename = (row: OrderListRow, name: string) =>
    rename.mutate({ orderId: row.id, name }, { onSuccess: () => toast('success', ORDER_LIST_DESIGNED_MSG.renamed), onError: (e) => toast('error', (e as ApiError).message) });
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (r) => toast('success', r.message),
      onError: (e) => ((e as ApiError).code === 'last_order' ? setLastOrder((e as ApiError).message) : toast('error', (e as ApiError).message)),
      onSettled: () => setDeleting(null),
    });
  };
  const confirmAll = () => {
    if (!allTo || !list.data?.companyId) return;
    companyStatus.mutate({ companyId: list.data.companyId, to: allTo }, {
      onSuccess: (r) => {
        toast('success', r.message);
        for (const s of r.skipped ?? []) toast('warning', `#${s.id}: ${s.message}`);
      },
      onError: (e) => toast('error', (e as ApiError).message),
      onSettled: () => setAllTo(null),
    });
  };

  const data = list.data;
  const fills = new Map((caps.data?.orders ?? []).map((f) => [f.orderId, f]));
  const maxDays = maxPauseDays(viewer);
  const items = (data?.rows ?? []).map((row) =>
    row.kind === 'draft' ? (
      <DraftItem key={`d${row.id}`} row={row} asTable={data!.asTable} onContinue={() => navigate(stepUrl('create', row.id, 'package'))} />
    ) : (
      <OrderItem key={`${row.id}:${row.status}:${row.activateDate}`} row={row} asTable={data!.asTable} narrow={narrow} maxDays={maxDays} fill={fills.get(row.id)} onAction={onAction} onRename={onRename} paidFrom={paidFrom} />
    ),
  );

  return (
    <Stack p="md" gap="md" w="100%">
      <Group justify="space-between">
        <Title order={1} fz="h2">{title}</Title>
        <Group gap="xs">
          {data?.canPauseAll && (
            <>
              <Button variant="light" color="orange" onClick={() => setAllTo('pause')}>Pause all</Button>
              <Button variant="light" color="teal" onClick={() => setAllTo('activate')}>Activate all</Button>
            </>
          )}
          {viewer.isAdmin && viewer.switched && <Button variant="default" onClick={() => setGroupsOpen(true)}>Order groups</Button>}
          <Button onClick={() => navigate(`${WIZARD_BASE}/product`)}>New order</Button>
        </Group>
      </Group>
      {header}
      <Tabs value={filter.tab} onChange={(v) => v && set({ tab: v as OrderListFilter['tab'] })}>
        <Tabs.List>
          {ORDER_TABS.map((t) => <Tabs.Tab key={t.value} value={t.value}>{t.label}</Tabs.Tab>)}
        </Tabs.List>
      </Tabs>
      <Group gap="sm" align="flex-end">
        <TextInput label="Search" placeholder="Name, company, package or #id" value={filter.search} onChange={(e) => set({ search: e.currentTarget.value })} w={280} />
        <Select label="Sort by" data={Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label }))} value={filter.sort}
          onChange={(v) => v && set({ sort: v as OrderListFilter['sort'] })} allowDeselect={false} w={150} />
        <Select label="Order" data={[{ value: 'asc', label: 'Ascending' }, { value: 'desc', label: 'Descending' }]} value={filter.dir}
          onChange={(v) => v && set({ dir: v as 'asc' | 'desc' })} allowDeselect={false} w={130} />
        <Select label="Per page" data={PAGE_SIZES.map(String)} value={String(filter.pageSize)}
          onChange={(v) => v && set({ pageSize: Number(v) as OrderListFilter['pageSize'] })} allowDeselect={false} w={100} />
      </Group>
      {list.isPending ? (
        <Stack>{[0, 1, 2].map((i) => <Skeleton key={i} h={72} />)}</Stack>
      ) : list.isError ? (
        <Alert color="red" role="alert">{(list.error as ApiError).status === 403 ? ORDER_LIST_MSG.noPermission : (list.error as ApiError).message}</Alert>
      ) : data!.rows.length === 0 && empty && !filter.search && filter.tab !== 'incomplete' ? (
        empty
      ) : data!.rows.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">{filter.search ? 'No order matches your search.' : filter.tab === 'incomplete' ? 'No unfinished orders.' : 'No orders yet.'}</Text>
        </Paper>
      ) : data!.asTable ? (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr><Table.Th>Order</Table.Th><Table.Th>Company</Table.Th><Table.Th>Package</Table.Th><Table.Th>Status</Table.Th><Table.Th>Group</Table.Th><Table.Th>Fill</Table.Th><Table.Th>Actions</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>{items}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        // Cards at least 360 px wide (what a name, a status and three buttons need), as many as fit.
        <SimpleGrid minColWidth="min(100%, 22.5rem)">{items}</SimpleGrid>
      )}
      {data && data.total > filter.pageSize && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">{data.total} orders</Text>
          <Pagination total={Math.ceil(data.total / filter.pageSize)} value={filter.page} onChange={(page) => setFilter((f) => ({ ...f, page }))} />
        </Group>
      )}

      <Modal opened={panel !== null} onClose={() => setPanel(null)} title={panel ? `${panel.kind === 'timeline' ? 'Timeline' : 'Breakdown'}: ${panel.row.name}` : ''} size="lg">
        {panel?.kind === 'timeline' && <TimelinePanel orderId={panel.row.id} />}
        {panel?.kind === 'breakdown' && (
          <Suspense fallback={<Skeleton h={200} />}>
            <BreakdownPanel orderId={panel.row.id} />
          </Suspense>
        )}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete order" centered>
        <Stack>
          <Text>Delete “{deleting?.name}”? It stops buying at once; its leads stay in your account.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>Keep it</Button>
            <Button color="red" loading={remove.isPending} onClick={confirmDelete}>Delete order</Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={lastOrder !== null} onClose={() => setLastOrder(null)} title="This is your last order" centered>
        <Stack>
          <Text data-testid="last-order-text">{lastOrder}</Text>
          <Group justify="flex-end"><Button onClick={() => setLastOrder(null)}>OK</Button></Group>
        </Stack>
      </Modal>
      <Modal opened={allTo !== null} onClose={() => setAllTo(null)} title={allTo === 'pause' ? 'Pause all orders' : 'Activate all orders'} centered>
        <Stack>
          <Text>{allTo === 'pause' ? 'Every active order of your company is paused until you activate it.' : 'Every paused order of your company is activated.'}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAllTo(null)}>Cancel</Button>
            <Button loading={companyStatus.isPending} onClick={confirmAll}>{allTo === 'pause' ? 'Pause all' : 'Activate all'}</Button>
          </Group>
        </Stack>
      </Modal>
      {viewer.isAdmin && <GroupsModal opened={groupsOpen} onClose={() => setGroupsOpen(false)} orders={data?.rows ?? []} />}
    </Stack>
  );
}

/** A draft the wizard left (Incomplete tab). */
function DraftItem({ row, asTable, onContinue }: { row: OrderListRow; asTable: boolean; onContinue: () => void }) {
  const action = <Button size="xs" variant="light" onClick={onContinue}>Continue</Button>;
  if (asTable)
    return (
      <Table.Tr data-testid="draft-row">
        <Table.Td>{row.name}</Table.Td><Table.Td>{row.companyName}</Table.Td><Table.Td>{row.packageName ?? '—'}</Table.Td>
        <Table.Td>Draft</Table.Td><Table.Td /><Table.Td /><Table.Td>{action}</Table.Td>
      </Table.Tr>
    );
  return (
    <Paper withBorder p="md" data-testid="draft-row">
      <Group justify="space-between"><div><Text fw={600}>{row.name}</Text><Text size="xs" c="dimmed">{row.packageName ?? 'No package yet'}</Text></div>{action}</Group>
    </Paper>
  );
}
