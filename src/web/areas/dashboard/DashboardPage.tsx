import { Alert, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useLocation, useSearch } from 'wouter';
import { useDashboard, type Dashboard } from '../../../api/dashboard/get-dashboard';
import { showsRegionalChart } from '../../../domain/dashboard/regional';
import { DASHBOARD_MSG, DASHBOARD_ROLES } from '../../../domain/dashboard/screen';
import { isAdmin } from '../../../domain/roles';
import { mayOpen, screenAt } from '../../../domain/screens';
import { formatDateTime } from '../../../domain/time-format';
import { useSessionSelector } from '../../app/session';
import { CompanyPicker } from '../../ui/CompanyPicker';
import { LoadFailed } from '../../ui/LoadFailed';
import { OrderProgress } from './OrderProgress';
import { RecommendedOrders } from './RecommendedOrders';
import { RegionalPerformance } from './RegionalPerformance';
import { dashboardAddress, companyOfSearch } from './url';
import { WeeklyCards } from './WeeklyCards';
import { WelcomeBanner } from './WelcomeBanner';

/**
 * /dashboard (document 002 section 2): the welcome and holiday banners, the weekly cards'
 * cards of this week against last, (regional managers) their region's performance chart,
 * each active order's month with its expert recommendation and its coverage, and (agents)
 * the recommended orders. Admins pick a company, a regional manager their region or their own
 * company (`?company=`).
 */
export default function DashboardPage() {
  const auth = useSessionSelector((s) => s.context.auth);
  const company = companyOfSearch(useSearch());
  const [, navigate] = useLocation();
  const role = useSessionSelector((s) => s.context.auth?.user.role);
  // Sales and accounting land here too, but have no orders to show (GET /dashboard is for buyers and their managers).
  const q = useDashboard(company, role !== undefined && (DASHBOARD_ROLES as readonly string[]).includes(role));
  if (!auth) return null;
  const user = auth.user;
  const ownCompany = user.company?.id ?? null;
  const admin = isAdmin(user);
  const wizard = screenAt('/orders/orders/wizard/*');
  const mayEdit = wizard !== null && mayOpen(wizard, user, auth.original);
  const pick = (id: number | null) => navigate(dashboardAddress(id));

  return (
    <Stack gap="md" w="100%">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={2}>Dashboard</Title>
          {q.data && (
            <Text size="xs" c="dimmed" data-testid="as-of">
              As of {formatDateTime(q.data.asOf, user.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone)}
            </Text>
          )}
        </Stack>
        {admin && <CompanyPicker companyId={company} onChange={pick} placeholder="Pick a company" testId="dashboard-company" />}
        {user.role === 'regional' && ownCompany !== null && (
          <SegmentedControl
            value={company === null ? 'region' : 'company'}
            onChange={(v) => pick(v === 'company' ? ownCompany : null)}
            data={[{ value: 'region', label: 'My region' }, { value: 'company', label: 'My company' }]}
            aria-label="Whose orders"
          />
        )}
      </Group>
      <WelcomeBanner firstName={user.firstName || null} buyer={user.role === 'user'} />
      {q.data?.banners.map((b) => (
        <Alert key={b.id} color="grape" radius="md" icon={<IconGift size={18} />} data-testid="holiday-banner">
          {b.text}
        </Alert>
      ))}
      <WeeklyCards company={company} />
      {showsRegionalChart(user.role) && <RegionalPerformance />}
      <SimpleGrid cols={{ base: 1, lg: user.role === 'user' ? 2 : 1 }} spacing="md">
        <Card withBorder radius="md" padding="lg" component="section" aria-label="Orders this month">
          <Title order={3} mb="sm">
            Orders this month
          </Title>
          {q.fetchStatus === 'idle' && q.isPending && !admin ? (
            <Text c="dimmed" size="sm">{DASHBOARD_MSG.noOrders}</Text>
          ) : (
            <Orders q={q} admin={admin} company={company} mayEdit={mayEdit} />
          )}
        </Card>
        {user.role === 'user' && <RecommendedOrders />}
      </SimpleGrid>
    </Stack>
  );
}

function Orders({ q, admin, company, mayEdit }: { q: ReturnType<typeof useDashboard>; admin: boolean; company: number | null; mayEdit: boolean }) {
  if (admin && company === null)
    return (
      <Text c="dimmed" size="sm" data-testid="pick-company">
        {DASHBOARD_MSG.pickCompany}
      </Text>
    );
  if (q.isPending)
    return (
      <Stack gap="sm">
        <Skeleton h={88} />
        <Skeleton h={88} />
      </Stack>
    );
  if (q.isError) return <LoadFailed title="The dashboard did not load" error={q.error} onRetry={() => void q.refetch()} />;
  return <OrderList data={q.data} mayEdit={mayEdit} />;
}

function OrderList({ data, mayEdit }: { data: Dashboard; mayEdit: boolean }) {
  if (data.orders.length === 0)
    return (
      <Text c="dimmed" size="sm" data-testid="no-orders">
        {DASHBOARD_MSG.noOrders}
      </Text>
    );
  return (
    <Stack gap="sm">
      {data.orders.map((o) => (
        <OrderProgress key={o.orderId} order={o} mayEdit={mayEdit} />
      ))}
      {data.total > data.orders.length && (
        <Text size="xs" c="dimmed">
          {DASHBOARD_MSG.tooManyOrders} ({data.total.toLocaleString('en-US')} in all)
        </Text>
      )}
    </Stack>
  );
}
