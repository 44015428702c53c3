import { Alert, Anchor, Badge, Button, Paper, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { Link } from 'wouter';
import { usePromotion, type PromotionDetail } from '../../../api/promotions/get-promotion';
import { usePromotionAgents, type PromotionAgent } from '../../../api/promotions/list-promotion-agents';
import { useRemovePromotionAgent } from '../../../api/promotions/remove-promotion-agent';
import { dollars } from '../../../domain/money/format';
import { PROMO_DESIGNED_MSG } from '../../../domain/promotions';
import { formatDateTime } from '../../../domain/time-format';
import { useTimeZone, useToday } from '../../app/clock';
import { useDocumentTitle } from '../../app/title';
import { LoadFailed } from '../../ui/LoadFailed';
import { toast } from '../../ui/toast';
import { usePromotionAccess, type PromotionAccess } from './access';
import { AgentPicker } from './AgentPicker';
import { CAMPAIGN_PATH } from './paths';
import { usePromotionId } from './promotion-id';
import { dayText } from './texts';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** /promotions/campaignsEnrollment/:id (super admins): the promotion's agents, adding and removing them. */
export default function EnrollmentPage() {
  const promotionId = usePromotionId();
  const access = usePromotionAccess();
  if (!access.enroll) return <Alert color="red">{PROMO_DESIGNED_MSG.superAdminOnly}</Alert>;
  return promotionId === null ? <Alert color="red" title="No such promotion">This address names no promotion.</Alert> : <Enrollment promotionId={promotionId} access={access} />;
}

/** Why nobody can be enrolled now: archived, or past the enrollment deadline (the agent's day, as the server reckons it). */
function closedReason(p: PromotionDetail, today: string): string | null {
  if (p.isArchived) return PROMO_DESIGNED_MSG.archived;
  return p.enrollmentDeadlineDate !== null && today > p.enrollmentDeadlineDate ? PROMO_DESIGNED_MSG.enrollmentClosed : null;
}

function Enrollment({ promotionId, access }: { promotionId: number; access: PromotionAccess }) {
  const promotion = usePromotion(promotionId);
  const agents = usePromotionAgents(promotionId);
  const today = useToday();
  const p = promotion.data;
  useDocumentTitle(p ? `Enroll agents: ${p.name}` : 'Enroll agents');
  if (promotion.isError) return <LoadFailed title="The promotion did not load" error={promotion.error} onRetry={() => void promotion.refetch()} />;
  if (!p) return <Skeleton h={200} aria-label="Loading the promotion" />;
  const enrolled = new Set((agents.data ?? []).filter((a) => a.isActive).map((a) => a.agentId));
  return (
    <Stack gap="md" w="100%">
      <div>
        <Title order={1} fz="h2">Enroll agents</Title>
        <Text c="dimmed" size="sm">
          <Anchor component={Link} href={CAMPAIGN_PATH(p.id)}>{p.name}</Anchor>
          {p.enrollmentDeadlineDate ? ` · enrollment until ${dayText(p.enrollmentDeadlineDate)}` : ' · no enrollment deadline'}
        </Text>
      </div>
      <AgentPicker promotionId={p.id} enrolled={enrolled} closed={closedReason(p, today)} />
      {agents.isError ? (
        <LoadFailed title="The agents did not load" error={agents.error} onRetry={() => void agents.refetch()} />
      ) : !agents.data ? (
        <Skeleton h={160} aria-label="Loading the agents" />
      ) : (
        <EnrolledAgents promotionId={p.id} agents={agents.data} access={access} />
      )}
    </Stack>
  );
}

function EnrolledAgents({ promotionId, agents, access }: { promotionId: number; agents: PromotionAgent[]; access: PromotionAccess }) {
  const zone = useTimeZone();
  const remover = useRemovePromotionAgent();
  const remove = (a: PromotionAgent) =>
    remover.mutate({ promotionId, agentId: a.agentId }, { onSuccess: (r) => toast('success', r.message), onError: (e) => toast('error', e.message) });
  return (
    <Paper withBorder radius="md" p={0}>
      <Title order={2} fz="h4" p="md" pb={0}>Enrolled agents</Title>
      {agents.length === 0 ? (
        <Text c="dimmed" size="sm" p="md" data-testid="enrolled-none">No agent is enrolled yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={1000}>
          <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="enrolled-agents">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Company</Table.Th>
                <Table.Th>Enabled</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Balance used</Table.Th>
                <Table.Th ta="right">Sales</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {agents.map((a) => {
                const may = access.removeAgent(a.balanceUsed);
                return (
                  <Table.Tr key={a.agentId} data-testid="enrolled-agent" data-agent={a.agentId}>
                    <Table.Td fw={500}>{a.name}</Table.Td>
                    <Table.Td>{a.email}</Table.Td>
                    <Table.Td>{a.companyName ?? '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.enabledDate, zone)}</Table.Td>
                    <Table.Td>{a.isActive ? <Badge color="green" variant="light">Active</Badge> : <Badge color="gray" variant="light">Inactive</Badge>}</Table.Td>
                    <Table.Td ta="right" style={numeric}>{dollars(a.balanceUsed)}</Table.Td>
                    <Table.Td ta="right" style={numeric}>{a.sales.toLocaleString('en-US')}</Table.Td>
                    <Table.Td ta="right">
                      <Tooltip label={a.balanceUsed > 0 ? PROMO_DESIGNED_MSG.balanceUsed : PROMO_DESIGNED_MSG.noEditPermission} disabled={may} withArrow>
                        {/* A disabled button fires no events: the span carries the tooltip. */}
                        <span>
                          <Button size="compact-sm" color="red" variant="light" disabled={!may} loading={remover.isPending && remover.variables?.agentId === a.agentId}
                            onClick={() => remove(a)} data-testid="agent-remove">Remove</Button>
                        </span>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
