import { Alert, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../../api/client';
import { MSG } from '../../../domain/messages';
import { useApi, useSessionSelector } from '../../app/session';
import { toast } from '../../ui/toast';
import { NewPasswordFields, newPasswordRules } from '../auth/NewPasswordFields';

/** /user/password: change the password; an admin switched into the user skips the current one. */
export default function PasswordPage() {
  const api = useApi();
  const user = useSessionSelector((s) => s.context.auth?.user);
  const switched = useSessionSelector((s) => s.context.switchedTo !== null);
  const form = useForm({
    initialValues: { currentPassword: '', password: '', confirmation: '' },
    validate: {
      currentPassword: (v) => (switched || v ? null : 'Enter your current password'),
      ...newPasswordRules,
    },
  });
  const update = useMutation({
    mutationFn: async (v: typeof form.values) => {
      const { data, error } = await api.POST('/password/update/{userId}', {
        params: { path: { userId: user!.id } },
        body: { password: v.password, ...(switched ? {} : { currentPassword: v.currentPassword }) },
      });
      if (!data) throw new Error(MSG.passwordUpdateFailedPrefix + errorMessage(error, 'please try again'));
    },
    onSuccess: () => {
      toast('success', MSG.passwordUpdated);
      form.reset();
    },
  });
  return (
    <Paper withBorder p="xl" radius="md" maw={520}>
      <Title order={2} mb="md">
        Password
      </Title>
      <form onSubmit={form.onSubmit((v) => update.mutate(v))} noValidate>
        <Stack>
          {update.isError && <Alert color="red">{update.error.message}</Alert>}
          {!switched && (
            <PasswordInput label="Current password" autoComplete="current-password" {...form.getInputProps('currentPassword')} />
          )}
          <NewPasswordFields form={form} />
          <Button type="submit" loading={update.isPending}>
            Update password
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
