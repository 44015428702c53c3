import { ActionIcon, Button, Group, Menu, Pagination, Paper, Select, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconArchive, IconCalendarRepeat, IconChevronDown, IconChevronRight, IconCopy, IconDots, IconPencil, IconPlus, IconRefresh, IconTrashX } from '@tabler/icons-react';
import { Fragment, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useArchiveExpiredLists } from '../../../api/lists/archive-expired-lists';
import { useArchiveListOrder } from '../../../api/lists/archive-list-order';
import { useGenerateList } from '../../../api/lists/generate-list';
import type { ListOrderFilter } from '../../../api/lists/keys';
import { useListOrders, type ListOrder } from '../../../api/lists/list-list-orders';
import { LIST, LIST_DESIGNED_MSG, LIST_MSG, listArchived } from '../../../domain/lists';
import { isoDayIn } from '../../../domain/time/zone';
import { useTimeZone } from '../../app/clock';
import { useSessionSelector } from '../../app/session';
import { CompanyPicker } from '../../ui/CompanyPicker';
import { LoadFailed } from '../../ui/LoadFailed';
import { staleProps } from '../../ui/stale';
import { storage } from '../../ui/storage';
import { toast } from '../../ui/toast';
import { OrderStatusBadge } from './badges';
import { ConfirmModal } from './ConfirmModal';
import { GettingStarted } from './GettingStarted';
import { ListOrderForm, type FormRequest } from './ListOrderForm';
import { dayText, scheduleSummary, tempOrderOf, territorySummary } from './order-form';
import { OrderLists } from './OrderLists';

type PageSize = (typeof LIST.pageSizes)[number];
/** The table's page size, kept in this browser (document 001 section 9). */
const PAGE_SIZE_KEY = 'leadline.listOrders.pageSize';
function storedPageSize(): PageSize {
  const n = Number(storage.get(PAGE_SIZE_KEY));
  return (LIST.pageSizes as readonly number[]).includes(n) ? (n as PageSize) : LIST.pageSizes[0];
}

/** Who is looking: an admin (not switched) sees every company's orders; a regional manager may not edit. */
function useViewer() {
  const auth = useSessionSelector((s) => s.context.auth);
  const adminBehind = auth?.original?.role === 'admin' || auth?.user.role === 'admin';
  return {
    allCompanies: (auth?.user.role === 'admin' && !auth.original) || auth?.user.role === 'regional',
    mayEdit: adminBehind || auth?.user.role !== 'regional',
    pickCompany: auth?.user.role === 'admin' && !auth.original,
    /** An order belongs to the company of whom the session acts as: an admin switches into an agent first. */
    mayCreate: (auth?.user.company ?? null) !== null,
  };
}

/**
 * /lists-orders/dashboard (document 001 sections 2 to 5): the lead-list orders, each row
 * expanding to its lists; new, edit, clone, archive, rerun and schedule rerun; a
 * getting-started view while there are none; `?tempOrder=name&tempOrder=quantity` opens
 * the new-order form filled in.
 */
