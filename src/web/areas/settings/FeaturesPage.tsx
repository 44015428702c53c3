import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useUser } from '../../../api/people/get-user';
import { useFeatureFlags } from '../../../api/people/list-features';
import { useSetFeature } from '../../../api/people/set-feature';
import { MSG } from '../../../domain/messages';
import { PEOPLE_DESIGNED_MSG } from '../../../domain/people/messages';
import { toast } from '../../ui/toast';
import { LoadState, SettingsCard } from './SettingsCard';
import { useActingUser } from './useActingUser';

/** /user/features (admin): the feature flags of the user the session acts as, and what each does. */
export default function FeaturesPage() {
  const { user, switched } = useActingUser();
  const flags = useFeatureFlags();
  const detail = useUser(user!.id);
  const set = useSetFeature();
  const has = new Set(detail.data?.user.features ?? []);
  return (
    <SettingsCard
      wide
      title="Features"
      description={`Feature flags of ${user!.firstName} ${user!.lastName} (${user!.email}). A screen that needs a flag opens for an administrator without it.`}
    >
      {!switched && (
        <Alert color="indigo" variant="light" mb="md">
          These are your own flags. Switch into a user to change theirs.
        </Alert>
      )}
      {flags.data && detail.data ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {flags.data.map((f) => {
            const on = has.has(f.id);
            const busy = set.isPending && set.variables?.featureId === f.id;
            return (
              <Paper key={f.id} withBorder p="md" radius="md" data-feature={f.id}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600}>{f.label}</Text>
                      <Badge variant="light" color="gray" size="sm" tt="none">
                        {f.id}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {f.description}
                    </Text>
                  </Stack>
                  <Switch
                    aria-label={f.label}
                    checked={on}
                    disabled={busy}
                    onChange={() =>
                      set.mutate(
                        { userId: user!.id, featureId: f.id, on: !on },
                        {
                          onSuccess: () => toast('success', on ? PEOPLE_DESIGNED_MSG.featureRemoved : PEOPLE_DESIGNED_MSG.featureAdded),
                          onError: (e) => toast('error', `${MSG.saveFailed}: ${e.message}`),
                        },
                      )
                    }
                  />
                </Group>
              </Paper>
            );
          })}
        </SimpleGrid>
      ) : (
        <LoadState query={flags.isError ? flags : detail} label="features" />
      )}
    </SettingsCard>
  );
}
