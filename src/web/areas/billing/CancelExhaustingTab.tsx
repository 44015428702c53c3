import { Alert, Button, Group, Paper, Text, Title } from '@mantine/core';
import { useSetCancelExhausting } from '../../../api/billing/set-cancel-exhausting';
import { BILLING_MSG } from '../../../domain/billing/messages';
import { toast } from '../../ui/toast';
import type { TabProps } from './tab-props';

/** Cancel exhausting (admins, switched into the user): their orders run until the balance is spent, then the account is cancelled. */
export default function CancelExhaustingTab({ actor, actingAs, userId }: TabProps) {
  const set = useSetCancelExhausting();
  const switched = actingAs.id !== actor.id;
  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <Title order={2} fz="h4">
        Cancel exhausting
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        The user keeps receiving leads until the balance is spent; then the account is cancelled and no card is recharged.
      </Text>
      {!switched ? (
        <Alert color="blue" data-testid="exhaust-switch-first">
          Switch into the user (user menu, Switch user) to set them to cancel exhausting.
        </Alert>
      ) : (
        <Group justify="space-between">
          <Text fw={500}>
            {actingAs.firstName} {actingAs.lastName} ({actingAs.email})
          </Text>
          <Button
            color="red"
            loading={set.isPending}
            onClick={() =>
              set.mutate(
                { userId, cancelExhausting: true },
                { onSuccess: () => toast('success', BILLING_MSG.exhausting), onError: () => toast('error', BILLING_MSG.exhaustFailed) },
              )
            }
          >
            Set to Cancel Exhausting
          </Button>
        </Group>
      )}
    </Paper>
  );
}
