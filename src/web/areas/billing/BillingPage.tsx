import { Alert, Badge, Group, Paper, Select, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import { useCurrentUserQuery } from '../../../api/auth/get-current-user';
import { useBillingCompany } from '../../../api/billing/get-billing-company';
import { useBillingCompanies } from '../../../api/billing/list-billing-companies';
import { BILLING_DESIGNED_MSG } from '../../../domain/billing/messages';
import { dollars } from '../../../domain/money/format';
import { adminChoosesCompany, billingTabPath, billingTabs, BILLING_TABS } from '../../../domain/billing/tabs';
import { useSessionSelector } from '../../app/session';
import { Titled } from '../../app/title';
import ActivityTab from './ActivityTab';
import { BillingFaq } from './BillingFaq';
import CancelExhaustingTab from './CancelExhaustingTab';
import CardsTab from './CardsTab';
import CourtesyCreditTab from './CourtesyCreditTab';
import DebitTab from './DebitTab';
import DepositTab from './DepositTab';
import NewCardTab from './NewCardTab';
import RechargeTab from './RechargeTab';
import StatementTab from './StatementTab';
import TransferTab from './TransferTab';
import type { TabProps } from './tab-props';

const TAB_VIEWS: Record<string, ComponentType<TabProps>> = {
  activity: ActivityTab,
  'new-card': NewCardTab,
  deposit: DepositTab,
  cards: CardsTab,
  recharge: RechargeTab,
  'billing-statement': StatementTab,
  debit: DebitTab,
  'courtesy-credit': CourtesyCreditTab,
  'transfer-funds': TransferTab,
  'cancel-exhausting': CancelExhaustingTab,
};

/**
 * The tabs are in this one chunk: each lazy chunk adds its name (and those of the chunks it
 * needs) to the entry's preload table, which the sign-in page's budget counts.
 *
 * /settings/billing/:tab: the company billing record (balance, billing type) above the
 * tabs the original user's role allows. An admin who is not switched into a user picks
 * the company (?company=ID); a user sees their own company's.
 */
export default function BillingPage() {
  const { tab = 'activity' } = useParams<{ tab: string }>();
  const [, navigate] = useLocation();
  const auth = useSessionSelector((s) => s.context.auth);
  const me = useCurrentUserQuery();
  const owner = auth ? (auth.original ?? auth.user) : null;
  const adminPicks = owner !== null && adminChoosesCompany(owner, auth?.original ?? null);
  const search = useSearch();
  const picked = Number(new URLSearchParams(search).get('company')) || null;
  const ownCompany = me.data?.user.company?.id ?? null;
  const companyId = adminPicks ? picked : ownCompany;
  const companies = useBillingCompanies(adminPicks);
  const company = useBillingCompany(companyId);
  const tabs = auth ? billingTabs(auth.user, auth.original) : [];
  const current = BILLING_TABS.find((t) => t.id === tab);

  if (!auth || !owner) return null;
  const allowed = tabs.some((t) => t.id === tab);
  const View = allowed ? TAB_VIEWS[tab] : undefined;
  const keep = companyId && adminPicks ? `?company=${companyId}` : '';

  return (
    // The tab names the browser tab: "Deposit · Billing · Leadline".
    <Titled title={current && allowed ? `${current.label} · Billing` : 'Billing'}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1} fz="h2">
              Billing
            </Title>
            <Text c="dimmed" size="sm">
              Your balance, cards, deposits and automatic recharge.
            </Text>
          </div>
          {adminPicks && (
            <Select
              label="Company"
              placeholder={companies.isPending ? 'Loading companies…' : 'Choose a company'}
              searchable
              w={{ base: '100%', sm: 360 }}
              data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${dollars(c.balance)})` }))}
              value={companyId ? String(companyId) : null}
              onChange={(v) => v && navigate(`${billingTabPath(tab)}?company=${v}`)}
              data-testid="billing-company-picker"
            />
          )}
        </Group>
        <Paper withBorder radius="md" p="md">
          {companyId === null && me.data ? (
            <Text c="dimmed" data-testid="billing-no-company">
              {adminPicks ? 'Choose a company to see its billing.' : BILLING_DESIGNED_MSG.noCompany}
            </Text>
          ) : company.isError ? (
            <Alert color="red" title="Billing did not load">
              {company.error.message}
            </Alert>
          ) : !company.data ? (
            <Skeleton h={44} />
          ) : (
            <Group gap="xl" wrap="wrap">
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {company.data.name}
                </Text>
                <Text fz={28} fw={700} data-testid="billing-balance">
                  {dollars(company.data.balance)}
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  Automatic recharge
                </Text>
                {company.data.billingType === null ? (
                  <Badge color="gray" variant="light" mt={6}>
                    Off
                  </Badge>
                ) : company.data.billingType === 'ct' ? (
                  <Text fw={500} mt={4}>
                    {dollars(company.data.withdrawalAmount)} when below {dollars(company.data.withdrawalThreshold)}
                  </Text>
                ) : (
                  <Text fw={500} mt={4}>
                    {dollars(company.data.withdrawalAmount)} monthly{company.data.nextPayment ? `, next on ${company.data.nextPayment}` : ''}
                  </Text>
                )}
              </div>
              {company.data.growthFunds > 0 && (
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    Growth funds
                  </Text>
                  <Text fw={500} mt={4}>
                    {dollars(company.data.growthFunds)}
                  </Text>
                </div>
              )}
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  Cards
                </Text>
                <Text fw={500} mt={4}>
                  {company.data.creditCards.length}
                </Text>
              </div>
            </Group>
          )}
        </Paper>
        <Tabs value={allowed ? tab : null} onChange={(v) => v && navigate(billingTabPath(v) + keep)}>
          <Tabs.List aria-label="Billing">
            {tabs.map((t) => (
              <Tabs.Tab key={t.id} value={t.id} data-tab={t.id}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {!allowed ? (
          <Alert color="yellow" title="Not available" data-testid="billing-tab-refused">
            {current ? 'This tab is for administrators.' : 'There is no such billing tab.'}
          </Alert>
        ) : company.data && View ? (
          <Group align="flex-start" gap="md" wrap="nowrap" style={{ flexWrap: 'wrap' }}>
            <div style={{ flex: '1 1 560px', minWidth: 0 }}>
              <View company={company.data} actor={owner} actingAs={auth.user} userId={me.data?.user.id ?? auth.user.id} />
            </div>
            {current?.faq && (
              <div style={{ flex: '0 1 360px', minWidth: 280 }}>
                <BillingFaq />
              </div>
            )}
          </Group>
        ) : companyId !== null ? (
          <Skeleton h={240} radius="md" />
        ) : null}
      </Stack>
    </Titled>
  );
}
