import { Button, Chip, Group, Select } from '@mantine/core';
import { LEADS_MSG } from '../../../domain/leads/messages';
import { VERTICAL_LABELS } from '../../../domain/orders/types';
import { PAGE_SIZES } from '../../../domain/page-sizes';
import { RETURN_RANGE, RETURN_STATUS_LABELS, type ReturnStatus } from '../../../domain/returns/status';
import type { DayRange } from '../../../domain/time/range';
import { DateRangeSelect } from '../../ui/DateRangeSelect';

export interface FilterState {
  range: DayRange;
  vertical: 'autoins' | 'homeins' | null;
  statuses: ReturnStatus[];
  pageSize: number;
}

interface Props {
  value: FilterState;
  /** The clock's now and the user's zone: what "this month" is. */
  now: Date;
  timeZone: string;
  /** The status filters this role may use (the dispute ones for admins only). */
  offered: readonly ReturnStatus[];
  exporting: boolean;
  onChange: (part: Partial<FilterState>) => void;
  onExport: () => void;
}

/** Return management's filters: date range, vertical, return statuses, page size, and the export. */
export function ReturnFilters({ value, now, timeZone, offered, exporting, onChange, onExport }: Props) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DateRangeSelect value={value.range} onChange={(range) => onChange({ range })} rule={RETURN_RANGE} now={now} timeZone={timeZone} />
        <Select
          label="Vertical"
          w={180}
          data={[{ value: 'all', label: LEADS_MSG.allVerticals }, ...(['autoins', 'homeins'] as const).map((v) => ({ value: v, label: VERTICAL_LABELS[v] }))]}
          value={value.vertical ?? 'all'}
          onChange={(v) => onChange({ vertical: v === 'autoins' || v === 'homeins' ? v : null })}
          allowDeselect={false}
          data-testid="returns-vertical"
        />
        <Select
          label="Per page"
          w={100}
          data={PAGE_SIZES.map(String)}
          value={String(value.pageSize)}
          onChange={(v) => onChange({ pageSize: Number(v) })}
          allowDeselect={false}
          data-testid="returns-page-size"
        />
      </Group>
      <Group gap="xs" align="center" wrap="wrap">
        <Chip.Group multiple value={value.statuses} onChange={(v) => onChange({ statuses: v as ReturnStatus[] })}>
          {offered.map((s) => (
            <Chip key={s} value={s} size="sm" data-testid={`returns-status-${s}`}>
              {RETURN_STATUS_LABELS[s]}
            </Chip>
          ))}
        </Chip.Group>
        <Button variant="light" onClick={onExport} loading={exporting} data-testid="returns-export">
          Export CSV
        </Button>
      </Group>
    </Group>
  );
}
