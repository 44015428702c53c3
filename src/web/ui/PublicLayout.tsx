import { Alert, Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { MSG } from '../../domain/messages';
import { storage } from '../app/storage';

/** The frame of the signed-out screens: brand, a card, and the policy links. */
export function PublicLayout({ title, children, width = 420 }: { title: string; children: ReactNode; width?: number }) {
  return (
    <Box mih="100vh" bg="gray.0" py={48}>
      <Center>
        <Stack w={width} maw="94vw" gap="lg">
          <Group gap={8} justify="center">
            <Text fw={800} fz={28} c="indigo.7" style={{ letterSpacing: -0.5 }}>
              Leadline
            </Text>
          </Group>
          {!storage.available && <Alert color="yellow">{MSG.privateBrowsing}</Alert>}
          <Paper withBorder shadow="sm" p="xl" radius="md">
            <Title order={2} fz="h3" mb="md">
              {title}
            </Title>
            {children}
          </Paper>
          <Group justify="center" gap="lg">
            <Anchor component={Link} href="/privacy-policy" size="sm" c="dimmed">
              Privacy policy
            </Anchor>
            <Anchor component={Link} href="/login" size="sm" c="dimmed">
              Sign in
            </Anchor>
          </Group>
        </Stack>
      </Center>
    </Box>
  );
}
