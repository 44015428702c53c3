import '@mantine/dates/styles.css';
import { Alert, Button, Fieldset, Group, List, NumberInput, Radio, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ApiError } from '../../../api/errors';
import { useCreatePromotion, type PromotionSaved } from '../../../api/promotions/create-promotion';
import { usePromotionParties } from '../../../api/promotions/list-promotion-parties';
import type { Promotion } from '../../../api/promotions/list-promotions';
import { useUpdatePromotion } from '../../../api/promotions/update-promotion';
import { dollars } from '../../../domain/money/format';
import { burnRateLabel, PARTY_LABELS, PROMO, PROMO_DESIGNED_MSG, PROMO_FIELD_LABELS as L, promotionErrors, RESPONSIBLE_PARTIES, type BurnRateType } from '../../../domain/promotions';
import { toast } from '../../ui/toast';
import { createBodyOf, draftOf, inputOf, patchBodyOf, placeErrors, type CampaignDraft } from './campaign-form';

const CALENDAR_LABELS = { previousMonth: 'Previous month', nextMonth: 'Next month', previousYear: 'Previous year', nextYear: 'Next year', monthLevelControl: 'Show the months of the year', yearLevelControl: 'Show the years of the decade' };
const PARTY_OPTIONS = RESPONSIBLE_PARTIES.map((p) => ({ value: p, label: PARTY_LABELS[p] }));
const RATE_TYPES = [{ value: 'percent', label: 'Percent of the price' }, { value: 'fixed', label: 'Fixed amount' }];

/**
 * The campaign form (document 001 section 5): a new promotion when `promotion` is null,
 * else that promotion's changes. The domain rule's texts show under a field once it was
 * changed or left, and under every field on save; the server's refusals take their place.
 * Without edit permission the fields are read-only (a Radio cannot be: the other parties
 * are disabled); someone who may turn promotions on or
 * off keeps the Active switch.
 */
