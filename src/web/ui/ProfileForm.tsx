import { Alert, Button, Grid, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FieldError } from '../../api/errors';
import { STATES } from '../../domain/lookups';
import { MSG } from '../../domain/messages';
import { profileErrors, type ProfileInput } from '../../domain/profile';

// A minimal stand-in with the props of the shared ProfileForm (the web data layer's
// branch holds the full one; the merge takes theirs).
const EMPTY: Required<ProfileInput> = {
  firstName: '', lastName: '', phoneNumber: '', address1: '', address2: '', city: '', state: '', zipcode: '', companyName: '', agentId: '',
};

export interface ProfileFormProps {
  initial: Partial<ProfileInput>;
  submitLabel: string;
  saving: boolean;
  error: string | null;
  fieldErrors?: FieldError[];
  onSubmit(values: ProfileInput): void;
}

/** The registration profile: completing a provisional account, and the settings screen. */
export function ProfileForm({ initial, submitLabel, saving, error, fieldErrors, onSubmit }: ProfileFormProps) {
  const form = useForm<Required<ProfileInput>>({
    initialValues: { ...EMPTY, ...initial },
    validate: (values) => Object.fromEntries(profileErrors(values).map((e) => [e.field, e.message])),
  });
  const serverErrors = Object.fromEntries((fieldErrors ?? []).map((e) => [e.field, e.message]));
  const field = (name: keyof ProfileInput, label: string, extra: object = {}) => {
    const props = form.getInputProps(name);
    return <TextInput label={label} {...extra} {...props} error={props.error ?? serverErrors[name]} />;
  };
  const missing = Object.values(form.errors).includes(MSG.profileRequired);
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack>
        {missing && <Alert color="yellow">{MSG.profileRequired}</Alert>}
        {error && !fieldErrors?.length && (
          <Alert color="red" data-testid="profile-error">
            {error}
          </Alert>
        )}
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>{field('firstName', 'First name', { required: true })}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>{field('lastName', 'Last name', { required: true })}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>{field('phoneNumber', 'Phone number', { required: true, type: 'tel' })}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>{field('agentId', 'Agent ID')}</Grid.Col>
          <Grid.Col span={12}>{field('address1', 'Address line 1', { required: true })}</Grid.Col>
          <Grid.Col span={12}>{field('address2', 'Address line 2')}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>{field('city', 'City', { required: true })}</Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <Select
              label="State"
              required
              searchable
              data={STATES.map((s) => ({ value: s.code, label: `${s.code} – ${s.name}` }))}
              {...form.getInputProps('state')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>{field('zipcode', 'ZIP code', { required: true })}</Grid.Col>
          <Grid.Col span={12}>{field('companyName', 'Company name', { required: true })}</Grid.Col>
        </Grid>
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
