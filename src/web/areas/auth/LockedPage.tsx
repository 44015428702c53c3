import { Alert, Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { useRequestUnlock } from '../../../api/auth/request-unlock';
import { DESIGNED_MSG } from '../../../domain/messages';
import { useSessionActor, useSessionSelector } from '../../app/session';
import { Captcha } from '../../ui/Captcha';
import { coveredByFields, fieldErrorsOf, useFieldErrors } from '../../ui/form-errors';
import { PublicLayout } from '../../ui/PublicLayout';

const EMAIL = /^\S+@\S+\.\S+$/;

/**
 * /locked: too many failed logins. The owner of the account gets back in by an emailed
 * one-time sign-in link (captcha-protected, the same answer for any email) or a password
 * reset; both start from the email that was locked (`?email=`).
 */
export function LockedPage() {
  const session = useSessionActor();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const message = useSessionSelector((s) => (s.matches({ signedOut: 'locked' }) ? s.context.error : null));
  const form = useForm({
    initialValues: { email: params.get('email') ?? '' },
    validate: { email: (v) => (EMAIL.test(v.trim()) ? null : 'Enter the email you sign in with') },
  });
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const unlock = useRequestUnlock();
  useFieldErrors(form, fieldErrorsOf(unlock.error));

  const leave = (to: string) => {
    session.send({ type: 'DISMISS' });
    navigate(to);
  };
  const submit = form.onSubmit((v) => {
    if (!captcha) return;
    // A captcha solution works once: whatever the answer, the next request needs a new one.
    unlock.mutate({ email: v.email.trim(), captcha }, { onSettled: () => setCaptchaVersion((n) => n + 1) });
  });

  return (
    <PublicLayout title="Account locked">
      <Stack>
        <Alert color="red">{message ?? DESIGNED_MSG.accountLocked}</Alert>
        <Text size="sm">
          Get back in now with a one-time sign-in link sent to your email, or choose a new password. You can also wait
          and sign in again.
        </Text>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
            {unlock.isSuccess && (
              <Alert color="green" data-testid="unlock-requested">
                {unlock.data}
              </Alert>
            )}
            {unlock.isError && !coveredByFields(form.getValues(), fieldErrorsOf(unlock.error)) && (
              <Alert color="red">{unlock.error.message}</Alert>
            )}
            <Captcha version={captchaVersion} onChange={setCaptcha} />
            <Button type="submit" loading={unlock.isPending} disabled={!captcha}>
              Email me a sign-in link
            </Button>
          </Stack>
        </form>
        <Divider label="or" labelPosition="center" />
        <Button
          variant="default"
          onClick={() => leave(`/login?resetEmail=${encodeURIComponent(form.getValues().email.trim())}`)}
        >
          Reset my password
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => leave('/login')}>
          Back to sign in
        </Anchor>
      </Stack>
    </PublicLayout>
  );
}
