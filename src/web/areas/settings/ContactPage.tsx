import { Button, Group, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { useUser } from '../../../api/people/get-user';
import { useUpdateContact } from '../../../api/people/update-contact';
import { MSG } from '../../../domain/messages';
import { PEOPLE_MSG } from '../../../domain/people/messages';
import { toast } from '../../ui/toast';
import { LoadState, SettingsCard } from './SettingsCard';
import { useActingUser } from './useActingUser';

/** /user/contact: the newsletter subscription of the user the session acts as. */
export default function ContactPage() {
  const { user } = useActingUser();
  const detail = useUser(user!.id);
  const saved = detail.data?.settings.newsletterSubscription;
  return (
    <SettingsCard title="Contact Preferences" description="Which mail from Leadline you want besides the mail about your account.">
      {saved === undefined ? <LoadState query={detail} label="contact preferences" /> : <ContactEditor key={String(saved)} userId={user!.id} saved={saved} />}
    </SettingsCard>
  );
}

/** Starts from the saved value; a new saved value mounts a fresh editor (its key). */
function ContactEditor({ userId, saved }: { userId: number; saved: boolean }) {
  const save = useUpdateContact();
  const [newsletter, setNewsletter] = useState(saved);
  return (
    <Stack>
      <Switch
        label="Subscribe to the newsletter"
        description="Product news and tips for agents, about once a month."
        checked={newsletter}
        onChange={(e) => setNewsletter(e.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button
          loading={save.isPending}
          disabled={newsletter === saved}
          onClick={() =>
            save.mutate(
              { userId, newsletter },
              { onSuccess: () => toast('success', PEOPLE_MSG.contactUpdated), onError: (e) => toast('error', `${MSG.saveFailed}: ${e.message}`) },
            )
          }
        >
          Save preferences
        </Button>
      </Group>
    </Stack>
  );
}
