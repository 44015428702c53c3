import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'wouter';
import { isBusy, isLocked, signOutNotice } from '../../app/selectors';
import { useSessionActor, useSessionSelector } from '../../app/session';
import { Captcha } from '../../ui/Captcha';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { PublicLayout } from '../../ui/PublicLayout';

const LoggedOutDialog = lazy(() => import('./LoggedOutDialog'));
// The forgotten-password form asks the server through the data layer, which the sign-in
// page itself does not load: both come when the form is opened.
const ForgotPassword = lazy(() => import('./ForgotPassword').then((m) => ({ default: m.ForgotPassword })));
const DataLayer = lazy(() => import('../../app/DataLayer'));

interface LoginPageProps {
  locked?: boolean;
  title?: string;
  /** A line under the title (the CLD login says where it leads). */
  intro?: string;
  /** The screen a successful sign-in lands on (the access rules of that screen apply). */
  landing?: string;
}

/** /login and /login/locked (and the CLD login): sign in with email, password and the captcha. */
export function LoginPage({ locked = false, title = 'Sign in', intro, landing }: LoginPageProps) {
  const session = useSessionActor();
  const [params] = useSearchParams();
  const resetEmail = params.get('resetEmail');
  const [forgot, setForgot] = useState(resetEmail !== null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const signingIn = useSessionSelector(isBusy);
  const captchaVersion = useSessionSelector((s) => s.context.captchaVersion);
  // A failed sign-in is a warning toast with the server's message (session.ts, document 000 section 8).
  const notice = useSessionSelector(signOutNotice);
  const lockedNow = useSessionSelector(isLocked);

  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Enter your email'),
      password: (v) => (v ? null : 'Enter your password'),
    },
  });

  const submit = form.onSubmit((v) => {
    if (!captcha) return;
    if (landing) session.send({ type: 'SCREEN_REQUESTED', path: landing });
    session.send({ type: 'LOGIN', username: v.username.trim(), password: v.password, captcha });
  });

  if (forgot)
    return (
      <Suspense fallback={<FullPageLoader />}>
        <DataLayer>
          <ForgotPassword initialEmail={resetEmail ?? form.values.username} onBack={() => setForgot(false)} />
        </DataLayer>
      </Suspense>
    );

  return (
    <PublicLayout title={title}>
      {notice === 'inactivity' && (
        <Suspense fallback={null}>
          <LoggedOutDialog onClose={() => session.send({ type: 'DISMISS' })} />
        </Suspense>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          {intro && <Text size="sm" c="dimmed">{intro}</Text>}
          {(locked || lockedNow) && <Alert color="red">Your account is locked. Try again later or reset your password.</Alert>}
          {notice === 'logout' && <Alert color="blue">You have been signed out.</Alert>}
          {notice === 'sessionLost' && <Alert color="yellow">Your session has ended. Please sign in again.</Alert>}
          <TextInput label="Email" autoComplete="username" type="email" {...form.getInputProps('username')} />
          <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
          <Captcha version={captchaVersion} onChange={setCaptcha} />
          <Button type="submit" loading={signingIn} disabled={!captcha}>
            Sign in
          </Button>
          {/* The privacy policy is linked once, in the page's footer. */}
          <Anchor component="button" type="button" size="sm" onClick={() => setForgot(true)}>
            Forgot your password?
          </Anchor>
        </Stack>
      </form>
    </PublicLayout>
  );
}
