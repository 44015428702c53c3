import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useSaveLeadNote } from '../../../api/leads/save-lead-note';
import type { LeadRow } from '../../../api/leads/search-leads';
import { LEADS_MSG } from '../../../domain/leads/messages';
import { formatDateTime } from '../../../domain/time-format';
import { toast } from '../../ui/toast';
import { useReturnFocus } from '../../ui/use-return-focus';

const NOTE_MAX = 2000;

/** The note of a lead: saved with 'Lead note was successfully saved.' or the failure text (section 8). */
export function NoteModal({ lead, zone, onClose }: { lead: LeadRow; zone: string; onClose: () => void }) {
  useReturnFocus();
  const [text, setText] = useState(lead.note?.content ?? '');
  const save = useSaveLeadNote();
  return (
    <Modal opened onClose={onClose} title={`Note on ${lead.firstName} ${lead.lastName}`} data-testid="note-modal">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            { id: lead.id, note: text },
            {
              onSuccess: () => {
                toast('success', LEADS_MSG.noteSaved);
                onClose();
              },
              onError: () => toast('error', LEADS_MSG.noteFailed),
            },
          );
        }}
      >
        <Stack>
          <Textarea autosize minRows={4} maxRows={10} maxLength={NOTE_MAX} value={text} onChange={(e) => setText(e.currentTarget.value)}
            label="Note" description={`${text.length} / ${NOTE_MAX}`} data-autofocus data-testid="note-text" />
          {lead.note && (
            <Text size="xs" c="dimmed">
              Last saved {formatDateTime(lead.note.modifiedDate, zone)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="note-save">
              Save note
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
