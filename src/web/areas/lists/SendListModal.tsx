import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../api/errors';
import { useDeliverList } from '../../../api/lists/deliver-list';
import type { LeadList } from '../../../api/lists/list-lists';
import { LIST_CRM_LABELS, LIST_CRMS, LIST_DESIGNED_MSG, LIST_MSG, listSentTo, parseEmails, type ListCrm } from '../../../domain/lists';
import { toast } from '../../ui/toast';

/** How a destination reads: a CRM by its name, an email address as it is. */
export const destinationLabel = (destination: string): string => LIST_CRM_LABELS[destination as ListCrm] ?? destination;

/**
 * Send a ready list (document 001: "export"): to an email address or one of the CRMs. The
 * server scrubs the rows again before it sends them; a failed delivery says the list did
 * not export.
 */
export function SendListModal({ list, defaultEmail, onClose }: { list: LeadList | null; defaultEmail: string; onClose(): void }) {
  return (
    <Modal opened={list !== null} onClose={onClose} title="Send the list" data-testid="send-list">
      {list && <SendForm key={list.id} list={list} defaultEmail={defaultEmail} onDone={onClose} />}
    </Modal>
  );
}

function SendForm({ list, defaultEmail, onDone }: { list: LeadList; defaultEmail: string; onDone(): void }) {
  const [to, setTo] = useState<'email' | ListCrm>('email');
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | null>(null);
  const deliver = useDeliverList();
  const send = () => {
    let destination: string = to;
    if (to === 'email') {
      const parsed = parseEmails(email);
      if (parsed.emails.length !== 1 || parsed.invalid.length) return setError(LIST_DESIGNED_MSG.emailInvalid);
      destination = parsed.emails[0];
    }
    deliver.mutate({ listId: list.id, destination }, {
      onSuccess: () => {
        toast('success', listSentTo(destinationLabel(destination)));
        onDone();
      },
      onError: (e) => {
        const field = e instanceof ApiError ? e.errors.find((x) => x.field === 'destination') : undefined;
        if (field) return setError(field.message);
        toast('error', e instanceof ApiError && e.status < 500 ? e.message : LIST_MSG.exportFailed);
        onDone();
      },
    });
  };
  return (
    <form noValidate onSubmit={(e) => { e.preventDefault(); send(); }}>
      <Stack>
        <Text size="sm" c="dimmed">
          {list.numRecords.toLocaleString('en-US')} records of {list.orderName}. Numbers put on a do-not-call list since the list was made are left out and refunded.
        </Text>
        <Radio.Group label="Send to" value={to} onChange={(v) => { setTo(v as 'email' | ListCrm); setError(null); }}>
          <Stack gap={6} mt={6}>
            <Radio value="email" label="An email address" data-testid="send-to-email" />
            {LIST_CRMS.map((crm) => <Radio key={crm} value={crm} label={LIST_CRM_LABELS[crm]} data-testid={`send-to-${crm}`} />)}
          </Stack>
        </Radio.Group>
        {to === 'email' && (
          <TextInput label="Email address" type="email" data-autofocus required value={email} error={error}
            onChange={(e) => { setEmail(e.currentTarget.value); setError(null); }} data-testid="send-email" />
        )}
        {to !== 'email' && error && <Text c="red" size="sm" role="alert">{error}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Cancel</Button>
          <Button type="submit" loading={deliver.isPending} data-testid="send-confirm">Send</Button>
        </Group>
      </Stack>
    </form>
  );
}
