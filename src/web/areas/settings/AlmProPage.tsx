import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useUser } from '../../../api/people/get-user';
import { useGrantAlmPro } from '../../../api/people/grant-alm-pro';
import { useRevokeAlmPro } from '../../../api/people/revoke-alm-pro';
import { MSG } from '../../../domain/messages';
import { PEOPLE_DESIGNED_MSG } from '../../../domain/people/messages';
import { toast } from '../../ui/toast';
import { LoadState, SettingsCard } from './SettingsCard';
import { useActingUser } from './useActingUser';

/** /user/almpro (admin): grant or revoke ALM Pro for the user the session acts as. */
export default function AlmProPage() {
  const { user } = useActingUser();
  const detail = useUser(user!.id);
  const grant = useGrantAlmPro();
  const revoke = useRevokeAlmPro();
  const s = detail.data?.settings;
  const done = (text: string) => ({ onSuccess: () => toast('success', text), onError: (e: Error) => toast('error', `${MSG.saveFailed}: ${e.message}`) });
  return (
    <SettingsCard title="ALM Pro" description={`Whether ${user!.firstName} ${user!.lastName} has ALM Pro. A grant or revoke here overrides the automatic rules.`}>
      {s ? (
        <Stack>
          <Group>
            <Text>Status:</Text>
            <Badge color={s.almProUser ? 'green' : 'gray'} data-testid="almpro-status">
              {s.almProUser ? 'ALM Pro' : 'No ALM Pro'}
            </Badge>
            {s.almProManualOverride && <Badge variant="outline">Set by an administrator</Badge>}
          </Group>
          <Group>
            <Button disabled={s.almProUser} loading={grant.isPending} onClick={() => grant.mutate({ userId: user!.id }, done(PEOPLE_DESIGNED_MSG.almProGranted))}>
              Grant ALM Pro
            </Button>
            <Button variant="default" disabled={!s.almProUser} loading={revoke.isPending} onClick={() => revoke.mutate({ userId: user!.id }, done(PEOPLE_DESIGNED_MSG.almProRevoked))}>
              Revoke ALM Pro
            </Button>
          </Group>
        </Stack>
      ) : (
        <LoadState query={detail} label="ALM Pro status" />
      )}
    </SettingsCard>
  );
}
