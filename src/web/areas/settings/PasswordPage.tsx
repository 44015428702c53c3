import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useUpdatePassword } from '../../../api/password/update-password';
import { MSG } from '../../../domain/messages';
import { useSessionSelector } from '../../app/session';
import { fieldErrorsOf, useFieldErrors } from '../../ui/form-errors';
import { NewPasswordFields, newPasswordRules } from '../../ui/NewPasswordFields';
import { toast } from '../../ui/toast';

/** /user/password: change the password; an admin switched into the user skips the current one. */
export default function PasswordPage() {
  const userId = useSessionSelector((s) => s.context.auth?.user.id ?? null);
  const switchedInto = useSessionSelector((s) => (s.context.auth?.original ? s.context.auth.user.email : null));
  const form = useForm({
    initialValues: { currentPassword: '', password: '', confirmation: '' },
    validate: {
      currentPassword: (v) => (switchedInto || v ? null : 'Enter your current password'),
      ...newPasswordRules,
    },
  });
  const update = useUpdatePassword();
  useFieldErrors(form, fieldErrorsOf(update.error));

  const submit = form.onSubmit((v) => {
    if (userId === null) return;
    const body = { userId, password: v.password, ...(switchedInto ? {} : { currentPassword: v.currentPassword }) };
    update.mutate(body, {
      onSuccess: () => {
        toast('success', MSG.passwordUpdated);
        form.reset();
      },
    });
  });

  return (
    <Paper withBorder p="xl" radius="md" maw={560}>
      <Title order={2}>Password</Title>
      <Text c="dimmed" size="sm" mb="lg">
        {switchedInto
          ? `You are setting a new password for ${switchedInto}; their current password is not needed.`
          : 'Your other sessions are signed out when the password changes.'}
      </Text>
      <form
        onSubmit={(e) => {
          // Each attempt starts clean: the last answer must not stand beside the new one
          // (validating again clears the field errors it left).
          update.reset();
          submit(e);
        }}
        noValidate
      >
        <Stack>
          {update.isError && (
            <Alert color="red" data-testid="password-error">
              {MSG.passwordUpdateFailedPrefix + update.error.message}
            </Alert>
          )}
          {!switchedInto && (
            <PasswordInput label="Current password" autoComplete="current-password" {...form.getInputProps('currentPassword')} />
          )}
          <NewPasswordFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Update password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
