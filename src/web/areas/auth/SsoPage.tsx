import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, Redirect, useParams } from 'wouter';
import { useSessionActor, useSessionSelector } from '../../app/session';
import { PublicLayout } from '../../ui/PublicLayout';

/** /sso/{key}: exchange a one-time key for a session, then go to the role's screen. */
export function SsoPage() {
  const { key } = useParams<{ key: string }>();
  const session = useSessionActor();
  const sent = useRef(false);
  const failed = useSessionSelector((s) => (s.matches({ signedOut: 'loginFailed' }) ? s.context.error : null));
  const signedIn = useSessionSelector((s) => !s.matches('signedOut') && !s.matches('signingIn') && !s.matches('restoring') && !s.matches('checkingToken'));
  const ready = useSessionSelector((s) => s.matches('signedOut') || s.matches('signedIn'));

  useEffect(() => {
    if (sent.current || !ready) return;
    sent.current = true;
    session.send({ type: 'SSO', key });
  }, [ready, key, session]);

  if (sent.current && signedIn) return <Redirect to="/" />;
  return (
    <PublicLayout title="Signing you in">
      {failed ? (
        <Stack>
          <Alert color="red">{failed}</Alert>
          <Button component={Link} href="/login">
            Sign in with your password
          </Button>
        </Stack>
      ) : (
        <Stack align="center">
          <Loader />
          <Text c="dimmed">Checking your sign-in link…</Text>
        </Stack>
      )}
    </PublicLayout>
  );
}
