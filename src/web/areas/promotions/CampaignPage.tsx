import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { Link } from 'wouter';
import { usePromotion } from '../../../api/promotions/get-promotion';
import { PROMO_DESIGNED_MSG } from '../../../domain/promotions';
import { useDocumentTitle } from '../../app/title';
import { LoadFailed } from '../../ui/LoadFailed';
import { usePromotionAccess } from './access';
import { ArchivePromotion } from './ArchivePromotion';
import { CampaignForm } from './CampaignForm';
import { ENROLLMENT_PATH } from './paths';
import { PromotionStatusBadge } from './PromotionStatusBadge';
import { usePromotionId } from './promotion-id';
import { PromotionUsage } from './PromotionUsage';
import { periodText, rateText } from './texts';

/** /promotions/campaigns/:id: the promotion's budget and usage above its form (read-only without edit permission). */
export default function CampaignPage() {
  const promotionId = usePromotionId();
  return promotionId === null ? <Alert color="red" title="No such promotion">This address names no promotion.</Alert> : <Campaign promotionId={promotionId} />;
}

function Campaign({ promotionId }: { promotionId: number }) {
  const promotion = usePromotion(promotionId);
  const access = usePromotionAccess();
  const p = promotion.data;
  useDocumentTitle(p?.name ?? 'Promotion');
  if (promotion.isError) return <LoadFailed title="The promotion did not load" error={promotion.error} onRetry={() => void promotion.refetch()} />;
  if (!p) return <Stack gap="md" aria-label="Loading the promotion">{[80, 120, 400].map((h) => <Skeleton key={h} h={h} />)}</Stack>;
  return (
    <Stack gap="md" w="100%">
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <Title order={1} fz="h2" data-testid="promotion-title">{p.name}</Title>
            <PromotionStatusBadge p={p} />
          </Group>
          <Text c="dimmed" size="sm">{p.responsiblePartyName} pays {rateText(p.burnRate)} · {periodText(p)} · priority {p.priority} · {p.agentCount === 1 ? '1 agent' : `${p.agentCount} agents`}</Text>
        </div>
        <Group>
          {!p.isArchived && access.enroll && (
            <Button component={Link} href={ENROLLMENT_PATH(p.id)} variant="light" leftSection={<IconUsersPlus size={16} />} data-testid="promotion-enroll">Enroll agents</Button>
          )}
          {/* Mounted once archived too: its mutation's answer (the toast, the way back to the list) outlives the refetch that archives the page. */}
          {access.edit && <ArchivePromotion promotion={p} />}
        </Group>
      </Group>
      {p.isArchived && <Alert color="gray" data-testid="promotion-archived">{PROMO_DESIGNED_MSG.archived}</Alert>}
      <PromotionUsage p={p} />
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="h4" mb="md">Details</Title>
        <CampaignForm key={p.id} promotion={p} may={{ edit: access.edit, enable: access.enable }} onSaved={() => {}} />
      </Paper>
    </Stack>
  );
}
