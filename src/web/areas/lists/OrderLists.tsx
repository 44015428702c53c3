import { Alert, Box, Button, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useArchiveExpiredLists } from '../../../api/lists/archive-expired-lists';
import { useIssueListExport } from '../../../api/lists/issue-list-export';
import type { ListOrder } from '../../../api/lists/list-list-orders';
import { useLists, type LeadList } from '../../../api/lists/list-lists';
import { useRemoveList } from '../../../api/lists/remove-list';
import { LIST_DESIGNED_MSG, LIST_MSG, listRemoved } from '../../../domain/lists';
import { dollars } from '../../../domain/money/format';
import { formatDateTime } from '../../../domain/time-format';
import { isoDayIn } from '../../../domain/time/zone';
import { openDownload } from '../../ui/download';
import { toast } from '../../ui/toast';
import { ListStatusBadge } from './badges';
import { ConfirmModal } from './ConfirmModal';
import { dayText } from './order-form';
import { destinationLabel, SendListModal } from './SendListModal';

/** How a list is named in texts: its order's name and its number. */
export const listName = (l: Pick<LeadList, 'id' | 'orderName'>): string => `${l.orderName} #${l.id}`;

/**
 * An order's lists, shown under its expanded row (document 001 section 2): status, records,
 * price, dates and deliveries, with download, send and remove; reloaded while open.
 */
export function OrderLists({ order, timeZone }: { order: ListOrder; timeZone: string }) {
  const lists = useLists(order.id, true);
  const exporter = useIssueListExport();
  const remover = useRemoveList();
  const expired = useArchiveExpiredLists();
  const [sending, setSending] = useState<LeadList | null>(null);
  const [removing, setRemoving] = useState<{ list: LeadList; open: boolean } | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);

  const download = (l: LeadList) => {
    setDownloading(l.id);
    exporter.mutate(l.id, {
      onSuccess: ({ url }) => openDownload(url),
      onError: (e) => toast('error', e.message || LIST_MSG.exportFailed),
      onSettled: () => setDownloading(null),
    });
  };
  const remove = () => {
    if (!removing) return;
    const l = removing.list;
    remover.mutate(l.id, {
      onSuccess: () => toast('success', listRemoved(l.orderName)),
      onError: (e) => toast('error', e.message),
      onSettled: () => setRemoving((r) => (r ? { ...r, open: false } : r)),
    });
  };
  const archiveExpired = () =>
    expired.mutate(order.id, { onSuccess: () => toast('success', LIST_DESIGNED_MSG.expiredArchived), onError: (e) => toast('error', e.message) });
  const day = (at: string) => dayText(isoDayIn(new Date(at), timeZone));
  const hasExpired = (lists.data ?? []).some((l) => l.processedStatus === 'expired');

  return (
    <Box p="md" bg="gray.0" data-testid="order-lists" data-order={order.id}>
      <Group justify="space-between" mb="sm">
        <Text fw={600} size="sm">Lists of {order.name}</Text>
        {hasExpired && (
          <Button size="compact-sm" variant="light" color="gray" loading={expired.isPending} onClick={archiveExpired} data-testid="archive-expired">
            Archive expired lists
          </Button>
        )}
      </Group>
      {lists.isError ? (
        <Alert color="red" title="The lists did not load">{lists.error.message}</Alert>
      ) : !lists.data ? (
        <Stack gap="xs" aria-label="Loading the lists">{[0, 1].map((i) => <Skeleton key={i} h={36} />)}</Stack>
      ) : lists.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="lists-empty">
          No lists yet. {order.status === 'active' ? 'Choose Run now to make the first one, or schedule the order to make them on its days.' : 'Activate the order to make lists.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" bg="white" withTableBorder aria-label={`Lists of ${order.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>List</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Records</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Deliveries</Table.Th>
                <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lists.data.map((l) => (
                <Table.Tr key={l.id} data-testid="list-row" data-list={l.id} data-status={l.processedStatus}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>#{l.id}</Table.Td>
                  <Table.Td>
                    <ListStatusBadge status={l.processedStatus} />
                    {l.failure && <Text size="xs" c="red" mt={2}>{l.failure}</Text>}
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {l.processedStatus === 'processing' ? <Text span size="sm" c="dimmed">{l.requestedRecords.toLocaleString('en-US')} asked</Text> : l.numRecords.toLocaleString('en-US')}
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{l.processedStatus === 'processing' ? '—' : dollars(l.priceCents)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(l.createdAt, timeZone)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{l.expiresAt ? day(l.expiresAt) : '—'}</Table.Td>
                  <Table.Td>
                    {l.deliveries.length === 0 ? (
                      <Text size="sm" c="dimmed">None yet</Text>
                    ) : (
                      <Stack gap={6} data-testid="list-deliveries">
                        {l.deliveries.map((d) => (
                          <div key={d.id}>
                            <Text size="sm" c={d.status === 'failed' ? 'red' : undefined} style={{ overflowWrap: 'anywhere' }}>
                              {destinationLabel(d.destination)}
                              {d.status === 'failed' ? ' · failed' : d.status === 'sending' ? ' · sending' : ''}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {formatDateTime(d.deliveredAt ?? d.createdAt, timeZone)}
                              {d.dropped > 0 ? ` · ${d.dropped} dropped, ${dollars(d.refundCents)} refunded` : ''}
                            </Text>
                          </div>
                        ))}
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap" justify="flex-end">
                      {l.processedStatus === 'ready' && (
                        <>
                          <Button size="compact-sm" variant="light" leftSection={<IconDownload size={14} />} loading={downloading === l.id} onClick={() => download(l)} data-testid="list-download">
                            Download
                          </Button>
                          <Button size="compact-sm" variant="light" leftSection={<IconSend size={14} />} onClick={() => setSending(l)} data-testid="list-send">
                            Send
                          </Button>
                        </>
                      )}
                      {l.processedStatus !== 'processing' && (
                        <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => setRemoving({ list: l, open: true })} data-testid="list-remove">
                          Remove
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <SendListModal list={sending} defaultEmail={order.delivery.crms.emails[0] ?? ''} onClose={() => setSending(null)} />
      <ConfirmModal opened={removing?.open ?? false} title="Remove this list?" confirm="Remove" busy={remover.isPending} onConfirm={remove} onClose={() => setRemoving((r) => (r ? { ...r, open: false } : r))}>
        {removing ? `${listName(removing.list)} will no longer be listed or downloadable. Its records stay paid for.` : ''}
      </ConfirmModal>
    </Box>
  );
}
