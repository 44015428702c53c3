import { Anchor, Badge, Code, CopyButton, Group, Modal, Stack, Text, Button } from '@mantine/core';

/**
 * The Jornaya modal (documents 001 and 002): what the Jornaya LeadiD token is and the
 * token of this lead, which the agent can copy to look the consent up in Jornaya's audit
 * tool. Shared by lead search and the order wizard (which explains Jornaya without a token).
 */
export interface JornayaModalProps {
  opened: boolean;
  onClose: () => void;
  /** The lead's LeadiD token; absent when the modal only explains Jornaya. */
  token?: string | null;
  /** The audit result when known: 'verified' or 'not found'. */
  audit?: string | null;
}

export function JornayaModal({ opened, onClose, token, audit }: JornayaModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Jornaya LeadiD" size="lg" data-testid="jornaya-modal">
      <Stack gap="sm">
        <Text size="sm">
          Jornaya LeadiD witnesses the consumer's visit to the form that produced this lead: when it happened and what the consumer
          agreed to. The token below identifies that record, so a consent can be audited without the consumer's details leaving
          the marketplace.
        </Text>
        {token !== undefined && (
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
        )}
        <Text size="xs" c="dimmed">
          Vendors that provide LeadiD tokens are marked as universal lead id providers.{' '}
          <Anchor href="https://www.jornaya.com" target="_blank" rel="noreferrer" size="xs">
            About Jornaya
          </Anchor>
        </Text>
      </Stack>
    </Modal>
  );
}
