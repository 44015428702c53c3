import { Button, Group, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { useUser } from '../../../api/people/get-user';
import { useUpdateContact } from '../../../api/people/update-contact';
import { MSG } from '../../../domain/messages';
import { PEOPLE_MSG } from '../../../domain/people/messages';
import { toast } from '../../ui/toast';
import { LoadState, SettingsCard } from './SettingsCard';
import { useActingUser } from './useActingUser';

interface Saved {
  newsletter: boolean;
  weeklySummary: boolean;
}

/** /user/contact: the newsletter subscription and (for agents) the weekly summary of the user the session acts as. */
export default function ContactPage() {
  const { user } = useActingUser();
  const detail = useUser(user!.id);
  const s = detail.data?.settings;
  const saved = s ? { newsletter: s.newsletterSubscription, weeklySummary: s.weeklySummary } : undefined;
  return (
    <SettingsCard title="Contact Preferences" description="Which mail from Leadline you want besides the mail about your account.">
      {saved === undefined ? (
        <LoadState query={detail} label="contact preferences" />
      ) : (
        <ContactEditor key={JSON.stringify(saved)} userId={user!.id} saved={saved} agent={user!.role === 'user'} />
      )}
    </SettingsCard>
  );
}

/** Starts from the saved values; new saved values mount a fresh editor (its key). */
function ContactEditor({ userId, saved, agent }: { userId: number; saved: Saved; agent: boolean }) {
  const save = useUpdateContact();
  const [newsletter, setNewsletter] = useState(saved.newsletter);
  const [weeklySummary, setWeeklySummary] = useState(saved.weeklySummary);
  return (
    <Stack>
      <Switch
        label="Subscribe to the newsletter"
        description="Product news and tips for agents, about once a month."
        checked={newsletter}
        onChange={(e) => setNewsletter(e.currentTarget.checked)}
      />
      {agent && (
        <Switch
          label="Weekly summary"
          description="On Monday morning: last week's leads, calls and returns against the week before."
          checked={weeklySummary}
          onChange={(e) => setWeeklySummary(e.currentTarget.checked)}
        />
      )}
      <Group justify="flex-end">
        <Button
          loading={save.isPending}
          disabled={newsletter === saved.newsletter && weeklySummary === saved.weeklySummary}
          onClick={() =>
            save.mutate(
              { userId, newsletter, weeklySummary },
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
