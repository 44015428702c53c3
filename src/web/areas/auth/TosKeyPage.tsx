import { Alert, Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { errorMessage } from '../../../api/client';
import { termsInitialsError } from '../../../domain/terms';
import { useApi } from '../../app/session';
import { PublicLayout } from '../../ui/PublicLayout';
import { InitialsForm } from './InitialsForm';
import { TermsText } from './TermsText';

/** /tos/{key}: accept the terms from an emailed link, without signing in. */
export function TosKeyPage() {
  const { key } = useParams<{ key: string }>();
  const api = useApi();
  const [warning, setWarning] = useState<string | null>(null);
  const accept = useMutation({
    mutationFn: async (initials: [string, string]) => {
      const { data, error } = await api.POST('/authentication/tos/{key}', { params: { path: { key } }, body: { tos: true, initials } });
      if (!data) throw new Error(errorMessage(error, 'Unable to save changes'));
      return data.message;
    },
  });
  if (accept.isSuccess)
    return (
      <PublicLayout title="Terms of service">
        <Alert color="green">{accept.data}</Alert>
        <Button component={Link} href="/login" mt="md" fullWidth>
          Sign in
        </Button>
      </PublicLayout>
    );
  return (
    <PublicLayout title="Terms of service" width={640}>
      <TermsText />
      {accept.isError && <Alert color="red" mt="md">{accept.error.message}</Alert>}
      <InitialsForm
        error={warning}
        busy={accept.isPending}
        onAccept={(initials) => {
          const problem = termsInitialsError(initials[0], initials[1]);
          setWarning(problem);
          if (!problem) accept.mutate(initials);
        }}
      />
    </PublicLayout>
  );
}
