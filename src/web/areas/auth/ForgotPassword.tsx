import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../../api/client';
import { MSG } from '../../../domain/messages';
import { useApi } from '../../app/session';
import { PublicLayout } from '../../ui/PublicLayout';

/** Ask for a password reset email. The server answers the same whether or not the email exists. */
export function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack(): void }) {
  const api = useApi();
  const form = useForm({
    initialValues: { email: initialEmail },
    validate: { email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Enter a valid email') },
  });
  const request = useMutation({
    mutationFn: async (email: string) => {
      const { data, error } = await api.POST('/password/reset', { body: { email } });
      if (!data) throw new Error(errorMessage(error, MSG.passwordResetRequestFailed));
      return data.message;
    },
  });
  return (
    <PublicLayout title="Reset your password">
      <form onSubmit={form.onSubmit((v) => request.mutate(v.email.trim()))} noValidate>
        <Stack>
          {request.isSuccess && <Alert color="green">{request.data}</Alert>}
          {request.isError && <Alert color="red">{request.error.message}</Alert>}
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <Button type="submit" loading={request.isPending}>
            Email me a reset link
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </PublicLayout>
  );
}
