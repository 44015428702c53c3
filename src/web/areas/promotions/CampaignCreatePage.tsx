import { Paper, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'wouter';
import { usePromotionAccess } from './access';
import { CampaignForm } from './CampaignForm';
import { CAMPAIGN_PATH } from './paths';

/** /promotions/campaigns/create: a new promotion; once saved, its page. */
export default function CampaignCreatePage() {
  const access = usePromotionAccess();
  const [, navigate] = useLocation();
  return (
    <Stack gap="md" w="100%">
      <div>
        <Title order={1} fz="h2">Create a promotion</Title>
        <Text c="dimmed" size="sm">Its budget moves from the marketplace&apos;s promotion expense into the promotion&apos;s own account; enroll agents once it is saved.</Text>
      </div>
      <Paper withBorder radius="md" p="lg">
        <CampaignForm promotion={null} may={{ edit: access.edit, enable: access.enable }} onSaved={(r) => navigate(CAMPAIGN_PATH(r.promotion.id))} />
      </Paper>
    </Stack>
  );
}
