import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useUpdateCompany } from '../../../api/companies/update-company';
import { MSG } from '../../../domain/messages';
import { LEAD_CAP_MAX, LEAD_CAP_MIN, leadCapError } from '../../../domain/people/concurrency';
import { PEOPLE_MSG } from '../../../domain/people/messages';
import { toast } from '../../ui/toast';
import { LoadState, NoCompany, SettingsCard } from './SettingsCard';
import { useActingCompany } from './useActingCompany';

/** /company/lead-cap (super admin): leads the company may receive per hour; empty is no cap. */
export default function LeadCapPage() {
  const { companyId, company } = useActingCompany();
  return (
    <SettingsCard title="Lead Cap" description="The most leads the company receives in one hour, across all its orders. Leave it empty for no cap.">
      {!companyId ? (
        <NoCompany />
      ) : company.data ? (
        <CapEditor key={String(company.data.hourlyLeadCap)} companyId={companyId} name={company.data.name} saved={company.data.hourlyLeadCap} />
      ) : (
        <LoadState query={company} label="lead cap" />
      )}
    </SettingsCard>
  );
}

function CapEditor({ companyId, name, saved }: { companyId: number; name: string; saved: number | null }) {
  const save = useUpdateCompany();
  const [value, setValue] = useState<number | ''>(saved ?? '');
  const cap = value === '' ? null : value;
  const error = leadCapError(cap);
  return (
    <Stack maw={420}>
      <Text size="sm">
        Company: <b>{name}</b>
      </Text>
      <NumberInput
        label="Hourly lead cap"
        placeholder="No cap"
        min={LEAD_CAP_MIN}
        max={LEAD_CAP_MAX}
        allowDecimal={false}
        allowNegative={false}
        value={value}
        onChange={(v) => setValue(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
        error={error}
      />
      <Group justify="flex-end">
        <Button
          disabled={error !== null || cap === saved}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { companyId, change: { hourlyLeadCap: cap } },
              { onSuccess: () => toast('success', PEOPLE_MSG.leadCapUpdated), onError: () => toast('error', MSG.saveFailed) },
            )
          }
        >
          Save lead cap
        </Button>
      </Group>
    </Stack>
  );
}
