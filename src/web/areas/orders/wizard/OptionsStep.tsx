import { Alert, Card, Checkbox, Chip, Grid, Group, NumberInput, RangeSlider, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { EstimateTarget } from '../../../../api/orders/cost-estimate';
import { bidRange, needsWithdrawalConfirmation } from '../../../../domain/orders/bids';
import { BILLABLE_DURATIONS, concurrencyFromText } from '../../../../domain/orders/call-options';
import { capsAfterEntry } from '../../../../domain/orders/caps';
import {
  AGE,
  FILTERS_OF,
  FILTER_LABELS,
  GROWTH_AGE_RANGES,
  HOME_AGE,
  HOME_VALUE,
  HOUSING,
  HOUSING_LABELS,
  INCOME,
  MONTHS,
  MONTH_LABELS,
  VEHICLE_COUNTS,
  YEARS_AT_RESIDENCE,
  ageShown,
  incomeShown,
  incomeStored,
} from '../../../../domain/orders/filters';
import { canEditCaps, canEditQuestions, canSetCustomPrice, isGrowthPackage, showsMatchPremiumSources } from '../../../../domain/orders/packages';
import type { Caps, FieldError, OrderFilters, OrderPackage, OrderSettings, Range, SettingsPatch, Viewer } from '../../../../domain/orders/types';
import { BiddingContextNote, CostEstimateCard } from './MarketPanel';
import { dollars, dollarsShort } from '../../../../domain/money/format';

interface Props {
  pkg: OrderPackage;
  viewer: Viewer;
  value: OrderSettings;
  errors: FieldError[];
  onChange: (patch: SettingsPatch) => void;
  readOnly: boolean;
  /** The saved draft or order the cost estimate reads. */
  estimateTarget: EstimateTarget | null;
}

const errorOf = (errors: FieldError[], ...fields: string[]) => errors.find((e) => fields.some((f) => e.field === f || e.field.startsWith(`${f}.`)))?.message;
/** A dollar entry as cents; an empty or unreadable entry is no value. */
const toCents = (v: string | number): number | null => {
  const n = typeof v === 'number' ? v : v.trim() === '' ? NaN : Number(v);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
};

/** The options step: filters, questions, caps, the bid and, for calls, concurrency and billable duration. */
export function OptionsStep({ pkg, viewer, value, errors, onChange, readOnly, estimateTarget }: Props) {
  const capsEditable = !readOnly && canEditCaps(pkg, viewer);
  const growth = isGrowthPackage(pkg);
  const range = bidRange(pkg);
  const age = ageShown(value.filters.age);
  const setCap = (which: keyof Caps) => (v: string | number) => {
    if (typeof v === 'number' && Number.isFinite(v)) onChange({ caps: capsAfterEntry(which, Math.round(v), pkg) });
  };
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Title order={4} mb="sm">
          Caps
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {(['daily', 'weekly', 'monthly'] as const).map((k) => (
            <NumberInput key={k} label={`${k[0].toUpperCase()}${k.slice(1)} cap`} value={value.caps[k]} onChange={setCap(k)} min={0} allowDecimal={false}
              disabled={!capsEditable} error={errorOf(errors, `caps.${k}`)} />
          ))}
        </SimpleGrid>
        {!capsEditable && (
          <Text size="sm" c="dimmed" mt="xs">
            Caps of this order are set by your account manager.
          </Text>
        )}
        {errorOf(errors, 'caps') && !errors.some((e) => /^caps\./.test(e.field)) && <Text c="red" size="sm">{errorOf(errors, 'caps')}</Text>}
      </Card>

      <Card withBorder padding="lg">
        <Title order={4} mb="sm">
          Bid
        </Title>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NumberInput label="Maximum bid" description={`From ${dollars(range.min)} to ${dollars(range.max)}`} prefix="$" decimalScale={2} step={0.25} min={0}
              value={value.maxBidCents === null ? '' : value.maxBidCents / 100} onChange={(v) => onChange({ maxBidCents: toCents(v) })} disabled={readOnly}
              error={errorOf(errors, 'maxBidCents')} />
            <BiddingContextNote territory={value.territory} vertical={pkg.vertical} product={pkg.product} bidCents={value.maxBidCents} />
          </Grid.Col>
          {(pkg.isCustomPriced || canSetCustomPrice(viewer)) && (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NumberInput label="Custom price" description="At most $100; raises the maximum bid to match" prefix="$" decimalScale={2} min={0}
                value={value.customPriceCents === null ? '' : value.customPriceCents / 100} onChange={(v) => onChange({ customPriceCents: toCents(v) })}
                disabled={readOnly || !canSetCustomPrice(viewer)} error={errorOf(errors, 'customPriceCents')} />
            </Grid.Col>
          )}
        </Grid>
        {needsWithdrawalConfirmation(value.maxBidCents, viewer.withdrawalAmountCents) && (
          <Checkbox mt="md" checked={value.withdrawalConfirmed} onChange={(e) => onChange({ withdrawalConfirmed: e.currentTarget.checked })} disabled={readOnly}
            label={`My maximum bid is above my withdrawal amount of ${dollars(viewer.withdrawalAmountCents)}`} error={errorOf(errors, 'withdrawalConfirmed')} />
        )}
        {showsMatchPremiumSources(pkg, viewer) && (
          <Checkbox mt="md" checked={value.matchPremiumSources} onChange={(e) => onChange({ matchPremiumSources: e.currentTarget.checked })} label="Match premium sources" disabled={readOnly} />
        )}
      </Card>

      {estimateTarget && <CostEstimateCard target={estimateTarget} pkg={pkg} value={value} />}

      {pkg.product === 'calls' && (
        <Card withBorder padding="lg">
          <Title order={4} mb="sm">
            Calls
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Concurrent calls" description="Digits only, at least 1" inputMode="numeric" value={value.maxConcurrentCalls?.toString() ?? ''}
              onChange={(e) => onChange({ maxConcurrentCalls: concurrencyFromText(e.currentTarget.value) })} disabled={readOnly} error={errorOf(errors, 'maxConcurrentCalls')} />
            <Select label="Billable call duration" data={BILLABLE_DURATIONS.map((s) => ({ value: String(s), label: `${s} seconds` }))}
              value={value.billableCallDuration?.toString() ?? null} onChange={(v) => onChange({ billableCallDuration: v ? Number(v) : null })} disabled={readOnly}
              error={errorOf(errors, 'billableCallDuration')} allowDeselect={false} />
          </SimpleGrid>
        </Card>
      )}

      <Card withBorder padding="lg">
        <Title order={4} mb="sm">
          Filters
        </Title>
        <Stack gap="xl">
          <div>
            <Text size="sm" fw={500} mb={6}>
              Age {age[0]}–{age[1]}
            </Text>
            {growth ? (
              <SegmentedControl value={`${age[0]}-${age[1]}`} disabled={readOnly}
                data={GROWTH_AGE_RANGES.map(([a, b]) => `${a}-${b}`)} onChange={(v) => onChange({ filters: { ...value.filters, age: v.split('-').map(Number) as [number, number] } })} />
            ) : (
              <RangeSlider min={AGE.min} max={AGE.max} minRange={0} value={[age[0], age[1] ?? AGE.max]} disabled={readOnly} label={(v) => v}
                onChange={(v) => onChange({ filters: { ...value.filters, age: v } })} />
            )}
            {errorOf(errors, 'filters.age') && <Text c="red" size="sm">{errorOf(errors, 'filters.age')}</Text>}
          </div>
          <div>
            <Text size="sm" fw={500} mb={6}>
              <span data-testid="income-range">Income {dollarsShort(incomeShown(value.filters.income)[0] * 100)} to {value.filters.income[1] === null ? 'no limit' : dollarsShort(incomeShown(value.filters.income)[1] * 100)}</span>
            </Text>
            <RangeSlider min={INCOME.min} max={INCOME.max} step={INCOME.step} minRange={0} value={incomeShown(value.filters.income)} disabled={readOnly}
              label={(v) => (v >= INCOME.max ? 'No limit' : dollarsShort(v * 100))} onChange={(v) => onChange({ filters: { ...value.filters, income: incomeStored(v) } })} />
          </div>
          <VerticalFilters pkg={pkg} filters={value.filters} errors={errors} readOnly={readOnly} onChange={(filters) => onChange({ filters })} />
          <Checkbox label="Homeowners only" checked={value.filters.homeownerOnly} disabled={readOnly}
            onChange={(e) => onChange({ filters: { ...value.filters, homeownerOnly: e.currentTarget.checked } })} />
        </Stack>
      </Card>

      {pkg.questions.length > 0 && (
        <Card withBorder padding="lg">
          <Title order={4} mb="sm">
            Questions
          </Title>
          {!canEditQuestions(viewer) && (
            <Alert variant="light" mb="sm">
              An admin sets the answers to these questions.
            </Alert>
          )}
          {pkg.questions.map((q) => (
            <Select key={q.id} label={q.text} data={q.options} disabled={readOnly || !canEditQuestions(viewer)} allowDeselect={false}
              value={value.questions.find((a) => a.id === q.id)?.value ?? null}
              onChange={(v) => onChange({ questions: pkg.questions.map((x) => ({ id: x.id, value: x.id === q.id ? (v ?? '') : (value.questions.find((a) => a.id === x.id)?.value ?? '') })) })} />
          ))}
        </Card>
      )}
    </Stack>
  );
}

