import { SESSION_TEXT } from '../../../domain/session';
import { Anchor, Text } from '@mantine/core';
import { gateError, isBusy, isSwitched } from '../../app/selectors';
import { SwitchedGate } from '../../app/SwitchedBanner';
import { useSessionActor, useSessionSelector } from '../../app/session';
import { PublicLayout } from '../../ui/PublicLayout';
import { InitialsForm } from './InitialsForm';
import { TermsText } from './TermsText';

/**
 * /terms-of-service: a signed-in user without consent accepts the terms. An admin switched
 * into such a user sees the same screen, without accepting for them, and goes back from it.
 */
export function TermsPage() {
  const session = useSessionActor();
  const error = useSessionSelector(gateError);
  const busy = useSessionSelector(isBusy);
  const switched = useSessionSelector(isSwitched);
  const form = (
    <>
      <TermsText />
      <InitialsForm error={error} busy={busy} onAccept={(initials) => session.send({ type: 'ACCEPT_TERMS', initials })} />
    </>
  );
  return (
    <PublicLayout title="Terms of service" width={640}>
      {switched ? <SwitchedGate note={SESSION_TEXT.switchedIntoTerms}>{form}</SwitchedGate> : form}
      {!switched && <LogOutLine />}
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
