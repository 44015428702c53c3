import { Alert, Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { PAUSE_REASONS, PAUSE_REASON_LABELS, type PauseReason } from '../../../../domain/orders/status';
import type { OrderStatusEvent, OrderStatusView } from '../../../../../machines/orderStatus.machine';

/** The pause modal (or the reactivation modal of a paused order): renders the machine's view, sends its events. */
export function PauseModal({ orderName, view, send }: { orderName: string; view: OrderStatusView; send: (e: OrderStatusEvent) => void }) {
  const indefinite = view.days === null;
  return (
    <Modal opened={view.modalOpen} onClose={() => send({ type: 'CANCEL' })} title={`${view.title}: ${orderName}`} centered>
      <Stack>
        {view.askReason && (
          <Select
            label="Reason for pausing"
            placeholder="Choose a reason"
            data={PAUSE_REASONS.map((r) => ({ value: r, label: PAUSE_REASON_LABELS[r] }))}
            value={view.reason}
            onChange={(v) => v && send({ type: 'SET_REASON', reason: v as PauseReason })}
            allowDeselect={false}
          />
        )}
        {view.offerIndefinite && (
          <Checkbox
            label="Pause indefinitely"
            checked={indefinite}
            onChange={(e) => (e.currentTarget.checked ? send({ type: 'SET_INDEFINITE' }) : send({ type: 'SET_DAYS', days: 1 }))}
          />
        )}
        {!indefinite && (
          <NumberInput
            label={view.offerIndefinite ? 'Pause for (days)' : 'Reactivate in (days)'}
            description={`1 to ${view.maxDays} days`}
            min={1}
            value={view.days ?? 1}
            allowDecimal={false}
            onChange={(v) => send({ type: 'SET_DAYS', days: typeof v === 'number' ? v : Number(v) || 0 })}
          />
        )}
        {view.modalError && (
          <Alert color="red" role="alert">
            {view.modalError}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {indefinite ? 'The order stays paused until you activate it.' : 'The order comes back on its own at that time.'}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => send({ type: 'CANCEL' })}>
            Cancel
          </Button>
          <Button loading={view.busy} onClick={() => send({ type: 'SUBMIT' })}>
            {view.offerIndefinite ? 'Pause order' : 'Set reactivation'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