/** A range whose top means "no limit" (stored as null). */
const openTop = ([min, max]: [number, number], top: number): Range => [min, max >= top ? null : max];
const shownTop = ([min, max]: Range, top: number): [number, number] => [min, max ?? top];

/** The filters of this package's vertical besides age and income (document 001 section 2, options). */
function VerticalFilters({ pkg, filters, errors, readOnly, onChange }: { pkg: OrderPackage; filters: OrderFilters; errors: FieldError[]; readOnly: boolean; onChange: (f: OrderFilters) => void }) {
  const shown = FILTERS_OF[pkg.vertical];
  const set = <K extends keyof OrderFilters>(k: K, v: OrderFilters[K]) => onChange({ ...filters, [k]: v });
  const err = (k: keyof OrderFilters) => {
    const m = errorOf(errors, `filters.${k}`);
    return m ? <Text c="red" size="sm">{m}</Text> : null;
  };
  const label = (k: keyof OrderFilters, extra: string) => (
    <Text size="sm" fw={500} mb={6}>
      {FILTER_LABELS[k]} {extra}
    </Text>
  );
  const chips = <K extends 'vehicles' | 'housing' | 'insuranceMonth'>(k: K, options: ReadonlyArray<{ value: string; label: string }>, parse: (s: string) => OrderFilters[K][number]) => (
    <div>
      {label(k, filters[k].length ? '' : '(any)')}
      <Chip.Group multiple value={(filters[k] as Array<string | number>).map(String)} onChange={(v) => set(k, v.map(parse) as OrderFilters[K])}>
        <Group gap={6} role="group" aria-label={FILTER_LABELS[k]}>
          {options.map((o) => (
            <Chip key={o.value} value={o.value} size="xs" disabled={readOnly}>
              {o.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {err(k)}
    </div>
  );
  const range = (k: 'homeValue' | 'homeAge' | 'yearsAtResidence', b: { min: number; max: number; step?: number }, fmt: (n: number) => string) => {
    const v = shownTop(filters[k], b.max);
    return (
      <div>
        {label(k, `${fmt(v[0])} to ${filters[k][1] === null ? 'no limit' : fmt(v[1])}`)}
        <RangeSlider min={b.min} max={b.max} step={b.step ?? 1} minRange={0} value={v} disabled={readOnly} label={(n) => (n >= b.max ? 'No limit' : fmt(n))}
          onChange={(x) => set(k, openTop(x, b.max))} aria-label={FILTER_LABELS[k]} />
        {err(k)}
      </div>
    );
  };
  return (
    <>
      {shown.includes('vehicles') && chips('vehicles', VEHICLE_COUNTS.map((n) => ({ value: String(n), label: n === 4 ? '4 or more' : String(n) })), Number)}
      {shown.includes('housing') && chips('housing', HOUSING.map((h) => ({ value: h, label: HOUSING_LABELS[h] })), (x) => x)}
      {shown.includes('insuranceMonth') && chips('insuranceMonth', MONTHS.map((m) => ({ value: String(m), label: MONTH_LABELS[m - 1] })), Number)}
      {shown.includes('homeValue') && range('homeValue', HOME_VALUE, (n) => dollarsShort(n * 100))}
      {shown.includes('homeAge') && range('homeAge', HOME_AGE, (n) => `${n} years`)}
      {shown.includes('yearsAtResidence') && range('yearsAtResidence', YEARS_AT_RESIDENCE, (n) => `${n} years`)}
    </>
  );
}
