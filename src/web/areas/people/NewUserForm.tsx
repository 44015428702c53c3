import { Alert, Autocomplete, Button, Grid, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect } from 'react';
import { useSearchCompanies } from '../../../api/companies/search-companies';
import { ApiError } from '../../../api/errors';
import { useCreateUser } from '../../../api/people/create-user';
import { useLookupAgent } from '../../../api/people/lookup-agent';
import { useSearchUsers, type User } from '../../../api/people/search-users';
import { TIMEZONES } from '../../../domain/lookups';
import { PEOPLE_MSG, alreadyExists, noAgentData } from '../../../domain/people/messages';
import { NEW_USER_DEFAULT_ROLE, agentIdCheckReady, newUserErrors } from '../../../domain/people/new-user';
import { NEW_USER_ROLES, ROLE_LABELS, type Role } from '../../../domain/roles';
import { coveredByFields, fieldErrorsOf, useFieldErrors } from '../../ui/form-errors';
import { toast } from '../../ui/toast';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const zoneLabel = (z: string) => z.replace('America/', '').replace('Pacific/', '').replace('_', ' ');

interface Values {
  email: string;
  firstName: string;
  lastName: string;
  agentId: string;
  role: Role;
  timezone: string;
  company: string;
}

/**
 * The new-user form: email unique (checked as typed), agent ID unique (checked from 5
 * characters), a company picked or created, a role (user by default) and a time zone.
 * The new user is mailed an invitation to register.
 */
export function NewUserForm({ onCreated }: { onCreated(user: User): void }) {
  const create = useCreateUser();
  const form = useForm<Values>({
    initialValues: { email: '', firstName: '', lastName: '', agentId: '', role: NEW_USER_DEFAULT_ROLE, timezone: TIMEZONES[0], company: '' },
  });
  const v = form.values;
  const [email] = useDebouncedValue(v.email.trim(), 250);
  const [agentId] = useDebouncedValue(v.agentId.trim(), 250);
  const [companyText] = useDebouncedValue(v.company.trim(), 200);
  const emailCheck = useSearchUsers({ email }, EMAIL.test(email));
  const agentCheck = useLookupAgent(agentId, agentIdCheckReady(agentId));
  const companies = useSearchCompanies(companyText);
  const picked = companies.data?.find((c) => c.name.toLowerCase() === v.company.trim().toLowerCase());

  const emailTaken = EMAIL.test(email) && email === v.email.trim() && (emailCheck.data?.length ?? 0) > 0;
  const agentTaken = agentIdCheckReady(agentId) && agentId === v.agentId.trim() && (agentCheck.data?.length ?? 0) > 0;
  const agentFree = agentIdCheckReady(agentId) && agentId === v.agentId.trim() && agentCheck.data?.length === 0;

  useFieldErrors(form, fieldErrorsOf(create.error));
  useEffect(() => {
    form.setFieldError('email', emailTaken ? alreadyExists(email) : null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [emailTaken, email]);
  useEffect(() => {
    form.setFieldError('agentId', agentTaken ? alreadyExists(agentId) : null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [agentTaken, agentId]);

  const submit = form.onSubmit((values) => {
    const body = {
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      role: values.role as 'user',
      timezone: values.timezone as (typeof TIMEZONES)[number],
      ...(values.agentId.trim() ? { agentId: values.agentId.trim() } : {}),
      ...(picked ? { companyId: picked.id } : { companyName: values.company.trim() }),
    };
    const errors = newUserErrors(body);
    if (!EMAIL.test(body.email)) errors.push({ field: 'email', message: 'Enter an email address' });
    // A taken email or agent ID stays on its field beside the form's other errors.
    if (emailTaken) errors.push({ field: 'email', message: alreadyExists(email) });
    if (agentTaken) errors.push({ field: 'agentId', message: alreadyExists(agentId) });
    if (errors.length) {
      form.setErrors(Object.fromEntries(errors.map((e) => [e.field === 'companyName' ? 'company' : e.field, e.message])));
      return;
    }
    create.mutate(body, {
      onSuccess: (user) => {
        toast('success', `Invitation sent to ${user.email}`);
        onCreated(user);
      },
    });
  });

  // The server's refusal of a field (a 409 on a taken email) is shown on that field only.
  const onFields = coveredByFields(v, fieldErrorsOf(create.error));
  const failure =
    !create.error || onFields
      ? null
      : create.error instanceof ApiError && create.error.status === 409
        ? create.error.message
        : `${PEOPLE_MSG.newUserFailed} ${create.error.message}`;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure && (
          <Alert color="red" data-testid="new-user-error">
            {failure}
          </Alert>
        )}
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Email" required type="email" autoComplete="off" data-autofocus {...form.getInputProps('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Agent ID"
              description={agentFree ? noAgentData(agentId) : 'Checked for uniqueness from 5 characters'}
              {...form.getInputProps('agentId')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="First name" required {...form.getInputProps('firstName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Last name" required {...form.getInputProps('lastName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Autocomplete
              label="Company"
              required
              placeholder="Pick a company or type a new name"
              description={v.company.trim() ? (picked ? `Existing company #${picked.id}` : `A new company “${v.company.trim()}” will be created`) : ' '}
              data={(companies.data ?? []).map((c) => c.name)}
              comboboxProps={{ withinPortal: true, zIndex: 1000 }}
              {...form.getInputProps('company')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Select
              label="Role"
              required
              allowDeselect={false}
              data={NEW_USER_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
              comboboxProps={{ withinPortal: true, zIndex: 1000 }}
              {...form.getInputProps('role')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Select
              label="Time zone"
              required
              allowDeselect={false}
              data={TIMEZONES.map((z) => ({ value: z, label: zoneLabel(z) }))}
              comboboxProps={{ withinPortal: true, zIndex: 1000 }}
              {...form.getInputProps('timezone')}
            />
          </Grid.Col>
        </Grid>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            The new user gets an email with a link to register.
          </Text>
          <Button type="submit" loading={create.isPending}>
            Create and invite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
