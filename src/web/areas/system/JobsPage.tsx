import { ActionIcon, Alert, Badge, Group, Paper, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useCurrentUserQuery } from '../../../api/auth/get-current-user';
import { JOBS_REFRESH_MS, useJobs, type JobStatus } from '../../../api/system/list-jobs';
import { formatDateTime } from '../../../domain/time-format';
import { useClock } from '../../app/clock';
import { LoadFailed } from '../../ui/LoadFailed';
import { fromNow, jobHealth, JOB_HEALTH, spanText } from './job-view';

/** /admin/jobs: the background jobs of the server that answers, their failures and back-off. */
export default function JobsPage() {
  const jobs = useJobs();
  const now = useClock().now();
  // Times are the reader's: the admin's own zone, also while switched into a user.
  const me = useCurrentUserQuery();
  const timeZone = me.data ? (me.data.original ?? me.data.user).timezone : null;
  const failing = jobs.data?.filter((j) => j.consecutiveFailures > 0) ?? [];

  return (
    <Paper withBorder p="xl" radius="md">
      <Group justify="space-between" align="flex-start" mb="lg" gap="md" wrap="nowrap">
        <div>
          <Title order={2}>Background jobs</Title>
          <Text size="sm" c="dimmed" maw={720}>
            The work this server does on its own timers. A failed run is logged and counted here, and the job
            waits longer before each retry until it succeeds again. Counts start when the server starts.
          </Text>
        </div>
        <Tooltip label={`Refreshed every ${spanText(JOBS_REFRESH_MS)}; refresh now`} withArrow>
          <ActionIcon variant="light" size="lg" aria-label="Refresh" loading={jobs.isFetching} onClick={() => void jobs.refetch()}>
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {(jobs.isPending || (!timeZone && !me.isError)) && !jobs.isError && <TableSkeleton />}
      {me.isError && <Alert color="red">{me.error.message}</Alert>}
      {jobs.isError && <LoadFailed title="The background jobs did not load" error={jobs.error} onRetry={() => void jobs.refetch()} />}
      {jobs.data && timeZone && (
        <Stack gap="md">
          {failing.length > 0 ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="jobs-summary">
              {failing.length === 1 ? '1 job is failing' : `${failing.length} jobs are failing`}: {failing.map((j) => j.name).join(', ')}
            </Alert>
          ) : (
            <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="jobs-summary">
              No job is failing ({jobs.data.length} jobs).
            </Alert>
          )}
          <JobsTable jobs={jobs.data} now={now} timeZone={timeZone} />
        </Stack>
      )}
    </Paper>
  );
}

function JobsTable({ jobs, now, timeZone }: { jobs: JobStatus[]; now: Date; timeZone: string }) {
  const moment = (at: string | null, testId: string) => (
    <Tooltip label={at ? formatDateTime(at, timeZone) : 'Never'} withArrow>
      <Text size="sm" data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {fromNow(at, now)}
      </Text>
    </Tooltip>
  );
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" striped highlightOnHover data-testid="jobs-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Job</Table.Th>
            <Table.Th>Every</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Runs</Table.Th>
            <Table.Th ta="right">Failures</Table.Th>
            <Table.Th>Last success</Table.Th>
            <Table.Th>Last failure</Table.Th>
            <Table.Th>Next run</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((j) => {
            const health = JOB_HEALTH[jobHealth(j)];
            return (
              <Table.Tr key={j.name} data-testid="job-row" data-job={j.name}>
                <Table.Td maw={320}>
                  <Text size="sm" fw={600} ff="monospace">
                    {j.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {j.description}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{spanText(j.everyMs)}</Table.Td>
                <Table.Td>
                  <Tooltip label={health.help} multiline w={300} withArrow>
                    <Badge variant="light" color={health.color} data-testid="job-status" style={{ flexShrink: 0 }}>
                      {health.label}
                    </Badge>
                  </Tooltip>
                </Table.Td>
                <Table.Td ta="right">{j.runs.toLocaleString('en-US')}</Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" data-testid="job-failures">
                    {j.failures.toLocaleString('en-US')}
                  </Text>
                  {j.consecutiveFailures > 0 && (
                    <Text size="xs" c="red">
                      {j.consecutiveFailures} in a row
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{moment(j.lastSuccessAt, 'job-last-success')}</Table.Td>
                <Table.Td maw={280}>
                  {moment(j.lastFailureAt, 'job-last-failure')}
                  {j.lastError && (
                    <Text size="xs" c={j.consecutiveFailures > 0 ? 'red' : 'dimmed'} lineClamp={2} title={j.lastError} data-testid="job-last-error">
                      {j.lastError}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{j.nextRunAt ? moment(j.nextRunAt, 'job-next-run') : <Text size="sm">After this run</Text>}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TableSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading the background jobs">
      <Skeleton height={48} radius="md" />
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={44} radius="sm" />
      ))}
    </Stack>
  );
}
