import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useUpdateCompany } from '../../../api/companies/update-company';
import { MSG } from '../../../domain/messages';
import {
  CONCURRENCY_MAX, CONCURRENCY_MIN, WEEK_DAYS, type ConcurrencySchedule, type WeekDay,
} from '../../../domain/people/concurrency';
import { PEOPLE_MSG } from '../../../domain/people/messages';
import { TimeBlockerGrid } from '../../ui/TimeBlockerGrid';
import { toast } from '../../ui/toast';
import { LoadState, NoCompany, SettingsCard } from './SettingsCard';
import { useActingCompany } from './useActingCompany';

/** The grid shows the week from Monday, like the order schedule; the schedule is kept from Sunday. */
const SHOWN: readonly WeekDay[] = [...WEEK_DAYS.slice(1), WEEK_DAYS[0]];
const LABELS = SHOWN.map((d) => d[0].toUpperCase() + d.slice(1, 3));
type Grid = ReadonlyArray<ReadonlyArray<number | null>>;
const toGrid = (s: ConcurrencySchedule): Grid => SHOWN.map((d) => s[d]);
const toSchedule = (g: Grid): ConcurrencySchedule => Object.fromEntries(SHOWN.map((d, i) => [d, [...g[i]]])) as ConcurrencySchedule;
const sameGrid = (a: Grid, b: Grid) => a.every((row, r) => row.every((v, c) => v === b[r][c]));

/** Lighter for fewer calls, deeper for more: the number reads on every shade. */
const shade = (v: number) => {
  const t = (v - CONCURRENCY_MIN) / (CONCURRENCY_MAX - CONCURRENCY_MIN);
  return { background: `hsl(234 ${55 + t * 30}% ${82 - t * 42}%)`, color: t > 0.45 ? 'white' : 'var(--mantine-color-indigo-9)' };
};

/**
 * /company/concurrency: how many live calls the company takes at once, per half hour of
 * the week (1 to 50, or nothing). Paint with a number, or with the eraser; save the week.
 */
export default function ConcurrencyPage() {
  const { companyId, company } = useActingCompany();
  const schedule = company.data?.concurrentCallSchedule;
  return (
    <SettingsCard
      wide
      title="Concurrency"
      description="How many live calls the company takes at the same time, for each half hour of the week in the company's time zone. An empty half hour has no limit set."
    >
      {!companyId ? (
        <NoCompany />
      ) : schedule ? (
        <ConcurrencyEditor key={JSON.stringify(schedule)} companyId={companyId} saved={toGrid(schedule)} />
      ) : (
        <LoadState query={company} label="concurrency schedule" />
      )}
    </SettingsCard>
  );
}

function ConcurrencyEditor({ companyId, saved }: { companyId: number; saved: Grid }) {
  const save = useUpdateCompany();
  const [grid, setGrid] = useState<Grid>(saved);
  const [mode, setMode] = useState<'paint' | 'erase'>('paint');
  const [calls, setCalls] = useState<number | ''>(5);
  const valid = typeof calls === 'number' && Number.isInteger(calls) && calls >= CONCURRENCY_MIN && calls <= CONCURRENCY_MAX;
  const paintValue = mode === 'erase' ? null : valid ? calls : null;
  const changed = !sameGrid(grid, saved);
  const howId = useId();
  return (
        <Stack>
          <Group align="flex-end" gap="md">
            <SegmentedControl
              value={mode}
              onChange={(v) => setMode(v as 'paint' | 'erase')}
              data={[
                { value: 'paint', label: 'Paint' },
                { value: 'erase', label: 'Erase' },
              ]}
              aria-label="Paint or erase"
            />
            <NumberInput
              label="Concurrent calls"
              w={160}
              min={CONCURRENCY_MIN}
              max={CONCURRENCY_MAX}
              allowDecimal={false}
              allowNegative={false}
              value={calls}
              disabled={mode === 'erase'}
              onChange={(v) => setCalls(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
              error={mode === 'paint' && !valid ? `From ${CONCURRENCY_MIN} to ${CONCURRENCY_MAX}` : null}
            />
            <Text size="sm" c="dimmed" maw={420} id={howId}>
              Drag across the grid, or use the keys written under it, to fill half hours with the number of concurrent calls; start on a cell that already holds it to clear.
            </Text>
          </Group>
          <TimeBlockerGrid<number>
            value={grid}
            onChange={setGrid}
            paintValue={paintValue}
            rowLabels={LABELS}
            slotMinutes={30}
            label="Concurrency schedule"
            renderCell={(v) => String(v)}
            describeCell={(v) => `${v} ${v === 1 ? 'call' : 'calls'}`}
            emptyLabel="no limit"
            describedBy={howId}
            cellStyle={shade}
            readOnly={mode === 'paint' && !valid}
          />
          {save.isError && <Alert color="red">{MSG.saveFailed}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" disabled={!changed} onClick={() => setGrid(saved)}>
              Undo changes
            </Button>
            <Button
              disabled={!changed}
              loading={save.isPending}
              onClick={() =>
                save.mutate(
                  { companyId, change: { concurrentCallSchedule: toSchedule(grid) } },
                  { onSuccess: () => toast('success', PEOPLE_MSG.concurrencyUpdated), onError: () => toast('error', MSG.saveFailed) },
                )
              }
            >
              Save schedule
            </Button>
          </Group>
        </Stack>
  );
}
