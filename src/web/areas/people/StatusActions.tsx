import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useArchiveUser } from '../../../api/people/archive-user';
import { useCancelUser } from '../../../api/people/cancel-user';
import { useReactivateUser } from '../../../api/people/reactivate-user';
import { PEOPLE_MSG } from '../../../domain/people/messages';
import { REASON_MAX_LENGTH, needsReason, reasonError, statusActionsFor, type StatusAction } from '../../../domain/people/status';
import type { UserStatus } from '../../../domain/roles';
import { toast } from '../../ui/toast';

const LABELS: Record<StatusAction, string> = { archive: 'Archive', cancel: 'Cancel user', reactivate: 'Reactivate' };
const DONE: Record<StatusAction, string> = { archive: PEOPLE_MSG.userArchived, cancel: PEOPLE_MSG.userCancelled, reactivate: PEOPLE_MSG.userActivated };
const FAILED: Record<StatusAction, string> = { archive: PEOPLE_MSG.archiveFailed, cancel: PEOPLE_MSG.cancelFailed, reactivate: PEOPLE_MSG.activateFailed };
const ASK: Record<StatusAction, string> = {
  archive: 'Archive this user? They are signed out and cannot sign in until reactivated.',
  cancel: 'Why is this user cancelled? They are signed out at once; they can be reactivated later.',
  reactivate: 'Why is this user reactivated?',
};

/** Archive, cancel or reactivate, as the user's status allows (document 000 section 4); the server has the last word. */
export function StatusActions({ userId, status, disabled }: { userId: number; status: UserStatus; disabled: boolean }) {
  const [asking, setAsking] = useState<StatusAction | null>(null);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const archive = useArchiveUser();
  const cancel = useCancelUser();
  const reactivate = useReactivateUser();
  const pending = archive.isPending || cancel.isPending || reactivate.isPending;
  const outcome = (action: StatusAction) => ({
    onSuccess: () => {
      toast('success', DONE[action]);
      setAsking(null);
    },
    onError: (e: Error) => toast('error', `${FAILED[action]} ${e.message}`),
  });
  const confirm = () => {
    if (!asking) return;
    setTried(true);
    if (needsReason(asking) && reasonError(reason)) return;
    if (asking === 'archive') archive.mutate({ userId }, outcome('archive'));
    else if (asking === 'cancel') cancel.mutate({ userId, reason: reason.trim() }, outcome('cancel'));
    else reactivate.mutate({ userId, reason: reason.trim() }, outcome('reactivate'));
  };
  const actions = statusActionsFor(status);
  if (asking)
    return (
      <Paper withBorder p="md" radius="md" bg="gray.0">
        <Stack gap="sm">
          <Text size="sm" fw={500}>
            {ASK[asking]}
          </Text>
          {needsReason(asking) && (
            <Textarea
              label="Reason"
              required
              autosize
              minRows={2}
              maxLength={REASON_MAX_LENGTH}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={tried ? reasonError(reason) : null}
              data-autofocus
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              Back
            </Button>
            <Button color={asking === 'reactivate' ? 'green' : 'red'} loading={pending} onClick={confirm}>
              {LABELS[asking]}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  return (
    <Group gap="xs">
      {actions.map((a) => (
        <Button
          key={a}
          variant="light"
          color={a === 'reactivate' ? 'green' : a === 'cancel' ? 'red' : 'yellow'}
          disabled={disabled}
          onClick={() => {
            setReason('');
            setTried(false);
            setAsking(a);
          }}
        >
          {LABELS[a]}
        </Button>
      ))}
      {actions.length === 0 && (
        <Text size="sm" c="dimmed">
          A {status} user has no status change.
        </Text>
      )}
    </Group>
  );
}
