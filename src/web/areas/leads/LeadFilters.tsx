import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { IconAdjustments, IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { isIsoDay } from '../../../domain/billing/dates';
import {
  AUTO_REFRESH_LABELS, AUTO_REFRESH_MS, DATE_PRESET_LABELS, DATE_PRESETS, PRODUCT_FILTER_LABELS, presetOf, presetRange, VERTICAL_LABELS,
  type DatePreset, type LeadQuery, type ProductFilter, type Vertical,
} from '../../../domain/leads/filters';
import { LEADS_MSG } from '../../../domain/leads/messages';
import { RETURN_STATUS_LABELS, RETURN_STATUSES, type ReturnStatus } from '../../../domain/leads/tabs';
import { STATES, VERTICALS } from '../../../domain/lookups';

const CUSTOM = 'custom';

/** The filter bar of lead search: each change becomes the address (deep-linkable). */
export function LeadFilters({ query, today, products, refreshMs, exporting, onChange, onRefresh, onCustom, onExport }: {
  query: LeadQuery;
  today: string;
  products: ProductFilter[];
  refreshMs: number;
  exporting: boolean;
  onChange: (patch: Partial<LeadQuery>) => void;
  onRefresh: (ms: number) => void;
  onCustom: () => void;
  onExport: () => void;
}) {
  const preset = presetOf(query, today);
  const [customRange, setCustomRange] = useState(preset === null);
  const [term, setTerm] = useState(query.term ?? '');
  const showDates = customRange || preset === null;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="lead-filters">
      <Select
        label="Date range"
        w={150}
        data={[...DATE_PRESETS.map((p) => ({ value: p, label: DATE_PRESET_LABELS[p] })), { value: CUSTOM, label: 'Custom range' }]}
        value={showDates ? CUSTOM : preset}
        onChange={(v) => {
          if (!v) return;
          if (v === CUSTOM) return setCustomRange(true);
          setCustomRange(false);
          onChange(presetRange(v as DatePreset, today));
        }}
        allowDeselect={false}
        data-testid="filter-preset"
      />
      {showDates && (
        <>
          <TextInput type="date" label="From" w={150} value={query.dateFrom} max={query.dateTo}
            onChange={(e) => isIsoDay(e.currentTarget.value) && onChange({ dateFrom: e.currentTarget.value })} data-testid="filter-from" />
          <TextInput type="date" label="To" w={150} value={query.dateTo} min={query.dateFrom}
            onChange={(e) => isIsoDay(e.currentTarget.value) && onChange({ dateTo: e.currentTarget.value })} data-testid="filter-to" />
        </>
      )}
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
