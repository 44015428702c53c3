import '@mantine/dates/styles.css';
import { Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { choiceOf, choiceRange, DATE_RANGE_CHOICES, DATE_RANGE_LABELS, isPreset, type DateRangeChoice } from '../../domain/time/choices';
import { addDays, addMonths } from '../../domain/time/days';
import { dateRangeError, dateRangeErrors, fromDay, type DateRangeRule, type DayRange } from '../../domain/time/range';
import { formatDayRange } from '../../domain/time-format';
import { isoDayIn } from '../../domain/time/zone';

/** Names of the calendar's arrows and headings, for screen readers (and tests that click as a person does). */
const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Show the months of the year',
  yearLevelControl: 'Show the years of the decade',
};

interface Props {
  /** The range in use: days (YYYY-MM-DD) in the user's zone. */
  value: DayRange;
  /** A choice's days, or a picked day of a custom range. */
  onChange: (range: DayRange) => void;
  /** What the range may be: its refusals show on the day fields, in the server's words. */
  rule: DateRangeRule;
  /** The injected clock's now and the user's zone, which say what "today" is. */
  now: Date;
  timeZone: string;
  /** The choices offered, in document 000 section 9's order (all of them unless a screen's document lists fewer). */
  choices?: readonly DateRangeChoice[];
  /** The first day a range may start (the reports: the user's account); a choice's days start there at the latest. */
  notBefore?: string | null;
}

/**
 * The one date-range selector of the screens (return management, billing, lead search,
 * live calls): a choice of document 000 section 9, whose days it shows beneath, or a custom
 * range picked on two calendars. The days of a choice are worked out in the user's zone
 * from the clock (`choiceRange`); a range that is no offered choice reads as custom.
 */
export function DateRangeSelect({ value, onChange, rule, now, timeZone, choices = DATE_RANGE_CHOICES, notBefore = null }: Props) {
  const today = isoDayIn(now, timeZone);
  // Custom stays chosen while its two days are picked, even when they make a choice's days.
  const [picking, setPicking] = useState(false);
  const choice = picking ? 'custom' : choiceOf(value, today, choices);
  const errors = dateRangeErrors(value, rule, today, notBefore);
  const earliest = [
    rule.earliestMonthsBack === undefined ? undefined : addMonths(today, -rule.earliestMonthsBack),
    rule.withinLastDays === undefined ? undefined : addDays(today, -(rule.withinLastDays - 1)),
    notBefore ?? undefined,
  ].reduce<string | undefined>((a, b) => (a === undefined || (b !== undefined && b > a) ? b : a), undefined);
  const latest = rule.endByToday ? today : undefined;
  const day = (field: 'from' | 'to') => (
    <DatePickerInput
      label={field === 'from' ? 'From' : 'To'}
      w={160}
      value={value[field]}
      onChange={(d) => d && onChange({ ...value, [field]: d })}
      minDate={earliest}
      maxDate={latest}
      valueFormat="MMM D, YYYY"
      firstDayOfWeek={0}
      ariaLabels={CALENDAR_LABELS}
      leftSection={<IconCalendar size={16} />}
      error={dateRangeError(errors, rule.fields[field])}
      // Above the field, so the filter bars' fields still line up along their bottoms.
      inputWrapperOrder={['label', 'error', 'input']}
      popoverProps={{ withinPortal: true }}
      data-testid={`date-${field}`}
    />
  );
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="date-range" data-from={value.from} data-to={value.to}>
      <Select
        label="Date range"
        w={230}
        data={choices.map((c) => ({ value: c, label: DATE_RANGE_LABELS[c] }))}
        value={choice}
        onChange={(v) => {
          const c = v as DateRangeChoice | null;
          if (!c) return;
          setPicking(!isPreset(c));
          if (isPreset(c)) onChange(fromDay(choiceRange(c, now, timeZone), notBefore));
        }}
        allowDeselect={false}
        description={choice === 'custom' ? undefined : formatDayRange(value)}
        data-testid="date-choice"
      />
      {choice === 'custom' && (
        <>
          {day('from')}
          {day('to')}
        </>
      )}
    </Group>
  );
}
