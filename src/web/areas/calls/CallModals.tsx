import { Alert, Button, Group, Loader, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useCallRecording } from '../../../api/calls/get-call-recording';
import { useLiveCall } from '../../../api/calls/get-live-call';
import type { LiveCallRow } from '../../../api/calls/list-live-calls';
import { dollars } from '../../../domain/money/format';
import { formatCallDuration } from '../../../domain/calls/list';
import { VERTICAL_LABELS } from '../../../domain/leads/filters';
import { formatDateTime } from '../../../domain/time-format';
import { ReturnStatusBadge } from '../../ui/returns/ReturnStatusBadge';
import { CallStatusBadge } from './CallTables';

function Field({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/**
 * One call's details (document 002 section 3, Call): the list's row for who and which
 * order, and GET /live-calls/call/{id} for its progress as it is now.
 */
export function CallDetailsModal({ row, zone, showCompany, onClose, onListen }: { row: LiveCallRow | null; zone: string; showCompany: boolean;
  onClose: () => void; onListen: (row: LiveCallRow) => void }) {
  const call = useLiveCall(row?._id ?? null);
  const c = call.data;
  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso, zone) : '—');
  return (
    <Modal opened={row !== null} onClose={onClose} title={row ? `Call ${row._id}` : 'Call'} size="lg" data-testid="call-details">
      {row && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Field label="Caller" testId="call-detail-caller">
              {`${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || 'Caller'} · {row.phone}
            </Field>
            <Field label="Place">{[row.state, row.vertical && VERTICAL_LABELS[row.vertical]].filter(Boolean).join(' · ') || '—'}</Field>
            {showCompany && <Field label="Company">{row.companyName}</Field>}
            <Field label="Order">{row.orderName}</Field>
            <Field label="Conference">{row.conferenceId ?? '—'}</Field>
            <Field label="Lead">{row.leadId ?? '—'}</Field>
          </SimpleGrid>
          {call.isError ? (
            <Alert color="red">{call.error.message}</Alert>
          ) : !c ? (
            <Skeleton h={120} data-testid="call-details-loading" />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="call-progress">
              <Field label="Status">
                <CallStatusBadge status={c.status} />
              </Field>
              <Field label="Duration" testId="call-detail-duration">
                {formatCallDuration(c.duration)}
              </Field>
              <Field label="Billable after">{formatCallDuration(c.minBillableDuration)}</Field>
              <Field label="Price">{dollars(c.price)}</Field>
              <Field label="Sold">{c.sold ? 'Sold (charged)' : 'Not sold'}</Field>
              <Field label="Return">{row.returnStatus ? <ReturnStatusBadge status={row.returnStatus} /> : 'None'}</Field>
              <Field label="Received">{when(c.insertDate)}</Field>
              <Field label="Connected">{when(c.connectedAt)}</Field>
              <Field label="Ended">{when(c.endedAt)}</Field>
            </SimpleGrid>
          )}
          {c?.recording && (
            <Group>
              <Button leftSection={<IconPlayerPlay size={16} />} variant="light" onClick={() => onListen(row)} data-testid="call-detail-listen">
                Listen to the recording
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/**
 * The recording of a call in an <audio> player. The WAV is fetched with the session's
 * client (a bearer header an <audio src> could not send) and played from an object URL,
 * released when the modal closes.
 */
export function CallAudioModal({ row, onClose }: { row: LiveCallRow | null; onClose: () => void }) {
  const recording = useCallRecording(row?._id ?? null);
  return (
    <Modal opened={row !== null} onClose={onClose} title={row ? `Recording of call ${row._id}` : 'Recording'} data-testid="call-audio">
      {recording.isError ? (
        <Alert color="red">{recording.error.message}</Alert>
      ) : !recording.data ? (
        <Group gap="sm" data-testid="call-audio-loading">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Loading the recording…
          </Text>
        </Group>
      ) : (
        <Stack gap="xs">
          <Player blob={recording.data} />
          {row && (
            <Text size="xs" c="dimmed">
              {formatCallDuration(row.duration)} call · {row.phone}
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** An <audio> player of a blob: its object URL lives as long as the player. */
function Player({ blob }: { blob: Blob }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(blob);
    if (ref.current) ref.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <audio ref={ref} controls style={{ width: '100%' }} data-testid="call-audio-player" />;
}
