import { Alert, Badge, Button, Divider, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useEditUser } from '../../../api/people/edit-user';
import { useUser } from '../../../api/people/get-user';
import { useInviteUser } from '../../../api/people/invite-user';
import { useResetFailedLogins } from '../../../api/people/reset-failed-logins';
import { useSetCancelExhausting } from '../../../api/people/set-cancel-exhausting';
import { userActionRefusal } from '../../../domain/access-policy';
import { MSG } from '../../../domain/messages';
import { PEOPLE_DESIGNED_MSG, PEOPLE_MSG } from '../../../domain/people/messages';
import { roleLabel } from '../../../domain/roles';
import type { SessionUser } from '../../../domain/session';
import { switchRefusal } from '../../../domain/switch-user';
import { formatDateTime } from '../../../domain/time-format';
import { fieldErrorsOf } from '../../ui/form-errors';
import { ProfileForm } from '../../ui/ProfileForm';
import { profileInitial } from '../../ui/profile-initial';
import { toast } from '../../ui/toast';
import { STATUS_COLORS } from './labels';
import { StatusActions } from './StatusActions';
import { UserHistory } from './UserHistory';

const person = (u: SessionUser) => ({ id: u.id, role: u.role, isSuperAdmin: u.isSuperAdmin, status: u.status });

/**
 * A user in user management: who they are, what an admin may do to them (the status
 * rules, cancel-exhausting, failed logins, the invitation, editing, switching in), and
 * their history. The other-administrator rule decides, here as on the server.
 */
export function UserPage({ userId, me, onBack, onSwitch }: { userId: number; me: { user: SessionUser; original: SessionUser | null }; onBack(): void; onSwitch(email: string): void }) {
  const detail = useUser(userId);
  const [editing, setEditing] = useState(false);
  const exhaust = useSetCancelExhausting();
  const resetLogins = useResetFailedLogins();
  const invite = useInviteUser();
  const edit = useEditUser();
  const owner = me.original ?? me.user;
  const timeZone = owner.timezone ?? 'America/New_York';
  if (detail.isPending) return <Text c="dimmed">Loading the user…</Text>;
  if (detail.isError)
    return (
      <Stack>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack} w="fit-content">
          Back to the search
        </Button>
        {/* A plain admin is refused another administrator's account here already (403). */}
        <Alert color="red" data-testid="user-error">
          {detail.error.message}
        </Alert>
      </Stack>
    );
  const { user: u, settings: s } = detail.data;
  const target = { id: u.id, role: u.role, isSuperAdmin: u.isSuperAdmin, status: u.status };
  const refusal = userActionRefusal('changeStatus', { owner: person(owner), actingAs: person(me.user) }, target);
  const switchBlock = switchRefusal(person(owner), target);
  const locked = u.failedLogins > 0 || u.lockedUntil !== null;

  return (
    <Stack gap="md" data-testid="user-page">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Button variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} />} onClick={onBack} w="fit-content" px={0}>
            Back to the search
          </Button>
          <Group gap="sm">
            <Title order={3}>
              {u.firstName} {u.lastName}
            </Title>
            <Badge color={STATUS_COLORS[u.status]} data-testid="user-status">
              {u.status}
            </Badge>
            <Badge variant="light">{roleLabel(u)}</Badge>
            {!s.registered && <Badge variant="outline" color="orange">Invited, not registered</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {u.email}
          </Text>
        </Stack>
        {!switchBlock && (
          <Button variant="default" onClick={() => onSwitch(u.email)} title="Work as this user, for example to set a new password">
            Switch into user
          </Button>
        )}
      </Group>

      {refusal === MSG.switchIntoAdmin && (
        <Alert color="red" data-testid="other-admin">
          {refusal}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Fact label="Company" value={u.company?.name ?? '—'} />
        <Fact label="Agent ID" value={u.agentId ?? '—'} />
        <Fact label="Time zone" value={u.timezone} />
        <Fact label="Failed logins" value={u.lockedUntil ? `${u.failedLogins} · locked until ${formatDateTime(u.lockedUntil, timeZone)}` : String(u.failedLogins)} />
      </SimpleGrid>

      <Divider label="Actions" labelPosition="left" />
      <StatusActions userId={u.id} status={u.status} disabled={refusal !== null} />
      <Group gap="lg">
        <Switch
          label="Cancel when funds are exhausted"
          checked={s.cancelExhausting}
          disabled={refusal !== null || exhaust.isPending}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            exhaust.mutate(
              { userId: u.id, cancelExhausting: on },
              {
                onSuccess: () => toast('success', on ? PEOPLE_DESIGNED_MSG.cancelExhaustingOn : PEOPLE_DESIGNED_MSG.cancelExhaustingOff),
                onError: (err) => toast('error', `${PEOPLE_MSG.exhaustFailed} ${err.message}`),
              },
            );
          }}
        />
        <Button
          variant="default"
          size="xs"
          disabled={!locked || refusal !== null}
          loading={resetLogins.isPending}
          onClick={() =>
            resetLogins.mutate(u.id, {
              onSuccess: () => toast('success', PEOPLE_DESIGNED_MSG.failedLoginsReset),
              onError: (err) => toast('error', `${MSG.resetLoginsFailed}: ${err.message}`),
            })
          }
        >
          Reset failed logins
        </Button>
        {!s.registered && (
          <Button
            variant="default"
            size="xs"
            disabled={refusal !== null}
            loading={invite.isPending}
            onClick={() => invite.mutate(u.id, { onSuccess: (m) => toast('success', m), onError: (err) => toast('error', err.message) })}
          >
            Send the invitation again
          </Button>
        )}
        <Button variant="default" size="xs" disabled={refusal !== null} onClick={() => setEditing((x) => !x)}>
          {editing ? 'Close the profile' : 'Edit profile'}
        </Button>
      </Group>

      {editing && (
        <ProfileForm
          initial={profileInitial(u)}
          submitLabel="Save profile"
          saving={edit.isPending}
          error={edit.error?.message ?? null}
          fieldErrors={fieldErrorsOf(edit.error)}
          onSubmit={(profile) =>
            edit.mutate(
              { userId: u.id, profile },
              {
                onSuccess: () => {
                  toast('success', 'Profile saved');
                  setEditing(false);
                },
              },
            )
          }
        />
      )}

      <Divider label="History" labelPosition="left" />
      <UserHistory userId={u.id} timeZone={timeZone} />
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}
