import { Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isIsoDay } from '../../domain/time/days';
import { DATE_PRESET_LABELS, DATE_PRESETS, presetOf, presetRange, type DatePreset } from '../../domain/leads/filters';

const CUSTOM = 'custom';

/**
 * The date presets of the lead and call lists (today, yesterday, this week, this month,
 * last month, last 10 days) or a custom range: a preset's days, or the two day inputs.
 */
export function DateRangeFilter({ from, to, today, onChange }: { from: string; to: string; today: string;
  onChange: (range: { from?: string; to?: string }) => void }) {
  const preset = presetOf({ dateFrom: from, dateTo: to }, today);
  const [customRange, setCustomRange] = useState(preset === null);
  const showDates = customRange || preset === null;
  return (
    <>
      <Select
        label="Date range"
        w={150}
        data={[...DATE_PRESETS.map((p) => ({ value: p, label: DATE_PRESET_LABELS[p] })), { value: CUSTOM, label: 'Custom range' }]}
        value={showDates ? CUSTOM : preset}
        onChange={(v) => {
          if (!v) return;
          if (v === CUSTOM) return setCustomRange(true);
          setCustomRange(false);
          const r = presetRange(v as DatePreset, today);
          onChange({ from: r.dateFrom, to: r.dateTo });
        }}
        allowDeselect={false}
        data-testid="filter-preset"
      />
      {showDates && (
        <>
          <TextInput type="date" label="From" w={150} value={from} max={to}
            onChange={(e) => isIsoDay(e.currentTarget.value) && onChange({ from: e.currentTarget.value })} data-testid="filter-from" />
          <TextInput type="date" label="To" w={150} value={to} min={from}
            onChange={(e) => isIsoDay(e.currentTarget.value) && onChange({ to: e.currentTarget.value })} data-testid="filter-to" />
        </>
      )}
    </>
  );
}
