import { Alert, Button, Group, Loader, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { useParams } from 'wouter';
import { ApiError } from '../../../api/errors';
import { useRegistrationStart } from '../../../api/registration/authenticate-registration';
import { useRegister, type Registration } from '../../../api/registration/register';
import { STATES } from '../../../domain/lookups';
import { MSG } from '../../../domain/messages';
import { PEOPLE_MSG } from '../../../domain/people/messages';
import { registrationErrors } from '../../../domain/people/registration';
import { defaultCompanyName } from '../../../domain/profile';
import { useSessionActor } from '../../app/session';
import { coveredByFields, fieldErrorsOf, useFieldErrors } from '../../ui/form-errors';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { PublicLayout } from '../../ui/PublicLayout';

type Values = Omit<Registration, 'key'> & { address2: string; agentId: string };
/** The state dropdown: every US state and the territories of the lookup, by code and name. */
const STATE_OPTIONS = [{ value: '', label: 'State…', disabled: true }, ...STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))];
const EMPTY: Values = {
  email: '', firstName: '', lastName: '', phoneNumber: '', address1: '', address2: '', city: '', zipcode: '', companyName: '',
  state: '', country: 'US', agentId: '', password: '', confirmation: '',
};

/**
 * /registration/{key}: an invited agent registers. The key is checked first (the
 * invalid-key text when it is unknown, used or expired); registering signs in with a
 * one-time key, and the session leads on to the terms and then the role's screen.
 */
export function RegisterPage() {
  const { key } = useParams<{ key: string }>();
  const start = useRegistrationStart(key);
  return (
    <PublicLayout title="Create your account" width={720}>
      {start.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
          <Text c="dimmed">Checking your invitation…</Text>
        </Group>
      ) : start.isError ? (
        <Alert color="red" data-testid="registration-invalid">
          {PEOPLE_MSG.registrationTokenInvalid}
        </Alert>
      ) : (
        <RegistrationForm registrationKey={key} initial={start.data} />
      )}
    </PublicLayout>
  );
}

/** Fields side by side, growing to the row's width; they wrap on a narrow window. */
function Row({ children }: { children: React.ReactNode }) {
  return (
    <Group grow align="flex-start" wrap="wrap" gap="md">
      {children}
    </Group>
  );
}

function RegistrationForm({ registrationKey, initial }: { registrationKey: string; initial: { email: string; firstName: string; lastName: string; agentId: string | null; companyName: string | null } }) {
  const session = useSessionActor();
  const register = useRegister();
  const form = useForm<Values>({
    initialValues: {
      ...EMPTY,
      email: initial.email,
      firstName: initial.firstName,
      lastName: initial.lastName,
      agentId: initial.agentId ?? '',
      companyName: initial.companyName ?? defaultCompanyName(initial.firstName, initial.lastName),
    },
    validate: (v) => Object.fromEntries(registrationErrors(v).map((e) => [e.field, e.message])),
  });
  // A company name the admin did not give follows the person's name (first and last name
  // plus ' Agency') until it is edited by hand.
  const following = useRef<string | null>(initial.companyName ? null : form.getValues().companyName);
  const { firstName, lastName } = form.values;
  useEffect(() => {
    if (following.current === null) return;
    if (form.getValues().companyName !== following.current) {
      following.current = null;
      return;
    }
    following.current = defaultCompanyName(firstName, lastName);
    form.setFieldValue('companyName', following.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstName, lastName]);
  const serverErrors = fieldErrorsOf(register.error);
  useFieldErrors(form, serverErrors);
  const missing = Object.values(form.errors).includes(MSG.profileRequired);
  const field = (name: keyof Values, label: string, extra: object = {}) => (
    <TextInput label={label} miw={180} {...extra} {...form.getInputProps(name)} />
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        register.mutate(
          // The server keeps the phone number's digits, however it was typed.
          { ...v, key: registrationKey },
          { onSuccess: (ssoKey) => session.send({ type: 'SSO', key: ssoKey }) },
        ),
      )}
    >
      <Stack>
        <Text c="dimmed" size="sm">
          You were invited to Leadline. Complete your profile and choose a password; the terms of service come next.
        </Text>
        {missing && <Alert color="yellow">{MSG.profileRequired}</Alert>}
        {register.isError && !coveredByFields(EMPTY, serverErrors) && (
          <Alert color="red" data-testid="registration-error">
            {register.error instanceof ApiError && register.error.status === 422 ? register.error.message : `${MSG.profileUpdateFailed}: ${register.error.message}`}
          </Alert>
        )}
        {/* Plain inputs in rows and a native select for the state: the page stays light (no grid, no
            combobox) and the browser's own dropdown takes typing ("Tex" picks Texas). */}
        {field('email', 'Email', { required: true, type: 'email', autoComplete: 'email' })}
        <Row>
          {field('firstName', 'First name', { required: true, autoComplete: 'given-name' })}
          {field('lastName', 'Last name', { required: true, autoComplete: 'family-name' })}
        </Row>
        <Row>
          {field('phoneNumber', 'Phone number', { required: true, type: 'tel', autoComplete: 'tel-national', placeholder: '(512) 555-0199' })}
          {field('agentId', 'Agent ID')}
        </Row>
        {field('address1', 'Address line 1', { required: true, autoComplete: 'address-line1' })}
        {field('address2', 'Address line 2', { autoComplete: 'address-line2' })}
        <Row>
          {field('city', 'City', { required: true, autoComplete: 'address-level2' })}
          <NativeSelect label="State" miw={180} required autoComplete="address-level1" data={STATE_OPTIONS} data-testid="registration-state" {...form.getInputProps('state')} />
          {field('zipcode', 'ZIP code', { required: true, autoComplete: 'postal-code' })}
        </Row>
        <Row>
          {field('companyName', 'Company name', { required: true, autoComplete: 'organization' })}
          <TextInput label="Country" value="United States" readOnly description="Leadline serves the US" />
        </Row>
        <NewPasswordFields form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={register.isPending}>
            Create account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
