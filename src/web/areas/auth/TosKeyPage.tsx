import { Alert, Button } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { useAcceptTermsByKey } from '../../../api/auth/accept-terms-by-key';
import { termsInitialsError } from '../../../domain/terms';
import { PublicLayout, SignInLink } from '../../ui/PublicLayout';
import { InitialsForm } from './InitialsForm';
import { TermsText } from './TermsText';

/** /tos/{key}: accept the terms from an emailed link, without signing in. */
export function TosKeyPage() {
  const { key } = useParams<{ key: string }>();
  const [warning, setWarning] = useState<string | null>(null);
  const accept = useAcceptTermsByKey();
  if (accept.isSuccess)
    return (
      <PublicLayout title="Terms of service" links={<SignInLink />}>
        <Alert color="green">{accept.data}</Alert>
        <Button component={Link} href="/login" mt="md" fullWidth>
          Sign in
        </Button>
      </PublicLayout>
    );
  return (
    <PublicLayout title="Terms of service" width={640} links={<SignInLink />}>
      <TermsText />
      {accept.isError && (
        <Alert color="red" mt="md">
          {accept.error.message}
        </Alert>
      )}
      <InitialsForm
        error={warning}
        busy={accept.isPending}
        onAccept={(initials) => {
          const problem = termsInitialsError(initials[0], initials[1]);
          setWarning(problem);
          if (!problem) accept.mutate({ key, initials });
        }}
      />
    </PublicLayout>
  );
}
