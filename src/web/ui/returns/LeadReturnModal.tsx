import { Alert, Button, Group, List, Modal, Select, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { leadReturnActors } from '../../../../machines/leadReturn.actors';
import { leadReturnMachine, leadReturnView, type ReturnSide } from '../../../../machines/leadReturn.machine';
import { useLeadReturn, type LeadReturnDetail } from '../../../api/returns/get-lead-return';
import {
  DENY_DISPUTE_REASON_LABELS, DENY_DISPUTE_REASONS, DENY_REASON_LABELS, DENY_REASONS, reasonLabel, RETURN_MSG, RETURN_STATUS_LABELS,
} from '../../../domain/returns';
import { formatDateTime } from '../../../domain/time-format';
import { useEmitted, useMachine } from '../use-machine';
import { ReturnStatusBadge } from './ReturnStatusBadge';

/** Which of the reviewer's actions the modal offers (all that the status allows by default). */
export type ReviewFocus = 'approve' | 'deny' | 'denyDispute' | null;

interface Props {
  leadId: number | null;
  side: ReturnSide;
  timeZone: string;
  focus?: ReviewFocus;
  onChanged: () => void;
  onClose: () => void;
}

/**
 * One lead's return in a modal: the agent asks for it (a reason of the product's list,
 * 'Please select...' first) or disputes a denial; a reviewer approves, denies with one of
 * the 14 reasons, or denies a dispute. The return statechart drives it; why the agent may
 * not act (the server's answer, at the server's time) is shown before they try; refusals
 * show as 'field: message' lines.
 */
export function LeadReturnModal({ leadId, side, timeZone, focus = null, onChanged, onClose }: Props) {
  const detail = useLeadReturn(leadId);
  const title = detail.data ? `Return of ${detail.data.return.firstName} ${detail.data.return.lastName} (lead ${detail.data.return.leadId})` : 'Return';
  return (
    <Modal opened={leadId !== null} onClose={onClose} title={title} size="lg" data-testid="return-modal">
      {detail.isError ? (
        <Alert color="red">{detail.error.message}</Alert>
      ) : !detail.data ? (
        <Skeleton h={160} />
      ) : (
        <ReturnSteps key={leadId} detail={detail.data} side={side} timeZone={timeZone} focus={focus} onChanged={onChanged} />
      )}
    </Modal>
  );
}

function ReturnSteps({ detail, side, timeZone, focus, onChanged }: { detail: LeadReturnDetail; side: ReturnSide; timeZone: string;
  focus: ReviewFocus; onChanged: () => void }) {
  const r = detail.return;
  // One actor per opening, started in the status the server reports.
  const { snap, send, ref } = useMachine(leadReturnMachine, leadReturnActors, {
    leadId: r.leadId, side, product: r.product, refusal: detail.refusal, disputeRefusal: detail.disputeRefusal, status: r.returnStatus, returnReason: r.returnReason,
    denyReason: r.denyReason, denyDisputeReason: r.denyDisputeReason, respondedAt: r.respondedAt,
  });
  useEmitted(ref, 'changed', onChanged);
  const view = leadReturnView(snap);
  const c = snap.context;
  const choice = c.choice;
  const select = (v: string | null) => v && send({ type: 'SELECT', reason: v });
  const show = (what: Exclude<ReviewFocus, null>) => focus === null || focus === what;

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text fw={600}>Status</Text>
        {view.badge ? <ReturnStatusBadge status={c.status} /> : <Text c="dimmed" data-testid="return-status-none">No return</Text>}
        {c.returnReason && <Text size="sm" c="dimmed">Reason: {reasonLabel(c.returnReason)}</Text>}
        {c.denyReason && c.status !== 'return_pending' && <Text size="sm" c="dimmed" data-testid="return-deny-reason">Denied: {reasonLabel(c.denyReason)}</Text>}
        {c.denyDisputeReason && <Text size="sm" c="dimmed">Dispute denied: {reasonLabel(c.denyDisputeReason)}</Text>}
      </Group>

      {view.notice && (
        <Alert color="yellow" data-testid="return-notice">
          {view.notice}
        </Alert>
      )}
      {view.banner && (
        <Alert color={view.banner.tone === 'success' ? 'teal' : 'red'} data-testid="return-banner">
          {view.banner.text}
        </Alert>
      )}
      {view.errorLines.length > 0 && (
        <List size="sm" c="red" data-testid="return-errors">
          {view.errorLines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}

      {view.canRequest && (
        <Group align="flex-end">
          <Select
            label="Return reason"
            placeholder={RETURN_MSG.reasonPlaceholder}
            data={detail.reasons.map((value) => ({ value, label: reasonLabel(value) }))}
            value={choice}
            onChange={select}
            w={300}
            comboboxProps={{ withinPortal: false }}
            data-testid="return-reason"
          />
          <Button onClick={() => send({ type: 'REQUEST' })} loading={view.busy} data-testid="return-request">
            Request return
          </Button>
        </Group>
      )}
      {view.canDispute && (
        <Group>
          <Button color="orange" onClick={() => send({ type: 'DISPUTE' })} loading={view.busy} data-testid="return-dispute">
            Dispute denial
          </Button>
        </Group>
      )}
      {view.canApprove && show('approve') && (
        <Group>
          <Button color="teal" onClick={() => send({ type: 'APPROVE' })} loading={view.busy} data-testid="return-approve">
            Approve return
          </Button>
        </Group>
      )}
      {view.canDeny && show('deny') && (
        <Group align="flex-end">
          <Select
            label="Deny reason"
            placeholder={RETURN_MSG.reasonPlaceholder}
            data={DENY_REASONS.map((value) => ({ value, label: DENY_REASON_LABELS[value] }))}
            value={choice}
            onChange={select}
            w={300}
            comboboxProps={{ withinPortal: false }}
            data-testid="return-deny-reason-select"
          />
          <Button color="red" onClick={() => send({ type: 'DENY' })} loading={view.busy} data-testid="return-deny">
            Deny return
          </Button>
        </Group>
      )}
      {view.canDenyDispute && show('denyDispute') && (
        <Group align="flex-end">
          <Select
            label="Deny dispute reason"
            placeholder={RETURN_MSG.reasonPlaceholder}
            data={DENY_DISPUTE_REASONS.map((value) => ({ value, label: DENY_DISPUTE_REASON_LABELS[value] }))}
            value={choice}
            onChange={select}
            w={300}
            comboboxProps={{ withinPortal: false }}
            data-testid="return-deny-dispute-reason-select"
          />
          <Button color="red" onClick={() => send({ type: 'DENY_DISPUTE' })} loading={view.busy} data-testid="return-deny-dispute">
            Deny dispute
          </Button>
        </Group>
      )}

      {detail.events.length > 0 && (
        <Timeline bulletSize={14} lineWidth={2} data-testid="return-steps">
          {detail.events.map((e, i) => (
            <Timeline.Item key={i} title={RETURN_STATUS_LABELS[e.status]}>
              <Text size="xs" c="dimmed">
                {formatDateTime(e.at, timeZone)}
                {e.by ? ` by ${e.by}` : ''}
                {e.reason ? ` · ${reasonLabel(e.reason)}` : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}
