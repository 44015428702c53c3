import { Badge, Button, Code, CopyButton, Group, Text } from '@mantine/core';

/** What the Jornaya modal adds for one lead: its LeadiD token (to copy) and its audit result. */
export function JornayaToken({ token, audit }: { token: string | null; audit?: string | null }) {
  return (
    <>
      {token ? (
        <Group gap="xs" wrap="nowrap">
          <Code fz="sm" data-testid="jornaya-token" style={{ wordBreak: 'break-all' }}>
            {token}
          </Code>
          <CopyButton value={token}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      ) : (
        <Text c="dimmed" size="sm" data-testid="jornaya-none">
          This lead arrived without a LeadiD token.
        </Text>
      )}
      {audit && (
        <Group gap="xs">
          <Text size="sm">Audit:</Text>
          <Badge color={audit === 'verified' ? 'green' : 'yellow'} variant="light">
            {audit}
          </Badge>
        </Group>
      )}
    </>
  );
}
