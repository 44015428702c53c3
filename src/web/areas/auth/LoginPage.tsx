import { Alert, Anchor, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { MSG } from '../../../domain/messages';
import { useSessionActor, useSessionSelector } from '../../app/session';
import { Captcha } from '../../ui/Captcha';
import { PublicLayout } from '../../ui/PublicLayout';
import { ForgotPassword } from './ForgotPassword';

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


  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Enter your email'),
      password: (v) => (v ? null : 'Enter your password'),
    },
  });

  // /locked carries the email, so its unlock and reset forms start from it.
  const lockedEmail = form.values.username.trim();
  useEffect(() => {
    if (lockedNow) navigate(`/locked?email=${encodeURIComponent(lockedEmail)}`);
  }, [lockedNow, lockedEmail, navigate]);

  const submit = form.onSubmit((v) => {
    if (!captcha) return;
    session.send({ type: 'LOGIN', username: v.username.trim(), password: v.password, captcha });
  });

  if (forgot) return <ForgotPassword initialEmail={resetEmail ?? form.values.username} onBack={() => setForgot(false)} />;

  return (
    <PublicLayout title="Sign in">
      <Modal
        opened={inactivity}
        onClose={() => session.send({ type: 'DISMISS' })}
        title={MSG.loggedOutTitle}
        centered
        closeOnClickOutside={false}
      >
        <Text>{MSG.loggedOutBody}</Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={() => session.send({ type: 'DISMISS' })}>OK</Button>
        </Group>
      </Modal>
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
