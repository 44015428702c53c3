import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useParams } from 'wouter';
import { errorMessage } from '../../../api/client';
import { MSG } from '../../../domain/messages';
import { confirmationError, passwordError } from '../../../domain/password';
import { useApi } from '../../app/session';
import { PublicLayout } from '../../ui/PublicLayout';
import { toast } from '../../ui/toast';
import { PasswordChecklist } from './PasswordChecklist';

/** /password-reset/{key}: set a new password from the emailed link. */
export function PasswordResetPage() {
  const { key } = useParams<{ key: string }>();
  const api = useApi();
  const [, navigate] = useLocation();
  const form = useForm({
    initialValues: { password: '', confirmation: '' },
    validate: {
      password: (v) => passwordError(v),
      confirmation: (v, values) => confirmationError(values.password, v),
    },
  });
  const reset = useMutation({
    mutationFn: async (password: string) => {
      const { data, error } = await api.POST('/password/reset', { body: { resetHash: key, password } });
      if (!data) throw new Error(errorMessage(error, MSG.passwordResetFailed));
    },
    onSuccess: () => {
      toast('success', MSG.passwordReset);
      navigate('/login');
    },
  });
  return (
    <PublicLayout title="Choose a new password">
      <form onSubmit={form.onSubmit((v) => reset.mutate(v.password))} noValidate>
        <Stack>
          {reset.isError && <Alert color="red">{reset.error.message}</Alert>}
          <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordChecklist password={form.values.password} />
          <PasswordInput label="Confirm new password" autoComplete="new-password" {...form.getInputProps('confirmation')} />
          <Button type="submit" loading={reset.isPending}>
            Set password
          </Button>
        </Stack>
      </form>
    </PublicLayout>
  );
}
