import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation, useParams } from 'wouter';
import { ApiError } from '../../../api/errors';
import { useResetKey } from '../../../api/password/check-reset-key';
import { useResetPassword } from '../../../api/password/reset-password';
import { RESET_KEY_VALID_MINUTES } from '../../../domain/login-policy';
import { MSG } from '../../../domain/messages';
import { fieldErrorsOf, useFieldErrors } from '../../ui/form-errors';
import { NewPasswordFields, newPasswordRules } from '../../ui/NewPasswordFields';
import { PublicLayout, SignInLink } from '../../ui/PublicLayout';
import { formatDateTime } from '../../../domain/time-format';
import { toast } from '../../ui/toast';

const TITLE = 'Choose a new password';
/** A guest has no saved time zone: the browser's is theirs. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/** /password-reset/{key}: set a new password from the emailed link, once the link is known to work. */
export function PasswordResetPage() {
  const { key } = useParams<{ key: string }>();
  const check = useResetKey(key);
  const reset = useResetPassword();
  if (check.isPending)
    return (
      <PublicLayout title={TITLE} links={<SignInLink />}>
        <Group gap="sm" aria-busy="true">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Checking your link…
          </Text>
        </Group>
      </PublicLayout>
    );
  if (isGone(check.error) || isGone(reset.error)) return <LinkGone message={(check.error ?? reset.error)!.message} />;
  if (check.isError)
    return (
      <PublicLayout title={TITLE} links={<SignInLink />}>
        <Alert color="red">{check.error.message}</Alert>
        <Button mt="md" fullWidth variant="default" onClick={() => void check.refetch()}>
          Try again
        </Button>
      </PublicLayout>
    );
  return (
    <PublicLayout title={TITLE} links={<SignInLink />}>
      <ResetForm resetKey={key} expiresAt={check.data.expiresAt} reset={reset} />
    </PublicLayout>
  );
}

function ResetForm({ resetKey, expiresAt, reset }: { resetKey: string; expiresAt: string; reset: ReturnType<typeof useResetPassword> }) {
  const [, navigate] = useLocation();
  const form = useForm({ initialValues: { password: '', confirmation: '' }, validate: newPasswordRules });
  useFieldErrors(form, fieldErrorsOf(reset.error));
  const submit = form.onSubmit((v) =>
    reset.mutate(
      { key: resetKey, password: v.password },
      {
        onSuccess: () => {
          toast('success', MSG.passwordReset);
          navigate('/login');
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed" data-testid="reset-expiry">
          This link works once, until {formatDateTime(expiresAt, browserZone())}.
        </Text>
        {reset.isError && <Alert color="red">{reset.error.message}</Alert>}
        <NewPasswordFields form={form} />
        <Button type="submit" loading={reset.isPending}>
          Set password
        </Button>
      </Stack>
    </form>
  );
}

/** A used or expired link: say so at once and offer a fresh one instead of a form that cannot work. */
function LinkGone({ message }: { message: string }) {
  return (
    <PublicLayout title="This link no longer works" links={<SignInLink />}>
      <Stack>
        <Alert color="yellow" data-testid="reset-link-gone">
          {message}
        </Alert>
        <Text size="sm">
          Reset links work once, for {RESET_KEY_VALID_MINUTES} minutes. Ask for a new one and use the latest email.
        </Text>
        <Button component={Link} href="/login?resetEmail=">
          Email me a new link
        </Button>
      </Stack>
    </PublicLayout>
  );
}
