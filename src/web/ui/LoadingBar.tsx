import { Progress } from '@mantine/core';
import { useBusy } from './busy';

/** A thin bar along the top while any API request is in flight. */
export function LoadingBar() {
  const busy = useBusy();
  if (!busy) return null;
  return (
    <Progress
      value={100}
      animated
      striped
      size={3}
      radius={0}
      aria-label="Loading"
      data-testid="loading-indicator"
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    />
  );
}
