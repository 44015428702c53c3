import { Anchor, Text } from '@mantine/core';
import { gateError, isBusy } from '../../app/selectors';
import { useSessionActor, useSessionSelector } from '../../app/session';
import { PublicLayout } from '../../ui/PublicLayout';
import { InitialsForm } from './InitialsForm';
import { TermsText } from './TermsText';

/** /terms-of-service: a signed-in user without consent accepts the terms. */
export function TermsPage() {
  const session = useSessionActor();
  const error = useSessionSelector(gateError);
  const busy = useSessionSelector(isBusy);
  return (
    <PublicLayout title="Terms of service" width={640}>
      <TermsText />
      <InitialsForm error={error} busy={busy} onAccept={(initials) => session.send({ type: 'ACCEPT_TERMS', initials })} />
      <LogOutLine />
    </PublicLayout>
  );
}

/** "Not now? Log out": the way out of a session step (terms, profile). */
export function LogOutLine() {
  const session = useSessionActor();
  return (
    <Text size="sm" mt="md" c="dimmed">
      Not now?{' '}
      <Anchor component="button" onClick={() => session.send({ type: 'LOGOUT' })}>
        Log out
      </Anchor>
    </Text>
  );
}
