import { Alert, Badge, Button, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { useState } from 'react';
import { useOrderEvents, type OrderEvent } from '../../../../api/orders/list-order-events';
import { ORDER_EVENT_LABELS, ORDER_LIST_DESIGNED_MSG, TIMELINE_FIRST, TIMELINE_MORE } from '../../../../domain/orders/list';
import { PAUSE_REASON_LABELS, type PauseReason } from '../../../../domain/orders/status';
import { formatDateTime } from '../../../../domain/time-format';
import { useTimeZone } from '../../../app/clock';

/** One line of what an event changed (its moments in the user's zone, as every screen shows them). */
function detailText(e: OrderEvent, zone: string): string | null {
  const d = e.detail as Record<string, unknown>;
  if (e.event === 'paused') {
    const reason = typeof d.reason === 'string' ? PAUSE_REASON_LABELS[d.reason as PauseReason] ?? d.reason : null;
    const until = typeof d.activateDate === 'string' ? `until ${formatDateTime(d.activateDate, zone)}` : 'indefinitely';
    return [reason, until, d.all ? '(all orders)' : null, d.via ? `(group, from order #${String(d.via)})` : null].filter(Boolean).join(' · ');
  }
  if (e.event === 'renamed') return `${String(d.from)} → ${String(d.to)}`;
  if (e.event === 'reactivation_scheduled') return typeof d.activateDate === 'string' ? `back on ${formatDateTime(d.activateDate, zone)}` : null;
  if (e.event === 'edited' && Array.isArray(d.fields)) return `changed ${d.fields.join(', ')}`;
  if (e.event === 'caps_changed' && d.to && typeof d.to === 'object') {
    const to = d.to as Record<string, number>;
    return `daily ${to.daily}, weekly ${to.weekly}, monthly ${to.monthly}`;
  }
  if (e.event === 'created' && d.clonedFrom) return `cloned from order #${String(d.clonedFrom)}`;
  if (e.event === 'grouped') return d.joined ? `joined group #${String(d.joined)}` : d.left ? `left group #${String(d.left)}` : null;
  if (e.event === 'reactivation_skipped' && typeof d.message === 'string') return d.message;
  return null;
}

/** The order timeline: 10 events, 9 more per load, newest first (GET /order-events). */
export function TimelinePanel({ orderId }: { orderId: number }) {
  const [shown, setShown] = useState<number>(TIMELINE_FIRST);
  const { data, isPending, isError, isFetching } = useOrderEvents(orderId, shown);
  const zone = useTimeZone();
  if (isPending) return <Loader size="sm" aria-label="Loading the timeline" />;
  if (isError) return <Alert color="red">Unable to load the timeline</Alert>;
  if (data.events.length === 0) return <Text c="dimmed">{ORDER_LIST_DESIGNED_MSG.noEvents}</Text>;
  return (
    <Stack gap="sm" data-testid="order-timeline">
      <Timeline bulletSize={14} lineWidth={2} active={data.events.length}>
        {data.events.map((e) => (
          <Timeline.Item
            key={e.id}
            title={
              <Group gap="xs">
                <Text fw={600} size="sm">{ORDER_EVENT_LABELS[e.event] ?? e.event}</Text>
                {e.admin && <Badge size="xs" variant="light">admin</Badge>}
              </Group>
            }
          >
            {detailText(e, zone) && <Text size="sm">{detailText(e, zone)}</Text>}
            <Text size="xs" c="dimmed" data-testid="order-event-time" data-at={e.doneAt}>
              {formatDateTime(e.doneAt, zone)} · {e.userName ?? 'Leadline (scheduled)'}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      {data.total > data.events.length && (
        <Button variant="subtle" size="xs" loading={isFetching} onClick={() => setShown((n) => n + TIMELINE_MORE)}>
          Show more ({data.total - data.events.length} older)
        </Button>
      )}
    </Stack>
  );
}
