import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { confirmationError, passwordError } from '../../domain/password';
import { PasswordChecklist } from './PasswordChecklist';

/** Validation of a new password and its confirmation, for any form holding both. */
export const newPasswordRules = {
  password: (v: string) => passwordError(v),
  confirmation: (v: string, values: { password: string }) => confirmationError(values.password, v),
};

/** New password, the live rule checklist, and the confirmation. */
export function NewPasswordFields<T extends { password: string; confirmation: string }>({ form }: { form: UseFormReturnType<T> }) {
  return (
    <>
      <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps('password')} />
      <PasswordChecklist password={form.values.password} />
      <PasswordInput label="Confirm new password" autoComplete="new-password" {...form.getInputProps('confirmation')} />
    </>
  );
}
