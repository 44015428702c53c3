import { Alert, Button, Grid, Loader, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { errorMessage, type components } from '../../../api/client';
import { STATES } from '../../../domain/lookups';
import { MSG } from '../../../domain/messages';
import { defaultCompanyName, profileErrors, type ProfileInput } from '../../../domain/profile';
import { useApi } from '../../app/session';
import { useMe } from './useMe';

type AuthState = components['schemas']['AuthState'];

const EMPTY: ProfileInput = {
  firstName: '', lastName: '', phoneNumber: '', address1: '', address2: '', city: '', state: '', zipcode: '', companyName: '', agentId: '',
};

/** The registration profile: used to complete a provisional account and in settings. */
export function ProfileForm({ submitLabel, onSaved }: { submitLabel: string; onSaved(auth: AuthState): void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const me = useMe();
  const form = useForm<ProfileInput>({
    initialValues: EMPTY,
    validate: (values) => Object.fromEntries(profileErrors(values).map((e) => [e.field, e.message])),
  });

  useEffect(() => {
    const u = me.data?.user;
    if (!u || form.isTouched()) return;
    const values = {
      firstName: u.firstName, lastName: u.lastName, phoneNumber: u.phoneNumber ?? '', address1: u.address1 ?? '',
      address2: u.address2 ?? '', city: u.city ?? '', state: u.state ?? '', zipcode: u.zipcode ?? '',
      companyName: u.company?.name ?? defaultCompanyName(u.firstName, u.lastName), agentId: u.agentId ?? '',
    };
    form.setValues(values);
    form.resetDirty(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [me.data]);

  const save = useMutation({
    mutationFn: async (p: ProfileInput) => {
      const body = { ...p, address2: p.address2 || undefined, agentId: p.agentId || undefined };
      const { data, error } = await api.PUT('/users/{userId}', { params: { path: { userId: me.data!.user.id } }, body });
      if (!data) throw new Error(errorMessage(error, MSG.profileUpdateFailed));
      return data;
    },
    onSuccess: (auth) => {
      queryClient.setQueryData(['me', null], auth);
      onSaved(auth);
    },
  });

  if (me.isPending) return <Loader />;
  if (me.isError) return <Alert color="red">{me.error.message}</Alert>;

  const field = (name: keyof ProfileInput, label: string, extra: object = {}) => (
    <TextInput label={label} {...extra} {...form.getInputProps(name)} />
  );
  const submit = form.onSubmit((v) => save.mutate(v));
  const missing = Object.values(form.errors).includes(MSG.profileRequired);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {missing && <Alert color="yellow">{MSG.profileRequired}</Alert>}
        {save.isError && <Alert color="red">{save.error.message}</Alert>}
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
        <Button type="submit" loading={save.isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
