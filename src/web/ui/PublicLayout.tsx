import { Alert, Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { MSG } from '../../domain/messages';
import { storage } from './storage';

interface PublicLayoutProps {
  title: string;
  children: ReactNode;
  width?: number;
  /**
   * Links beside the privacy policy. Only a guest screen offers "Sign in" (SignInLink):
   * on the sign-in screen itself, or a step of a signed-in session (the profile, the
   * terms), a link to /login would lead nowhere.
   */
  links?: ReactNode;
}

/** The frame of the signed-out screens: brand, a card, and the policy links. */
export function PublicLayout({ title, children, width = 420, links }: PublicLayoutProps) {
  return (
    <Box mih="100vh" bg="gray.0" py={48}>
      <Center>
        <Stack w={width} maw="94vw" gap="lg">
          <Group gap={8} justify="center">
            <Text fw={800} fz={28} c="indigo" style={{ letterSpacing: -0.5 }}>
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
          <Group justify="center" gap="lg" component="nav" aria-label="Public pages">
            <Anchor component={Link} href="/privacy-policy" size="sm" c="dimmed">
              Privacy policy
            </Anchor>
            {links}
          </Group>
        </Stack>
      </Center>
    </Box>
  );
}

/**
 * "Sign in" for the public frame's footer: a link to /login, or, on a view that lives at
 * /login already (forgot password), the action that shows the sign-in form again.
 */
export function SignInLink({ onClick }: { onClick?: () => void }) {
  if (onClick)
    return (
      <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onClick}>
        Sign in
      </Anchor>
    );
  return (
    <Anchor component={Link} href="/login" size="sm" c="dimmed">
      Sign in
    </Anchor>
  );
}
