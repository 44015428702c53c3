import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconEye, IconFingerprint, IconNote } from '@tabler/icons-react';
import type { LeadRow } from '../../../api/leads/search-leads';
import { LeadReturnMenuItem } from '../../ui/returns/LeadReturnAction';

/**
 * The actions menu of one lead row. Lead search owns Details, Note and Jornaya; the
 * return actions ("Request return", the dispute) go in the marked slot below. Areas do
 * not import each other, so their menu items and modals live beside this file (or in ui/).
 */
export interface LeadRowActionsProps {
  lead: LeadRow;
  onDetails: (lead: LeadRow) => void;
  onNote: (lead: LeadRow) => void;
  onJornaya: (lead: LeadRow) => void;
  /** Opens the lead's return (request, dispute, status). */
  onReturn: (lead: LeadRow) => void;
}

export function LeadRowActions({ lead, onDetails, onNote, onJornaya, onReturn }: LeadRowActionsProps) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for lead ${lead.firstName} ${lead.lastName}`} data-testid="lead-actions">
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} />} onClick={() => onDetails(lead)}>
          Details
        </Menu.Item>
        <Menu.Item leftSection={<IconNote size={16} />} onClick={() => onNote(lead)} data-testid="lead-note-action">
          {lead.note ? 'Edit note' : 'Add note'}
        </Menu.Item>
        <Menu.Item leftSection={<IconFingerprint size={16} />} onClick={() => onJornaya(lead)}>
          Jornaya LeadiD
        </Menu.Item>
        <LeadReturnMenuItem returnStatus={lead.returnStatus} onOpen={() => onReturn(lead)} />
      </Menu.Dropdown>
    </Menu>
  );
}
