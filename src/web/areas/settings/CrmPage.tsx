import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useUser } from '../../../api/people/get-user';
import { useUpdateCrm } from '../../../api/people/update-crm';
import { MSG } from '../../../domain/messages';
import { PEOPLE_MSG } from '../../../domain/people/messages';
import { fieldErrorsOf, useFieldErrors } from '../../ui/form-errors';
import { toast } from '../../ui/toast';
import { LoadState, SettingsCard } from './SettingsCard';
import { useActingUser } from './useActingUser';

const SALESFORCE_ID = /^[A-Za-z0-9]*$/;
const idRule = (v: string) => (SALESFORCE_ID.test(v.trim()) ? null : 'Letters and digits only');

/** /user/crm (admin): the Salesforce account and contact of the user the session acts as. */
export default function CrmPage() {
  const { user } = useActingUser();
  const detail = useUser(user!.id);
  const save = useUpdateCrm();
  const form = useForm({ initialValues: { salesforceAccountId: '', salesforceContactId: '' }, validate: { salesforceAccountId: idRule, salesforceContactId: idRule } });
  useFieldErrors(form, fieldErrorsOf(save.error));
  const s = detail.data?.settings;
  useEffect(() => {
    if (!s) return;
    const values = { salesforceAccountId: s.salesforceAccountId ?? '', salesforceContactId: s.salesforceContactId ?? '' };
    form.setValues(values);
    form.resetDirty(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [s?.salesforceAccountId, s?.salesforceContactId]);
  return (
    <SettingsCard title="CRM" description={`The Salesforce records of ${user!.firstName} ${user!.lastName}. Leave a field empty to unlink it.`}>
      {s ? (
        <form
          onSubmit={form.onSubmit((v) =>
            save.mutate(
              { userId: user!.id, salesforceAccountId: v.salesforceAccountId.trim(), salesforceContactId: v.salesforceContactId.trim() },
              { onSuccess: () => toast('success', PEOPLE_MSG.crmUpdated), onError: (e) => toast('error', `${MSG.saveFailed}: ${e.message}`) },
            ),
          )}
        >
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Salesforce account ID" maxLength={40} {...form.getInputProps('salesforceAccountId')} />
              <TextInput label="Salesforce contact ID" maxLength={40} {...form.getInputProps('salesforceContactId')} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save CRM
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <LoadState query={detail} label="CRM ids" />
      )}
    </SettingsCard>
  );
}
