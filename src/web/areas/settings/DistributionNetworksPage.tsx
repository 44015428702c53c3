import { Button, Group, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { useUpdateCompany } from '../../../api/companies/update-company';
import { MSG } from '../../../domain/messages';
import { PEOPLE_MSG } from '../../../domain/people/messages';
import { toast } from '../../ui/toast';
import { LoadState, NoCompany, SettingsCard } from './SettingsCard';
import { useActingCompany } from './useActingCompany';

const NETWORKS = [
  { key: 'leadManager', label: 'Lead Manager', description: 'Send every lead to Lead Manager as it arrives.' },
  { key: 'quoteBurst', label: 'QuoteBurst', description: 'Pass leads on to QuoteBurst for instant quotes.' },
  { key: 'roboAgent', label: 'RoboAgent', description: 'Let RoboAgent make the first contact by text.' },
] as const;
type Distributions = Record<(typeof NETWORKS)[number]['key'], boolean>;

/** /user/distribution-networks: where the company's leads are passed on. */
export default function DistributionNetworksPage() {
  const { companyId, company } = useActingCompany();
  const saved = company.data?.preferences.distributions;
  return (
    <SettingsCard title="Distribution Networks" description="The systems your company's leads are passed on to as they arrive.">
      {!companyId ? (
        <NoCompany />
      ) : saved ? (
        <NetworksEditor key={JSON.stringify(saved)} companyId={companyId} saved={saved} />
      ) : (
        <LoadState query={company} label="distribution networks" />
      )}
    </SettingsCard>
  );
}

function NetworksEditor({ companyId, saved }: { companyId: number; saved: Distributions }) {
  const save = useUpdateCompany();
  const [value, setValue] = useState<Distributions>(saved);
  const changed = NETWORKS.some((n) => saved[n.key] !== value[n.key]);
  return (
    <Stack>
      {NETWORKS.map((n) => (
        <Switch
          key={n.key}
          label={n.label}
          description={n.description}
          checked={value[n.key]}
          onChange={(e) => setValue({ ...value, [n.key]: e.currentTarget.checked })}
        />
      ))}
      <Group justify="flex-end">
        <Button
          disabled={!changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { companyId, change: { preferences: { distributions: value } } },
              { onSuccess: () => toast('success', PEOPLE_MSG.distributionNetworkUpdated), onError: () => toast('error', MSG.saveFailed) },
            )
          }
        >
          Save networks
        </Button>
      </Group>
    </Stack>
  );
}
