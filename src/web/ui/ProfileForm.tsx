import { Alert, Button, Grid, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { FieldError } from '../../api/errors';
import { STATES } from '../../domain/lookups';
import { MSG } from '../../domain/messages';
import { profileErrors, type ProfileInput } from '../../domain/profile';
import { coveredByFields, useFieldErrors } from './form-errors';
import { formatPhone, normalizePhone } from './phone';

const EMPTY: Required<ProfileInput> = {
  firstName: '', lastName: '', phoneNumber: '', address1: '', address2: '', city: '', state: '', zipcode: '', companyName: '', agentId: '',
};
const STATE_OPTIONS = STATES.map((s) => ({ value: s.code, label: `${s.code} – ${s.name}` }));

export interface ProfileFormProps {
  initial: Partial<ProfileInput>;
  submitLabel: string;
  saving: boolean;
  /** The last save's failure, shown above the form unless its field errors say it all. */
  error: string | null;
  /** The server's field errors, shown under the fields they name. */
  fieldErrors?: FieldError[];
  onSubmit(values: ProfileInput): void;
}

const startValues = (initial: Partial<ProfileInput>): Required<ProfileInput> => {
  const values = { ...EMPTY, ...initial };
  return { ...values, phoneNumber: formatPhone(values.phoneNumber) };
};
/** What is sent: the phone number as its digits, however it was typed. */
const toInput = (v: Required<ProfileInput>): ProfileInput => ({ ...v, phoneNumber: normalizePhone(v.phoneNumber) });

/** The registration profile: completing a provisional account, and the settings screen. */
export function ProfileForm({ initial, submitLabel, saving, error, fieldErrors, onSubmit }: ProfileFormProps) {
  const form = useForm<Required<ProfileInput>, ProfileInput>({
    initialValues: startValues(initial),
    validate: (values) => Object.fromEntries(profileErrors(toInput(values)).map((e) => [e.field, e.message])),
    transformValues: toInput,
  });

  // New saved values (after a save, or loaded late) replace the fields the user has not touched.
  const initialKey = JSON.stringify(initial);
  useEffect(() => {
    if (form.isDirty()) return;
    const values = startValues(initial);
    form.setValues(values);
    form.resetDirty(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialKey]);

  useFieldErrors(form, fieldErrors);
  const errorsOnFields = coveredByFields(EMPTY, fieldErrors ?? []);
  const missing = Object.values(form.errors).includes(MSG.profileRequired);

  const field = (name: keyof ProfileInput, label: string, extra: object = {}) => (
    <TextInput label={label} {...extra} {...form.getInputProps(name)} />
  );
  const phone = form.getInputProps('phoneNumber');
  const tidyPhone = () => {
    const digits = normalizePhone(form.getValues().phoneNumber);
    if (/^\d{10}$/.test(digits)) form.setFieldValue('phoneNumber', formatPhone(digits));
  };

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack>
        {missing && <Alert color="yellow">{MSG.profileRequired}</Alert>}
        {error && !errorsOnFields && (
          <Alert color="red" data-testid="profile-error">
            {error}
          </Alert>
        )}
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>{field('firstName', 'First name', { required: true, autoComplete: 'given-name' })}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>{field('lastName', 'Last name', { required: true, autoComplete: 'family-name' })}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Phone number"
              required
              type="tel"
              autoComplete="tel-national"
              placeholder="(512) 555-0199"
              {...phone}
              onBlur={(e) => {
                tidyPhone();
                phone.onBlur?.(e);
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>{field('agentId', 'Agent ID')}</Grid.Col>
          <Grid.Col span={12}>{field('address1', 'Address line 1', { required: true, autoComplete: 'address-line1' })}</Grid.Col>
          <Grid.Col span={12}>{field('address2', 'Address line 2', { autoComplete: 'address-line2' })}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>{field('city', 'City', { required: true, autoComplete: 'address-level2' })}</Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <Select label="State" required searchable data={STATE_OPTIONS} {...form.getInputProps('state')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>{field('zipcode', 'ZIP code', { required: true, autoComplete: 'postal-code' })}</Grid.Col>
          <Grid.Col span={12}>{field('companyName', 'Company name', { required: true, autoComplete: 'organization' })}</Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
