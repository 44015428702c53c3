import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { loginError } from '../../app/selectors';
import { useSessionSelector } from '../../app/session';
import { PublicLayout } from '../../ui/PublicLayout';

/**
 * /sso/{key}: the session machine exchanges the link's key as it starts (the page was
 * opened with this address) and opens the role's screen; this view only shows how it went.
 */
export function SsoPage() {
  const failed = useSessionSelector(loginError);
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
