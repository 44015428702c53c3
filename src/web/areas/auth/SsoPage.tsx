import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'wouter';
import { can, isBusy, loginError } from '../../app/selectors';
import { useSessionActor, useSessionSelector } from '../../app/session';
import { PublicLayout } from '../../ui/PublicLayout';

/**
 * /sso/{key}: the session machine exchanges the link's key as it starts (the page was
 * opened with this address) and opens the role's screen; this view shows how it goes.
 * Reached without a page load (no exchange under way), it offers to start one.
 */
export function SsoPage() {
  const { key } = useParams<{ key: string }>();
  const session = useSessionActor();
  const failed = useSessionSelector(loginError);
  const busy = useSessionSelector(isBusy);
  const idle = useSessionSelector((s) => !failed && !busy && can({ type: 'SSO', key })(s));
  return (
    <PublicLayout title="Signing you in">
      {failed ? (
        <Stack>
          <Alert color="red">{failed}</Alert>
          <Button component={Link} href="/login">
            Sign in with your password
          </Button>
        </Stack>
      ) : idle ? (
        <Button onClick={() => session.send({ type: 'SSO', key })}>Sign in with this link</Button>
      ) : (
        <Stack align="center">
          <Loader />
          <Text c="dimmed">Checking your sign-in link…</Text>
        </Stack>
      )}
    </PublicLayout>
  );
}
