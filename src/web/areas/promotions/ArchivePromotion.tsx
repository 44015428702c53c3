import { Button, Group, Modal, Text } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useArchivePromotion } from '../../../api/promotions/archive-promotion';
import { toast } from '../../ui/toast';
import { CAMPAIGNS_PATH } from './paths';

/** The Archive button and its question: archiving cannot be undone, and the budget left goes back at once. */
export function ArchivePromotion({ promotion }: { promotion: { id: number; name: string; isArchived: boolean } }) {
  const [open, setOpen] = useState(false);
  const archiver = useArchivePromotion();
  const [, navigate] = useLocation();
  const archive = () =>
    archiver.mutate(promotion.id, {
      onSuccess: (r) => {
        toast('success', r.message);
        navigate(CAMPAIGNS_PATH);
      },
      // The server's reason as it is.
      onError: (e) => toast('error', e.message),
      onSettled: () => setOpen(false),
    });
  return (
    <>
      {!promotion.isArchived && (
        <Button color="red" variant="light" leftSection={<IconArchive size={16} />} onClick={() => setOpen(true)} data-testid="promotion-archive">Archive</Button>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title="Archive this promotion?" data-testid="promotion-archive-confirm">
        <Text size="sm">{promotion.name} stops paying for sales at once, and what is left of its budget goes back to the promotion expense. This cannot be undone.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)}>Cancel</Button>
          <Button color="red" loading={archiver.isPending} onClick={archive} data-testid="promotion-archive-yes">Archive</Button>
        </Group>
      </Modal>
    </>
  );
}
