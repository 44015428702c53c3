import { Alert, Button, Code, Group, Modal, PasswordInput, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useIssueVendorApi } from '../../../api/debugger/issue-vendor-api';
import type { VendorApi } from '../../../api/debugger/list-vendor-apis';
import { DEBUGGER_TEXT } from '../../../domain/debugger/messages';
import { revokedByIssue } from '../../../domain/debugger/tokens';
import { formatDateTime } from '../../../domain/time-format';
import { useTimeZone } from '../../app/clock';

/** How a request is signed: one of the vendor's live tokens by id (the server signs), or a typed token. */
export type Signer = { apiId: number; hint: string } | { typed: string } | null;

const TYPED = 'typed';
const hintOf = (a: VendorApi) => a.hint ?? '????';

/**
 * The debugger's sales token (document 002: the header is built from the vendor's sales
 * API token, GET /vendors/{vendor}/apis). Tokens are stored hashed, so the existing one is
 * chosen by its last four characters and the server signs with it; nothing is issued or
 * revoked by using the debugger. Issuing is a separate, confirmed act that names the token
 * it revokes.
 */
export function TokenPanel({ apis, choice, onChoose, typed, onType }: {
  apis: VendorApi[] | undefined;
  choice: string;
  onChoose: (choice: string) => void;
  typed: string;
  onType: (token: string) => void;
}) {
  const timeZone = useTimeZone();
  const issue = useIssueVendorApi();
  const [confirming, setConfirming] = useState(false);
  const live = apis ?? [];
  const revokes = revokedByIssue(live);

  const options = [
    ...live.map((a) => ({ value: String(a.id), label: `Ending in ${hintOf(a)} · issued ${formatDateTime(a.createdAt, timeZone)}` })),
    { value: TYPED, label: 'Type a token' },
  ];
  const confirm = () =>
    issue.mutate(revokes?.id ?? null, {
      onSettled: () => setConfirming(false),
    });

  return (
    <Stack gap="xs" style={{ flex: 1, minWidth: 280 }}>
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label="Sales API token"
          data={options}
          value={choice}
          onChange={(v) => v && onChoose(v)}
          allowDeselect={false}
          placeholder={apis ? undefined : 'Loading your tokens…'}
          style={{ flex: 1, minWidth: 260 }}
        />
        <Button variant="light" onClick={() => setConfirming(true)} disabled={!apis}>
          Issue a new token
        </Button>
      </Group>
      {choice === TYPED && (
        <PasswordInput label="Token to send" placeholder="Paste a sales token" value={typed} onChange={(e) => onType(e.currentTarget.value.trim())} />
      )}
      {apis && live.length === 0 && choice !== TYPED && (
        <Text size="sm" c="dimmed">
          {DEBUGGER_TEXT.noLiveToken}
        </Text>
      )}

      <Modal opened={confirming} onClose={() => setConfirming(false)} title={DEBUGGER_TEXT.issueTitle} centered>
        <Stack>
          <Text size="sm" data-testid="issue-consequence">
            {revokes ? DEBUGGER_TEXT.issueRevokes(hintOf(revokes), formatDateTime(revokes.createdAt, timeZone)) : DEBUGGER_TEXT.issueRevokesNone(live.length)}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color={revokes ? 'red' : undefined} loading={issue.isPending} onClick={confirm}>
              {revokes ? `Issue and revoke …${hintOf(revokes)}` : 'Issue'}
            </Button>
          </Group>
        </Stack>
      </Modal>

      {issue.data && (
        <Alert color="green" title="New sales token" withCloseButton onClose={() => issue.reset()}>
          <Text size="sm">{DEBUGGER_TEXT.issuedOnce}</Text>
          <Code block mt={4} data-testid="issued-token">
            {issue.data.token}
          </Code>
          {issue.data.revoked && (
            <Text size="sm" mt={4}>
              {DEBUGGER_TEXT.revoked(hintOf(issue.data.revoked))}
            </Text>
          )}
        </Alert>
      )}
      {issue.error && (
        <Alert color="red" withCloseButton onClose={() => issue.reset()}>
          {issue.error.message}
        </Alert>
      )}
    </Stack>
  );
}

/** The choice in effect: a live token's id (the newest when none is chosen or the chosen one left), the typed token, or none. */
export function effectiveChoice(apis: VendorApi[] | undefined, choice: string): string {
  if (choice === TYPED || apis?.some((a) => String(a.id) === choice)) return choice;
  return apis?.[0] ? String(apis[0].id) : '';
}

/** Who signs the requests under a choice in effect. */
export function signerOf(apis: VendorApi[] | undefined, choice: string, typed: string): Signer {
  if (choice === TYPED) return typed ? { typed } : null;
  const api = apis?.find((a) => String(a.id) === choice);
  return api ? { apiId: api.id, hint: hintOf(api) } : null;
}