export function CampaignForm({ promotion, may, onSaved }: {
  promotion: Promotion | null;
  may: { edit: boolean; enable: boolean };
  onSaved(saved: PromotionSaved): void;
}) {
  const form = useForm<CampaignDraft>({ mode: 'controlled', initialValues: draftOf(promotion) });
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [others, setOthers] = useState<string[]>([]);
  const parties = usePromotionParties();
  const create = useCreatePromotion();
  const update = useUpdatePromotion();
  const element = useRef<HTMLFormElement>(null);
  const archived = promotion?.isArchived ?? false;
  const locked = !may.edit || archived;
  const values = form.getValues();

  // The rule runs on every change, so a field whose rule reads another (the end date and
  // the start date, the burn rate and its type) is never left showing a stale verdict.
  const live = placeErrors(may.edit ? promotionErrors(inputOf(values), promotion?.budgetUsed ?? 0) : []).fields;
  const shown = (field: keyof CampaignDraft): string | undefined =>
    (form.errors[field] as string | undefined) ?? (submitted || left.has(field) || form.isDirty(field) ? live[field] : undefined);
  const field = (name: keyof CampaignDraft) => ({
    ...form.getInputProps(name),
    error: shown(name),
    // Read-only rather than disabled: the values stay as readable as an editor sees them.
    readOnly: locked,
    onBlur: () => setLeft((s) => (s.has(name) ? s : new Set(s).add(name))),
  });

  const failed = (e: Error) => {
    const placed = placeErrors(e instanceof ApiError ? e.errors : []);
    form.setErrors(placed.fields);
    setOthers(placed.others.length || Object.keys(placed.fields).length ? placed.others : [e.message]);
    toast('error', e.message);
  };
  const saved = (r: PromotionSaved) => {
    toast('success', r.message);
    form.resetDirty();
    onSaved(r);
  };
  const submit = (d: CampaignDraft) => {
    setSubmitted(true);
    setOthers([]);
    if (Object.keys(live).length) {
      // The first field in error takes the focus, so its message is read and seen.
      window.setTimeout(() => element.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    if (promotion === null) create.mutate(createBodyOf(d, may.enable), { onSuccess: saved, onError: failed });
    else update.mutate({ promotionId: promotion.id, body: patchBodyOf(d, may) }, { onSuccess: saved, onError: failed });
  };

  const party = values.responsibleParty;
  const percent = values.burnRateType === 'percent';
  const rate = inputOf(values).burnRate;
  const choices = (list: Array<{ id: number; name: string }> | undefined) => (list ?? []).map((x) => ({ value: String(x.id), label: x.name }));

  return (
    <form ref={element} noValidate onSubmit={(e) => { e.preventDefault(); submit(form.getValues()); }} data-testid="promotion-form">
      <Stack gap="lg">
        {!may.edit && <Alert color="gray" data-testid="promotion-read-only">{PROMO_DESIGNED_MSG.noEditPermission}</Alert>}
        <Fieldset legend="Campaign">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label={L.name} required maxLength={PROMO.nameMax} {...field('name')} data-testid="promotion-name" style={{ gridColumn: 'span 2' }} />
              <NumberInput label={L.priority} description="Where several promotions could pay for a sale, the lowest number pays"
                min={PROMO.priority.min} max={PROMO.priority.max} clampBehavior="strict" allowDecimal={false} {...field('priority')} data-testid="promotion-priority" />
            </SimpleGrid>
            <Textarea label={L.description} required autosize minRows={2} maxRows={6} maxLength={PROMO.descriptionMax} {...field('description')} data-testid="promotion-description" />
          </Stack>
        </Fieldset>

        <Fieldset legend="Who pays">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Radio.Group label={L.responsibleParty} required {...field('responsibleParty')} data-testid="promotion-party">
              <Group mt={6}>
                {PARTY_OPTIONS.map((o) => <Radio key={o.value} value={o.value} label={o.label} disabled={locked && o.value !== party} data-testid={`promotion-party-${o.value}`} />)}
              </Group>
            </Radio.Group>
            {party === 'regional' && (
              <Select label={L.responsibleRegionId} required searchable placeholder={parties.isPending ? 'Loading the regions…' : 'Pick a region'}
                data={choices(parties.data?.regions)} {...field('responsibleRegionId')} data-testid="promotion-region" />
            )}
            {party === 'vendor' && (
              <Select label={L.responsibleVendorId} required searchable placeholder={parties.isPending ? 'Loading the vendors…' : 'Pick a vendor'}
                data={choices(parties.data?.vendors)} {...field('responsibleVendorId')} data-testid="promotion-vendor" />
            )}
          </SimpleGrid>
          {parties.isError && <Text c="red" size="sm" mt="xs">{parties.error.message}</Text>}
        </Fieldset>

        <Fieldset legend="Burn rate and budget">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <Stack gap={4}>
              <Text size="sm" fw={500}>Burn rate type</Text>
              <SegmentedControl data={RATE_TYPES} value={values.burnRateType} readOnly={locked} aria-label="Burn rate type"
                onChange={(v) => form.setFieldValue('burnRateType', v as BurnRateType)} data-testid="promotion-burn-type" />
            </Stack>
            <NumberInput label={L.burnRate} required hideControls {...field('burnRate')} data-testid="promotion-burn-rate"
              {...(percent ? { decimalScale: PROMO.percentDecimals, placeholder: '0.25' } : { prefix: '$', decimalScale: 2, thousandSeparator: ',', placeholder: '2.50' })}
              description={rate.value !== null && rate.value > 0 && !live.burnRate
                ? `Pays ${burnRateLabel({ type: rate.type, value: rate.value })}${percent ? ' of each sale' : ''}`
                : percent ? 'A decimal share of the sale price: 0.25 pays 25%' : 'Dollars paid on each sale'} />
            <NumberInput label={L.budgetCents} required hideControls prefix="$" decimalScale={2} thousandSeparator="," min={0} placeholder="5,000.00"
              description={promotion ? `${dollars(promotion.budgetUsed)} used so far: the budget cannot go below it` : 'What the responsible party puts up'}
              {...field('budget')} data-testid="promotion-budget" />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Dates">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <DateInput label={L.startDate} description="Empty: it pays as soon as it is active" clearable={!locked} valueFormat="MMM D, YYYY" ariaLabels={CALENDAR_LABELS}
              leftSection={<IconCalendar size={16} />} {...field('startDate')} data-testid="promotion-start" />
            <DateInput label={L.endDate} required description="The last day it pays" valueFormat="MMM D, YYYY" ariaLabels={CALENDAR_LABELS}
              leftSection={<IconCalendar size={16} />} {...field('endDate')} data-testid="promotion-end" />
            <DateInput label={L.enrollmentDeadlineDate} description="Agents may be enrolled until this day" clearable={!locked} valueFormat="MMM D, YYYY" ariaLabels={CALENDAR_LABELS}
              leftSection={<IconCalendar size={16} />} {...field('enrollmentDeadlineDate')} data-testid="promotion-deadline" />
          </SimpleGrid>
        </Fieldset>

        <Switch label="Active" description={may.enable ? 'An inactive promotion pays for no sale' : PROMO_DESIGNED_MSG.noEnablePermission}
          disabled={!may.enable || archived} {...form.getInputProps('isActive', { type: 'checkbox' })} data-testid="promotion-active" />

        {others.length > 0 && (
          <Alert color="red" title="The promotion was not saved" data-testid="promotion-form-errors">
            {others.length === 1 ? others[0] : <List size="sm">{others.map((m) => <List.Item key={m}>{m}</List.Item>)}</List>}
          </Alert>
        )}
        {!archived && (may.edit || may.enable) && (
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="promotion-save">
              {promotion === null ? 'Create promotion' : 'Save changes'}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
