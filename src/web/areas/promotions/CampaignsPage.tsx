import { Anchor, Button, Group, Paper, Progress, SegmentedControl, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { PromotionFilter } from '../../../api/promotions/keys';
import { usePromotions, type Promotion } from '../../../api/promotions/list-promotions';
import { dollars } from '../../../domain/money/format';
import { LoadFailed } from '../../ui/LoadFailed';
import { staleProps } from '../../ui/stale';
import { PromotionStatusBadge } from './PromotionStatusBadge';
import { useMayCreate } from './access';
import { CAMPAIGN_PATH, CREATE_PATH } from './paths';
import { dayText, periodText, rateText, usedPercent } from './texts';

type Shown = 'all' | 'active' | 'inactive' | 'archived';
const FILTERS: Record<Shown, PromotionFilter> = {
  all: { isActive: null, isArchived: false },
  active: { isActive: true, isArchived: false },
  inactive: { isActive: false, isArchived: false },
  archived: { isActive: null, isArchived: true },
};
const SHOWN_OPTIONS = [{ value: 'all', label: 'All' }, { value: 'active', label: 'Active' }, { value: 'inactive', label: 'Inactive' }, { value: 'archived', label: 'Archived' }];
const NONE_SHOWN: Record<Exclude<Shown, 'all'>, string> = { active: 'No active promotions.', inactive: 'No inactive promotions.', archived: 'No archived promotions.' };
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** /promotions/campaigns (document 001): the promotions the session may see; a row opens its page. */
export default function CampaignsPage() {
  const [shown, setShown] = useState<Shown>('all');
  const promotions = usePromotions(FILTERS[shown]);
  const mayCreate = useMayCreate();
  const [, navigate] = useLocation();
  const rows = promotions.data;

  return (
    <Stack gap="md" w="100%">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">Campaigns</Title>
          <Text c="dimmed" size="sm">Cost-share promotions: a region, a vendor or the marketplace pays part of the price of the leads its agents buy.</Text>
        </div>
        <Group>
          <SegmentedControl aria-label="Show" data={SHOWN_OPTIONS} value={shown} onChange={(v) => setShown(v as Shown)} data-testid="promotion-filter" />
          {mayCreate && (
            <Button component={Link} href={CREATE_PATH} leftSection={<IconPlus size={16} />} data-testid="promotion-new">New promotion</Button>
          )}
        </Group>
      </Group>

      {promotions.isError ? (
        <LoadFailed title="The promotions did not load" error={promotions.error} onRetry={() => void promotions.refetch()} />
      ) : !rows ? (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm" aria-label="Loading the promotions">{[0, 1, 2, 3].map((i) => <Skeleton key={i} h={44} />)}</Stack>
        </Paper>
      ) : rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="promotions-empty">
          <Stack align="center" gap="xs">
            <Text fw={600}>{shown === 'all' ? 'No promotions yet' : NONE_SHOWN[shown]}</Text>
            {shown === 'all' && mayCreate && <Anchor component={Link} href={CREATE_PATH}>Create the first promotion</Anchor>}
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="md" p={0}>
          <Table.ScrollContainer minWidth={1200}>
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" {...staleProps(promotions.isPlaceholderData)} data-testid="promotions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Responsible party</Table.Th>
                  <Table.Th>Burn rate</Table.Th>
                  <Table.Th miw={220}>Budget used</Table.Th>
                  <Table.Th>Dates</Table.Th>
                  <Table.Th>Enrollment deadline</Table.Th>
                  <Table.Th ta="right">Priority</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Agents</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => <Row key={p.id} p={p} onOpen={() => navigate(CAMPAIGN_PATH(p.id))} />)}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}

function Row({ p, onOpen }: { p: Promotion; onOpen(): void }) {
  return (
    <Table.Tr onClick={onOpen} style={{ cursor: 'pointer' }} data-testid="promotion-row" data-id={p.id} data-name={p.name}>
      <Table.Td>
        {/* The link makes the row reachable by keyboard and opens in a new tab; the row's click is for the mouse. */}
        <Anchor component={Link} href={CAMPAIGN_PATH(p.id)} fw={600} size="sm" onClick={(e: MouseEvent) => e.stopPropagation()}>{p.name}</Anchor>
        <Text size="xs" c="dimmed" lineClamp={1} maw={320}>{p.description}</Text>
      </Table.Td>
      <Table.Td><Text size="sm">{p.responsiblePartyName}</Text></Table.Td>
      <Table.Td style={numeric}>{rateText(p.burnRate)}</Table.Td>
      <Table.Td>
        <Text size="sm" style={numeric}>{dollars(p.budgetUsed)} of {dollars(p.budgetCents)}</Text>
        <Progress value={usedPercent(p.budgetUsed, p.budgetCents)} size="sm" mt={4} aria-label={`${p.name}: budget used`} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{periodText(p)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayText(p.enrollmentDeadlineDate)}</Table.Td>
      <Table.Td ta="right" style={numeric}>{p.priority}</Table.Td>
      <Table.Td><PromotionStatusBadge p={p} /></Table.Td>
      <Table.Td ta="right" style={numeric}>{p.agentCount}</Table.Td>
    </Table.Tr>
  );
}
