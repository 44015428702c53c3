import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { useSessionActor, useSessionSelector } from '../../app/session';
import { Captcha } from '../../ui/Captcha';
import { PublicLayout } from '../../ui/PublicLayout';
import { ForgotPassword } from './ForgotPassword';

const LoggedOutDialog = lazy(() => import('./LoggedOutDialog'));

/** /login and /login/locked: sign in with email, password and the captcha. */
export function LoginPage({ locked = false }: { locked?: boolean }) {
  const session = useSessionActor();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const resetEmail = params.get('resetEmail');
  const [forgot, setForgot] = useState(resetEmail !== null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const signingIn = useSessionSelector((s) => s.matches('signingIn'));
  const captchaVersion = useSessionSelector((s) => s.context.captchaVersion);
  const error = useSessionSelector((s) => (s.matches({ signedOut: 'loginFailed' }) ? s.context.error : null));
  const notice = useSessionSelector((s) =>
    s.matches({ signedOut: 'afterLogout' }) ? 'logout' : s.matches({ signedOut: 'sessionLost' }) ? 'lost' : null,
  );
  const inactivity = useSessionSelector((s) => s.matches({ signedOut: 'afterInactivity' }));
  const lockedNow = useSessionSelector((s) => s.matches({ signedOut: 'locked' }));

  useEffect(() => {
    if (lockedNow) navigate('/locked');
  }, [lockedNow, navigate]);

  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Enter your email'),
      password: (v) => (v ? null : 'Enter your password'),
    },
  });

  const submit = form.onSubmit((v) => {
    if (!captcha) return;
    session.send({ type: 'LOGIN', username: v.username.trim(), password: v.password, captcha });
  });

  if (forgot) return <ForgotPassword initialEmail={resetEmail ?? form.values.username} onBack={() => setForgot(false)} />;

  return (
    <PublicLayout title="Sign in">
      {inactivity && (
        <Suspense fallback={null}>
          <LoggedOutDialog onClose={() => session.send({ type: 'DISMISS' })} />
        </Suspense>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          {(locked || lockedNow) && <Alert color="red">Your account is locked. Try again later or reset your password.</Alert>}
          {notice === 'logout' && <Alert color="blue">You have been signed out.</Alert>}
          {notice === 'lost' && <Alert color="yellow">Your session has ended. Please sign in again.</Alert>}
          {error && (
            <Alert color="red" data-testid="login-error">
              {error}
            </Alert>
          )}
          <TextInput label="Email" autoComplete="username" type="email" {...form.getInputProps('username')} />
          <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
          <Captcha version={captchaVersion} onChange={setCaptcha} />
          <Button type="submit" loading={signingIn} disabled={!captcha}>
            Sign in
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={() => setForgot(true)}>
              Forgot your password?
            </Anchor>
            <Anchor component={Link} href="/privacy-policy" size="sm">
              Privacy policy
            </Anchor>
          </Group>
        </Stack>
      </form>
    </PublicLayout>
  );
}
