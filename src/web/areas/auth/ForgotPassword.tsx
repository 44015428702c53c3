import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRequestReset } from '../../../api/password/request-reset';
import { coveredByFields, fieldErrorsOf, useFieldErrors } from '../../ui/form-errors';
import { PublicLayout, SignInLink } from '../../ui/PublicLayout';

const EMAIL = /^\S+@\S+\.\S+$/;

/** Ask for a password reset email. The server answers the same whether or not the email exists. */
export function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack(): void }) {
  const form = useForm({
    initialValues: { email: initialEmail },
    validate: { email: (v) => (EMAIL.test(v.trim()) ? null : 'Enter a valid email') },
  });
  const request = useRequestReset();
  useFieldErrors(form, fieldErrorsOf(request.error));
  return (
    <PublicLayout title="Reset your password" links={<SignInLink onClick={onBack} />}>
      <form onSubmit={form.onSubmit((v) => request.mutate(v.email.trim()))} noValidate>
        <Stack>
          {request.isSuccess ? (
            <Alert color="green" data-testid="reset-requested">
              {request.data}
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              Enter the email you sign in with. We will send a link to choose a new password.
            </Text>
          )}
          {request.isError && !coveredByFields(form.getValues(), fieldErrorsOf(request.error)) && (
            <Alert color="red">{request.error.message}</Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <Button type="submit" loading={request.isPending}>
            {request.isSuccess ? 'Send the link again' : 'Email me a reset link'}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </PublicLayout>
  );
}