export default function ListOrdersPage() {
  const viewer = useViewer();
  const zone = useTimeZone();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [filter, setFilter] = useState<ListOrderFilter>(() => ({ page: 1, pageSize: storedPageSize(), companyId: null }));
  const orders = useListOrders(filter);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [form, setForm] = useState<{ request: FormRequest; opened: boolean } | null>(null);
  const [archiving, setArchiving] = useState<{ order: ListOrder; open: boolean } | null>(null);
  const archiver = useArchiveListOrder();
  const generator = useGenerateList();
  const expiredArchiver = useArchiveExpiredLists();

  const openForm = (request: FormRequest) => setForm({ request, opened: true });
  // ?tempOrder= opens the new-order form once, filled in (state adjusted while rendering a
  // new address); the address then drops the query, so a reload does not open it again.
  const temp = tempOrderOf(search);
  const [seenSearch, setSeenSearch] = useState<string | null>(null);
  if (search !== seenSearch) {
    setSeenSearch(search);
    if (temp) openForm({ kind: 'new', name: temp.name, quantity: temp.quantity });
  }
  const hasTemp = temp !== null;
  useEffect(() => {
    if (hasTemp) navigate(location, { replace: true });
  }, [hasTemp, location, navigate]);

  const setPageSize = (pageSize: PageSize) => {
    storage.set(PAGE_SIZE_KEY, String(pageSize));
    setFilter((f) => ({ ...f, pageSize, page: 1 }));
  };
  const toggle = (id: number) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const rerun = (o: ListOrder) =>
    generator.mutate({ orderId: o.id, numRecords: o.quantity }, {
      onSuccess: () => {
        toast('success', o.lists.count === 0 ? LIST_MSG.processing : LIST_DESIGNED_MSG.rerun);
        setExpanded((s) => new Set(s).add(o.id));
      },
      onError: (e) => toast('error', e.message || LIST_DESIGNED_MSG.errorCreatingList),
    });
  const archive = () => {
    if (!archiving) return;
    const o = archiving.order;
    archiver.mutate(o.id, {
      onSuccess: () => toast('success', listArchived(o.name)),
      // The server's message as it is (document 001 section 8).
      onError: (e) => toast('error', e.message),
      onSettled: () => setArchiving((a) => (a ? { ...a, open: false } : a)),
    });
  };
  const archiveExpired = (o: ListOrder) =>
    expiredArchiver.mutate(o.id, { onSuccess: () => toast('success', LIST_DESIGNED_MSG.expiredArchived), onError: (e) => toast('error', e.message) });

  const data = orders.data;
  const count = data?.meta.count ?? 0;
  const empty = data && count === 0 && filter.companyId === null;
  const columns = viewer.allCompanies ? 10 : 9;
  const created = (at: string) => dayText(isoDayIn(new Date(at), zone));

  return (
    <Stack gap="md" w="100%">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">Lead Lists</Title>
          <Text c="dimmed" size="sm">Aged leads of your territory, scrubbed against the do-not-call lists, to download or send on a schedule.</Text>
        </div>
        {!empty && viewer.mayCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => openForm({ kind: 'new' })} data-testid="new-list-order">
            New list order
          </Button>
        )}
      </Group>

      {orders.isError ? (
        <LoadFailed title="The list orders did not load" error={orders.error} onRetry={() => void orders.refetch()} />
      ) : !data ? (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm" aria-label="Loading the list orders">{[0, 1, 2, 3].map((i) => <Skeleton key={i} h={44} />)}</Stack>
        </Paper>
      ) : empty ? (
        <GettingStarted onNew={viewer.mayCreate ? () => openForm({ kind: 'new' }) : null} />
      ) : (
        <Paper withBorder radius="md" p={0}>
          {viewer.pickCompany && (
            <Group p="md" pb={0}>
              <CompanyPicker companyId={filter.companyId} onChange={(companyId) => setFilter((f) => ({ ...f, companyId, page: 1 }))} placeholder="All companies" testId="lists-company" />
            </Group>
          )}
          {data.results.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">This company has no list orders.</Text>
          ) : (
            <Table.ScrollContainer minWidth={1100}>
              <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" {...staleProps(orders.isPlaceholderData)} data-testid="list-orders">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={44} />
                    <Table.Th>Name</Table.Th>
                    {viewer.allCompanies && <Table.Th>Company</Table.Th>}
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Records</Table.Th>
                    <Table.Th>Territory</Table.Th>
                    <Table.Th>Schedule</Table.Th>
                    <Table.Th ta="right">Lists</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th ta="right">Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.results.map((o) => {
                    const open = expanded.has(o.id);
                    const schedule = scheduleSummary(o);
                    return (
                      <Fragment key={o.id}>
                        <Table.Tr data-testid="list-order-row" data-order={o.id} data-name={o.name}>
                          <Table.Td>
                            <ActionIcon variant="subtle" color="gray" onClick={() => toggle(o.id)} aria-expanded={open} aria-label={`${open ? 'Hide' : 'Show'} the lists of ${o.name}`} data-testid="order-expand">
                              {open ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
                            </ActionIcon>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" fw={600} data-testid="order-name-cell">{o.name}</Text>
                          </Table.Td>
                          {viewer.allCompanies && <Table.Td><Text size="sm">{o.company.name}</Text></Table.Td>}
                          <Table.Td><OrderStatusBadge status={o.status} /></Table.Td>
                          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{o.quantity.toLocaleString('en-US')}</Table.Td>
                          <Table.Td><Text size="sm" style={{ whiteSpace: 'nowrap' }}>{territorySummary(o)}</Text></Table.Td>
                          <Table.Td>
                            <Text size="sm" c={schedule.detail ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>{schedule.main}</Text>
                            {schedule.detail && <Text size="xs" c="dimmed">{schedule.detail}</Text>}
                          </Table.Td>
                          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="order-lists-count">
                            {o.lists.count}
                            {o.lists.processing && <Text size="xs" c="blue">processing</Text>}
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{created(o.createdAt)}</Table.Td>
                          <Table.Td>
                            <Group gap={6} wrap="nowrap" justify="flex-end">
                              <Tooltip label={o.lists.processing ? LIST_DESIGNED_MSG.stillProcessing : `A list of ${o.quantity.toLocaleString('en-US')} records now`} withArrow>
                                <Button size="compact-sm" variant="light" leftSection={<IconRefresh size={14} />} disabled={o.lists.processing || o.status !== 'active'}
                                  loading={generator.isPending && generator.variables?.orderId === o.id} onClick={() => rerun(o)} data-testid="order-rerun">
                                  {o.lists.count === 0 ? 'Run now' : 'Rerun'}
                                </Button>
                              </Tooltip>
                              <Menu position="bottom-end" withinPortal>
                                <Menu.Target>
                                  <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${o.name}`} data-testid="order-menu">
                                    <IconDots size={18} />
                                  </ActionIcon>
                                </Menu.Target>
                                <Menu.Dropdown>
                                  {viewer.mayEdit && (
                                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => openForm({ kind: 'edit', orderId: o.id })}>Edit</Menu.Item>
                                  )}
                                  {viewer.mayCreate && (
                                    <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => openForm({ kind: 'clone', orderId: o.id })}>Clone</Menu.Item>
                                  )}
                                  {viewer.mayEdit && (
                                    <Menu.Item leftSection={<IconCalendarRepeat size={14} />} onClick={() => openForm({ kind: 'edit', orderId: o.id, focus: 'delivery' })}>Schedule rerun</Menu.Item>
                                  )}
                                  <Menu.Item leftSection={<IconTrashX size={14} />} onClick={() => archiveExpired(o)} disabled={o.lists.count === 0}>Archive expired lists</Menu.Item>
                                  <Menu.Divider />
                                  <Menu.Item color="red" leftSection={<IconArchive size={14} />} onClick={() => setArchiving({ order: o, open: true })}>Archive order</Menu.Item>
                                </Menu.Dropdown>
                              </Menu>
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                        {open && (
                          <Table.Tr>
                            <Table.Td colSpan={columns} p={0}>
                              <OrderLists order={o} timeZone={zone} />
                            </Table.Td>
                          </Table.Tr>
                        )}
                      </Fragment>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group justify="space-between" p="md">
            <Group gap="sm">
              <Text size="sm" c="dimmed" data-testid="list-orders-count">
                {count === 0 ? 'No orders' : `${(filter.page - 1) * filter.pageSize + 1}–${(filter.page - 1) * filter.pageSize + data.results.length} of ${count}`}
              </Text>
              <Select aria-label="Orders per page" w={90} size="xs" allowDeselect={false} data={LIST.pageSizes.map(String)} value={String(filter.pageSize)}
                onChange={(v) => v && setPageSize(Number(v) as PageSize)} data-testid="list-orders-page-size" />
              <Text size="sm" c="dimmed">per page</Text>
            </Group>
            {count > filter.pageSize && (
              <Pagination value={filter.page} onChange={(page) => setFilter((f) => ({ ...f, page }))} total={Math.ceil(count / filter.pageSize)} />
            )}
          </Group>
        </Paper>
      )}

      <ListOrderForm request={form?.request ?? null} opened={form?.opened ?? false} onClose={() => setForm((f) => (f ? { ...f, opened: false } : f))} />
      <ConfirmModal opened={archiving?.open ?? false} title="Archive this order?" confirm="Archive" busy={archiver.isPending} onConfirm={archive}
        onClose={() => setArchiving((a) => (a ? { ...a, open: false } : a))}>
        {archiving ? `${archiving.order.name} stops making lists and leaves this table. Its lists stay in the lists report.` : ''}
      </ConfirmModal>
    </Stack>
  );
}
