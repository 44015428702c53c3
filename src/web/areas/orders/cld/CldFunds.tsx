import { Group, Paper, Skeleton, Text } from '@mantine/core';
import type { BillingCompany } from '../../../../api/billing/get-billing-company';
import { CLD_TEXT } from '../../../../domain/cld/access';
import { ALLOCATION_LABEL } from '../../../../domain/cld/allocation';
import { dollars } from '../../../../domain/money/format';

function Figure({ label, cents, testId }: { label: string; cents: number; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text fz={24} fw={700} data-testid={testId}>{dollars(cents)}</Text>
    </div>
  );
}

/**
 * The top of the CLD list: the company's growth funds (what CLD orders spend first) beside
 * its balance, or why no company's figures show (a list spanning companies).
 */
export function CldFunds({ company, loading }: { company: BillingCompany | undefined; loading: boolean }) {
  return (
    <Paper withBorder p="md" radius="md">
      {loading ? (
        <Skeleton h={52} />
      ) : company ? (
        <Group gap="xl" align="flex-end">
          <Figure label={CLD_TEXT.growthFunds} cents={company.growthFunds} testId="cld-growth-funds" />
          <Figure label={ALLOCATION_LABEL.balance} cents={company.balance} testId="cld-balance" />
          <Text size="sm" c="dimmed" ml="auto">{company.name}</Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">{CLD_TEXT.allCompanies}</Text>
      )}
    </Paper>
  );
}
