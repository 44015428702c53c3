import { Button, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconListCheck, IconPlus, IconSend } from '@tabler/icons-react';
import { LIST, LIST_DESIGNED_MSG } from '../../../domain/lists';

const STEPS = [
  {
    icon: IconAdjustmentsHorizontal,
    title: 'Describe who you want',
    text: 'Pick a territory (around a ZIP code or a whole state) and narrow it by age, income, insurance and more.',
  },
  {
    icon: IconListCheck,
    title: 'We build the list',
    text: `Aged leads, ${LIST.minLeadAgeDays} days to 13 months old, matching your order. ${LIST_DESIGNED_MSG.dncAlwaysOn}.`,
  },
  {
    icon: IconSend,
    title: 'Download or send it',
    text: 'Download the CSV, email it, or send it to your CRM; schedule the order to get a fresh list every few days.',
  },
] as const;

/** The dashboard with no orders yet (document 001 section 2): what lead lists are and the way in. */
export function GettingStarted({ onNew }: { onNew: (() => void) | null }) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="lists-getting-started">
      <Stack align="center" gap="lg">
        <Stack align="center" gap={4}>
          <Title order={2} fz="h3">Get started with lead lists</Title>
          <Text c="dimmed" ta="center" maw={640}>
            A list order describes the consumers you want. Each list it makes is charged by its records, can be downloaded or sent for {LIST.expiresAfterDays} days, and shows in the lists report.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" w="100%" maw={1000}>
          {STEPS.map((s, i) => (
            <Paper key={s.title} withBorder radius="md" p="lg" bg="gray.0">
              <ThemeIcon variant="light" size={40} radius="xl" mb="sm" aria-hidden>
                <s.icon size={22} />
              </ThemeIcon>
              <Text fw={600}>{i + 1}. {s.title}</Text>
              <Text size="sm" c="dimmed" mt={4}>{s.text}</Text>
            </Paper>
          ))}
        </SimpleGrid>
        {onNew ? (
          <Button size="md" leftSection={<IconPlus size={18} />} onClick={onNew} data-testid="new-list-order">
            New list order
          </Button>
        ) : (
          <Text size="sm" c="dimmed">No company has ordered a list yet. Switch into an agent to order lists for them.</Text>
        )}
      </Stack>
    </Paper>
  );
}
