import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { IconAdjustments, IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import {
  AUTO_REFRESH_LABELS, AUTO_REFRESH_MS, LEAD_DATE_CHOICES, LEAD_RANGE, PRODUCT_FILTER_LABELS, VERTICAL_LABELS, type LeadQuery, type ProductFilter,
  type Vertical,
} from '../../../domain/leads/filters';
import { LEADS_MSG } from '../../../domain/leads/messages';
import { RETURN_STATUS_LABELS, RETURN_STATUSES, type ReturnStatus } from '../../../domain/leads/tabs';
import { STATES, VERTICALS } from '../../../domain/lookups';
import { useClock, useTimeZone } from '../../app/clock';
import { DateRangeSelect } from '../../ui/DateRangeSelect';

/** The filter bar of lead search: each change becomes the address (deep-linkable). */
export function LeadFilters({ query, products, refreshMs, exporting, onChange, onRefresh, onCustom, onExport }: {
  query: LeadQuery;
  products: ProductFilter[];
  refreshMs: number;
  exporting: boolean;
  onChange: (patch: Partial<LeadQuery>) => void;
  onRefresh: (ms: number) => void;
  onCustom: () => void;
  onExport: () => void;
}) {
  const [term, setTerm] = useState(query.term ?? '');
  const clock = useClock();
  const zone = useTimeZone();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="lead-filters">
      <DateRangeSelect value={{ from: query.dateFrom, to: query.dateTo }} onChange={(r) => onChange({ dateFrom: r.from, dateTo: r.to })}
        rule={LEAD_RANGE} choices={LEAD_DATE_CHOICES} now={clock.now()} timeZone={zone} />
      <MultiSelect
        label="States"
        w={200}
        placeholder={query.states.length ? undefined : LEADS_MSG.allStates}
        data={STATES.map((s) => ({ value: s.code, label: `${s.code} · ${s.name}` }))}
        value={query.states}
        onChange={(states) => onChange({ states: [...states].sort() })}
        searchable
        clearable
        maxDropdownHeight={260}
        data-testid="filter-states"
      />
      <Select
        label="Vertical"
        w={140}
        data={[{ value: '', label: LEADS_MSG.allVerticals }, ...VERTICALS.map((v) => ({ value: v, label: VERTICAL_LABELS[v] }))]}
        value={query.vertical ?? ''}
        onChange={(v) => onChange({ vertical: (v || null) as Vertical | null })}
        allowDeselect={false}
        data-testid="filter-vertical"
      />
      <Select
        label="Product"
        w={140}
        data={[{ value: '', label: LEADS_MSG.allProducts }, ...products.map((p) => ({ value: p, label: PRODUCT_FILTER_LABELS[p] }))]}
        value={query.product ?? ''}
        onChange={(v) => onChange({ product: (v || null) as ProductFilter | null })}
        allowDeselect={false}
        data-testid="filter-product"
      />
      <Select
        label="Return status"
        w={160}
        data={[{ value: '', label: 'Any' }, ...RETURN_STATUSES.map((s) => ({ value: s, label: RETURN_STATUS_LABELS[s] }))]}
        value={query.returnStatus ?? ''}
        onChange={(v) => onChange({ returnStatus: (v || null) as ReturnStatus | null })}
        allowDeselect={false}
        data-testid="filter-return-status"
      />
      <TextInput
        label="Search"
        w={200}
        placeholder="Name, email, phone or id"
        leftSection={<IconSearch size={16} />}
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onChange({ term: term.trim() || null });
        }}
        data-testid="filter-term"
      />
      <Button variant={query.custom ? 'filled' : 'default'} leftSection={<IconAdjustments size={16} />} onClick={onCustom} data-testid="open-custom-search">
        {query.custom ? 'Custom search on' : 'Custom search'}
      </Button>
      <Select
        label="Auto-refresh"
        w={160}
        data={AUTO_REFRESH_MS.map((ms) => ({ value: String(ms), label: AUTO_REFRESH_LABELS[ms] }))}
        value={String(refreshMs)}
        onChange={(v) => onRefresh(Number(v ?? 0))}
        allowDeselect={false}
        data-testid="filter-refresh"
      />
      <Button variant="light" leftSection={<IconDownload size={16} />} loading={exporting} onClick={onExport} data-testid="export-leads">
        Export CSV
      </Button>
    </Group>
  );
}
