import { Alert, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useParams } from 'wouter';
import { errorMessage } from '../../../api/client';
import { MSG } from '../../../domain/messages';
import { useApi } from '../../app/session';
import { PublicLayout } from '../../ui/PublicLayout';
import { toast } from '../../ui/toast';
import { NewPasswordFields, newPasswordRules } from './NewPasswordFields';

/** /password-reset/{key}: set a new password from the emailed link. */
export function PasswordResetPage() {
  const { key } = useParams<{ key: string }>();
  const api = useApi();
  const [, navigate] = useLocation();
  const form = useForm({
    initialValues: { password: '', confirmation: '' },
    validate: newPasswordRules,
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
          <NewPasswordFields form={form} />
          <Button type="submit" loading={reset.isPending}>
            Set password
          </Button>
        </Stack>
      </form>
    </PublicLayout>
  );
}
