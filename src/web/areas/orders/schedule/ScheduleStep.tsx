import { Alert, Badge, Group, Select, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  applyPreset,
  applyWeekendOption,
  DAY_LABELS,
  DAYS,
  minimumHours,
  presetOf,
  presetsFor,
  scheduledHours,
  scheduleError,
  WEEKEND_OPTION_LABELS,
  WEEKEND_OPTIONS,
  weekendOptionOf,
  type ScheduleContext,
  type WeekendOption,
  type WeekSlots,
} from '../../../../domain/orders/schedule';
import { SCHEDULE_WARNING_MS } from '../../../../domain/orders/schedule-messages';
import { TimeBlockerGrid } from '../../../ui/TimeBlockerGrid';
import type { GridValue } from '../../../ui/time-blocker';
import { useValidityReport } from '../../../ui/use-validity-report';

export interface ScheduleStepProps {
  /** The week, Mon to Sun, 96 quarter-hour slots a day. */
  value: WeekSlots;
  /** Every change: a preset, a weekend option, or a finished stroke on the grid. */
  onChange: (next: WeekSlots) => void;
  /** Who and what: admin extras, clear for call or pro users, the minimum hours. */
  context: ScheduleContext;
  /** Told when the step becomes valid or invalid (the rule is scheduleError in src/domain). */
  onValidityChange?: (valid: boolean) => void;
  /**
   * Raise this (any new number) to show the minimum-hours warning again, e.g. when the
   * wizard refuses to leave the step.
   */
  warnSignal?: number;
  /** The agent's time zone, named under the grid (schedules are read in it). */
  timeZone?: string;
  readOnly?: boolean;
}

const ROW_LABELS = DAYS.map((d) => DAY_LABELS[d]);
const toGrid = (week: WeekSlots): GridValue<true> => week.map((day) => day.map((on) => (on ? true : null)));
const fromGrid = (grid: GridValue<true>): boolean[][] => grid.map((day) => day.map((v) => v === true));
const hoursText = (h: number) => `${Number.isInteger(h) ? h : h.toFixed(2)} ${h === 1 ? 'hour' : 'hours'}`;

/**
 * The schedule step of the order wizard: presets, weekend options, the hours count and the
 * 5-second minimum-hours warning around the time-blocker grid. No machine inside: the
 * value comes in, changes go out.
 */
export function ScheduleStep({ value, onChange, context, onValidityChange, warnSignal, timeZone, readOnly = false }: ScheduleStepProps) {
  const presets = useMemo(() => presetsFor(context), [context]);
  const hours = scheduledHours(value);
  // An empty week reads as "No weekends"; the option chosen for it is remembered here.
  const [emptyWeekOption, setEmptyWeekOption] = useState<WeekendOption>('none');
  const option = hours === 0 ? emptyWeekOption : weekendOptionOf(value);
  const min = minimumHours(context, option);
  const error = scheduleError(value, context);
  const preset = presetOf(value, presets);
  const grid = useMemo(() => toGrid(value), [value]);
  const introId = useId();

  // The warning flashes for 5 s after a change that leaves too few hours, or when told to.
  const [warning, setWarning] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flash = (message: string | null) => {
    clearTimeout(timer.current);
    setWarning(message);
    if (message) timer.current = setTimeout(() => setWarning(null), SCHEDULE_WARNING_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const lastSignal = useRef(warnSignal);
  useEffect(() => {
    if (warnSignal === lastSignal.current) return;
    lastSignal.current = warnSignal;
    flash(scheduleError(value, context));
    // Only a new signal flashes; the value is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [warnSignal]);

  const valid = error === null;
  useValidityReport(valid, onValidityChange);

  const change = (next: WeekSlots) => {
    onChange(next);
    flash(scheduleError(next, context));
  };

  return (
    <Stack gap="md" data-testid="schedule-step">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <div>
          <Title order={3}>Schedule</Title>
          <Text c="dimmed" size="sm" id={introId}>
            When this order takes {context.isCall ? 'calls' : 'leads'}
            {timeZone ? `, in your time zone (${timeZone})` : ''}. Drag across the grid to add hours; drag from a chosen slot to
            remove them.
          </Text>
        </div>
        <Badge size="lg" variant="light" color={valid ? 'teal' : 'red'} data-testid="schedule-hours">
          {hoursText(hours)} selected · minimum {min}
        </Badge>
      </Group>
      <Group align="flex-end" wrap="wrap" gap="md">
        <Select
          label="Hours"
          placeholder="Custom"
          data={presets.map((p) => ({ value: p.id, label: p.label }))}
          value={preset?.id ?? null}
          onChange={(id) => {
            const p = presets.find((x) => x.id === id);
            if (p) change(applyPreset(p, option));
          }}
          allowDeselect={false}
          disabled={readOnly}
          w={200}
          comboboxProps={{ withinPortal: true }}
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="schedule-weekends-label">
            Weekends
          </Text>
          <SegmentedControl
            aria-labelledby="schedule-weekends-label"
            data={WEEKEND_OPTIONS.map((o) => ({ value: o, label: WEEKEND_OPTION_LABELS[o] }))}
            value={option}
            onChange={(o) => {
              const next = o as WeekendOption;
              setEmptyWeekOption(next);
              change(applyWeekendOption(value, next));
            }}
            disabled={readOnly}
          />
        </div>
      </Group>
      {warning && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="schedule-warning">
          {warning}
        </Alert>
      )}
      <TimeBlockerGrid<true>
        value={grid}
        onChange={(g) => change(fromGrid(g))}
        paintValue={true}
        rowLabels={ROW_LABELS}
        slotMinutes={15}
        label="Weekly schedule"
        describedBy={introId}
        readOnly={readOnly}
      />
    </Stack>
  );
}
