import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useUpdateCompany } from '../../../api/companies/update-company';
import { MSG } from '../../../domain/messages';
import { PEOPLE_MSG } from '../../../domain/people/messages';
import { toast } from '../../ui/toast';
import { LoadState, NoCompany, SettingsCard } from './SettingsCard';
import { useActingCompany } from './useActingCompany';

/** /user/leadVantageAccess (super admin): whether the company's users may use LeadVantage. */
export default function LeadVantageAccessPage() {
  const { companyId, company } = useActingCompany();
  return (
    <SettingsCard title="LeadVantage Access" description="Users of a company without access are sent to the single sign-on application instead (administrators keep theirs).">
      {!companyId ? (
        <NoCompany />
      ) : company.data ? (
        <AccessEditor key={String(company.data.hasLeadVantageAccess)} companyId={companyId} name={company.data.name} saved={company.data.hasLeadVantageAccess} />
      ) : (
        <LoadState query={company} label="LeadVantage access" />
      )}
    </SettingsCard>
  );
}

function AccessEditor({ companyId, name, saved }: { companyId: number; name: string; saved: boolean }) {
  const save = useUpdateCompany();
  const [on, setOn] = useState(saved);
  return (
    <Stack>
      <Text size="sm">
        Company: <b>{name}</b>
      </Text>
      <Switch label="Has LeadVantage access" checked={on} onChange={(e) => setOn(e.currentTarget.checked)} />
      <Group justify="flex-end">
        <Button
          disabled={on === saved}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { companyId, change: { hasLeadVantageAccess: on } },
              { onSuccess: () => toast('success', PEOPLE_MSG.leadVantageUpdated), onError: () => toast('error', MSG.saveFailed) },
            )
          }
        >
          Save access
        </Button>
      </Group>
    </Stack>
  );
}
