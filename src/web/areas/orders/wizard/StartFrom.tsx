import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useApi } from '../../../../api/context';
import { cloneOrderJob, recommendedOrderJob } from '../../../../api/orders/create-job';
import { stepUrl, WIZARD_BASE } from './urls';

/**
 * /orders/orders/wizard/clone/{orderId} and /recommended/{packageId}: make the draft
 * (POST /jobs, source clone or recommended) and open the wizard at its territory step,
 * the package step skipped. A refusal shows the server's text ('Order cannot be cloned',
 * 'Growth orders cannot be cloned', ...).
 */
export function StartFrom({ kind, id, go }: { kind: 'clone' | 'recommended'; id: number; go: (url: string) => void }) {
  const api = useApi();
  const [error, setError] = useState<string | null>(null);
  // The first go given: the draft is made once per address, whatever the parent re-renders.
  const [goOnce] = useState(() => go);
  useEffect(() => {
    const ctl = new AbortController();
    (kind === 'clone' ? cloneOrderJob(api, id, ctl.signal) : recommendedOrderJob(api, id, ctl.signal)).then(
      (job) => goOnce(stepUrl('create', job.id, job.startStep)),
      (e: unknown) => {
        if (!ctl.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      },
    );
    return () => ctl.abort();
  }, [api, kind, id, goOnce]);
  if (error)
    return (
      <Alert color="red" title={kind === 'clone' ? 'This order was not cloned' : 'This order could not be started'}>
        <Text size="sm">{error}</Text>
        <Group mt="sm">
          <Button component={Link} href="/orders/list" size="compact-sm" variant="default">
            Back to orders
          </Button>
          <Button component={Link} href={`${WIZARD_BASE}/product`} size="compact-sm">
            Start a new order
          </Button>
        </Group>
      </Alert>
    );
  return (
    <Stack align="center" p="xl" gap="xs">
      <Loader />
      <Text c="dimmed">{kind === 'clone' ? 'Copying the order…' : 'Preparing the recommended order…'}</Text>
    </Stack>
  );
}
