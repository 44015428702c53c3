import { Alert, Button, Stack, Text } from '@mantine/core';
import { useLocation } from 'wouter';
import { DESIGNED_MSG } from '../../../domain/messages';
import { useSessionActor, useSessionSelector } from '../../app/session';
import { PublicLayout } from '../../ui/PublicLayout';

/** /locked: too many failed logins. */
export function LockedPage() {
  const session = useSessionActor();
  const [, navigate] = useLocation();
  const message = useSessionSelector((s) => (s.matches({ signedOut: 'locked' }) ? s.context.error : null));
  const back = (to: string) => {
    session.send({ type: 'DISMISS' });
    navigate(to);
  };
  return (
    <PublicLayout title="Account locked">
      <Stack>
        <Alert color="red">{message ?? DESIGNED_MSG.accountLocked}</Alert>
        <Text size="sm">
          You can wait and sign in again, reset your password by email, or ask your account representative to unlock
          your account.
        </Text>
        <Button onClick={() => back('/login?resetEmail=')}>Reset my password</Button>
        <Button variant="default" onClick={() => back('/login')}>
          Back to sign in
        </Button>
      </Stack>
    </PublicLayout>
  );
}
