import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useCurrentUserQuery } from '../../../../api/auth/get-current-user';
import { useBillingCompany } from '../../../../api/billing/get-billing-company';
import { CLD_TEXT } from '../../../../domain/cld/access';
import { allocationLabel, paidFrom } from '../../../../domain/cld/allocation';
import { useSessionSelector } from '../../../app/session';
import { OrderList } from '../list/OrderListPage';
import { CldFunds } from './CldFunds';

function EmptyCld() {
  return (
    <Paper withBorder p="xl" radius="md" data-testid="cld-empty">
      <Stack align="center" gap={6}>
        <ThemeIcon size={44} radius="xl" variant="light" color="indigo" aria-hidden>$</ThemeIcon>
        <Text fw={600}>{CLD_TEXT.empty}</Text>
        <Text size="sm" c="dimmed" ta="center" maw={420}>{CLD_TEXT.emptyHint}</Text>
      </Stack>
    </Paper>
  );
}

/**
 * /cld/list (document 002): the order list of CLD packages, under the company's growth
 * funds and balance. The company is the acting user's (an agent, or an admin switched into
 * one); a regional manager's or a super admin's list spans companies, so no figures show.
 */
export default function CldListPage() {
  const user = useSessionSelector((s) => s.context.auth?.user ?? null);
  const me = useCurrentUserQuery();
  const ofCompany = user?.role === 'user';
  const companyId = ofCompany ? (me.data?.user.company?.id ?? null) : null;
  const company = useBillingCompany(companyId);
  const label = user && company.data ? paidFrom(allocationLabel(user, company.data.growthFunds)) : undefined;
  return (
    <OrderList
      title={CLD_TEXT.listTitle}
      cld
      header={<CldFunds company={company.data} loading={ofCompany && (me.isPending || (companyId !== null && company.isPending))} />}
      empty={<EmptyCld />}
      paidFrom={label}
    />
  );
}
