import '@mantine/dates/styles.css';
import {
  Alert, Button, Checkbox, Fieldset, Group, Input, List, Modal, NumberInput, Radio, ScrollArea, Select, SimpleGrid, Skeleton, Slider, Stack, Switch, Text, TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/errors';
import { useCreateListOrder } from '../../../api/lists/create-list-order';
import { useListOrder } from '../../../api/lists/get-list-order';
import { useStateCounties } from '../../../api/lists/state-counties';
import { useUpdateListOrder } from '../../../api/lists/update-list-order';
import { US_STATES } from '../../../domain/geo/us-states';
import {
  ANY, cloneListOrder, LIST, LIST_CRM_LABELS, LIST_CRMS, LIST_DESIGNED_MSG, LIST_MSG, listOrderCreated, listOrderErrors, listOrderUpdated, maxQuantity, parseEmails,
  radiusCeiling, RANGE_FILTERS, setNextRunDate, VALUE_FILTERS, type ListCounty, type ListDelivery, type ListFilter, type ListTerritory,
} from '../../../domain/lists';
import type { FieldError } from '../../../domain/field-error';
import { toast } from '../../ui/toast';
import { bodyOf, draftOf, emptyDraft, errorsByField, FORM_FIELDS, inputOf, inputOfDraft, RANGE_NAMES, VALUE_NAMES, type ListOrderDraft } from './order-form';

/** What opened the form: a new order (perhaps prefilled), or an existing order to edit or clone. */
export type FormRequest =
  | { kind: 'new'; name?: string; quantity?: number | null }
  | { kind: 'edit'; orderId: number; focus?: 'delivery' }
  | { kind: 'clone'; orderId: number };

const CALENDAR_LABELS = { previousMonth: 'Previous month', nextMonth: 'Next month', previousYear: 'Previous year', nextYear: 'Next year', monthLevelControl: 'Show the months of the year', yearLevelControl: 'Show the years of the decade' };
const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.abbr, label: s.name }));
const numberOrNull = (v: string | number): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * A next run date set (setNextRunDate fills the quantity and frequency); designed: an order
 * without a start date starts its schedule that day, as the server schedules only orders
 * that have one.
 */
const scheduleFrom = (d: ListDelivery, day: string | null): ListDelivery => {
  const next = setNextRunDate(d, day);
  return day !== null && next.startDate === null ? { ...next, startDate: day } : next;
};

/** The list-order form (document 001 sections 3 to 5) in a wide dialog: new, edit and clone. */
export function ListOrderForm({ request, opened, onClose }: { request: FormRequest | null; opened: boolean; onClose(): void }) {
  const title = !request || request.kind !== 'edit' ? 'New list order' : 'Edit list order';
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={960} padding="lg" data-testid="list-order-form">
      {request && <FormLoader request={request} onDone={onClose} />}
    </Modal>
  );
}

function FormLoader({ request, onDone }: { request: FormRequest; onDone(): void }) {
  const order = useListOrder(request.kind === 'new' ? null : request.orderId);
  if (request.kind === 'new') {
    const draft = emptyDraft();
    return <Editor initial={{ ...draft, name: request.name ?? '', quantity: request.quantity ?? draft.quantity }} orderId={null} onDone={onDone} />;
  }
  if (order.isError) return <Alert color="red" title="The order did not load">{order.error.message}</Alert>;
  if (!order.data) return <Stack gap="md" aria-label="Loading the order">{[0, 1, 2].map((i) => <Skeleton key={i} h={120} />)}</Stack>;
  const input = inputOf(order.data);
  return request.kind === 'edit' ? (
    <Editor initial={draftOf(input)} orderId={request.orderId} focus={request.focus} onDone={onDone} />
  ) : (
    <Editor initial={draftOf(cloneListOrder(input))} orderId={null} onDone={onDone} />
  );
}

function Editor({ initial, orderId, focus, onDone }: { initial: ListOrderDraft; orderId: number | null; focus?: 'delivery'; onDone(): void }) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [others, setOthers] = useState<string[]>([]);
  const create = useCreateListOrder();
  const update = useUpdateListOrder();
  const form = useRef<HTMLFormElement>(null);
  const delivery = useRef<HTMLFieldSetElement>(null);
  const nextRun = useRef<HTMLInputElement>(null);
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (focus !== 'delivery') return;
    // After the dialog's entrance: scroll the delivery section into view and put the cursor on its next run date.
    const t = window.setTimeout(() => {
      delivery.current?.scrollIntoView({ block: 'start' });
      nextRun.current?.focus({ preventScroll: true });
    }, 250);
    return () => window.clearTimeout(t);
  }, [focus]);

  /** Change the draft; the errors of the fields touched go away. */
  const change = (fields: string[], next: (d: ListOrderDraft) => ListOrderDraft) => {
    setDraft(next);
    if (fields.some((f) => errors[f])) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k))));
  };
  const setTerritory = (fields: string[], part: Partial<ListTerritory>) => change(['territory', ...fields], (d) => ({ ...d, territory: { ...d.territory, ...part } }));
  const setDelivery = (fields: string[], next: (d: ListDelivery) => ListDelivery) => change(fields, (d) => ({ ...d, delivery: next(d.delivery) }));
  const setFilter = (f: ListFilter) => change([`filter.${f.name}`], (d) => ({ ...d, filters: d.filters.map((x) => (x.name === f.name ? f : x)) }));
  const filter = (name: string) => draft.filters.find((f) => f.name === name)!;
  const err = (field: string) => errors[field];

  const show = (found: readonly FieldError[], sent: ReturnType<typeof inputOfDraft>) => {
    const byField = errorsByField(found, sent);
    setErrors(byField);
    setOthers(Object.entries(byField).filter(([f]) => !FORM_FIELDS.includes(f)).map(([, m]) => m));
    // The first field in error takes the focus, so its message is read and seen.
    window.setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  };

  const submit = () => {
    const input = inputOfDraft(draft, parseEmails);
    const found = listOrderErrors(input);
    setOthers([]);
    if (found.length) return show(found, input);
    const body = bodyOf(input);
    const onError = (e: Error) => {
      toast('error', orderId === null ? LIST_DESIGNED_MSG.errorCreatingOrder : LIST_DESIGNED_MSG.errorUpdatingOrder);
      const fieldErrors = e instanceof ApiError ? e.errors : [];
      if (fieldErrors.length) show(fieldErrors, input);
      else setOthers([LIST_MSG.modalFailed]);
    };
    if (orderId === null)
      create.mutate(body, { onSuccess: (r) => { toast('success', listOrderCreated(r.order.name)); onDone(); }, onError });
    else update.mutate({ orderId, body }, { onSuccess: (r) => { toast('success', listOrderUpdated(r.order.name)); onDone(); }, onError });
  };

  const t = draft.territory;
  const d = draft.delivery;
  const max = maxQuantity(draft.scrubbing.callableOnly);

  return (
    <form ref={form} noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <Stack gap="lg">
        <Fieldset legend="Order">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Name" required data-autofocus maxLength={200} value={draft.name} error={err('name')}
              onChange={(e) => { const name = e.currentTarget.value; change(['name'], (x) => ({ ...x, name })); }} data-testid="order-name" />
            <NumberInput label="Records per list" required min={1} max={max} allowDecimal={false} thousandSeparator="," value={Number.isNaN(draft.quantity) ? '' : draft.quantity}
              description={`At most ${max.toLocaleString('en-US')}${draft.scrubbing.callableOnly ? ' for callable-only lists' : ''}`}
              error={err('quantity')} onChange={(v) => change(['quantity'], (x) => ({ ...x, quantity: numberOrNull(v) ?? Number.NaN }))} data-testid="order-quantity" />
            <Switch label="Active" description="An inactive order makes no lists" mt="lg" checked={draft.status === 'active'} error={err('status')}
              onChange={(e) => { const active = e.currentTarget.checked; change(['status'], (x) => ({ ...x, status: active ? 'active' : 'inactive' })); }} data-testid="order-active" />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Who is on the list">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {RANGE_NAMES.map((name) => {
              const f = filter(name);
              const r = RANGE_FILTERS[name];
              return (
                <Input.Wrapper key={name} label={r.label} error={err(`filter.${name}`)} description={`Leave empty for any (${r.floor.toLocaleString('en-US')}–${r.ceiling.toLocaleString('en-US')})`}>
                  <Group grow gap="xs" mt={4}>
                    <NumberInput aria-label={`${r.label}: from`} placeholder="From" min={r.floor} max={r.ceiling} allowDecimal={false} thousandSeparator="," value={f.min ?? ''}
                      onChange={(v) => setFilter({ ...f, min: numberOrNull(v) })} data-testid={`filter-${name}-min`} />
                    <NumberInput aria-label={`${r.label}: to`} placeholder="To" min={r.floor} max={r.ceiling} allowDecimal={false} thousandSeparator="," value={f.max ?? ''}
                      onChange={(v) => setFilter({ ...f, max: numberOrNull(v) })} data-testid={`filter-${name}-max`} />
                  </Group>
                </Input.Wrapper>
              );
            })}
            {VALUE_NAMES.map((name) => {
              const f = filter(name);
              const v = VALUE_FILTERS[name];
              return (
                <Select key={name} label={v.label} allowDeselect={false} value={f.value ?? ANY} error={err(`filter.${name}`)}
                  data={[{ value: ANY, label: 'Any' }, ...v.choices.map((c) => ({ value: c.value, label: c.label }))]}
                  onChange={(value) => setFilter({ ...f, value: value ?? ANY })} data-testid={`filter-${name}`} />
              );
            })}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Territory">
          <Stack gap="md">
            <Radio.Group label="Draw the leads from" value={t.geoType} onChange={(v) => setTerritory(['territory.geoType'], { geoType: v as 'zip' | 'state' })}>
              <Group mt={6}>
                <Radio value="zip" label="Around a ZIP code" data-testid="geo-zip" />
                <Radio value="state" label="A state" data-testid="geo-state" />
              </Group>
            </Radio.Group>
            {t.geoType === 'zip' ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                <TextInput label="ZIP code" description="5 digits, or ZIP+4" placeholder="60614" maxLength={10} value={t.regionalZip ?? ''}
                  error={err('territory.regionalZip') ?? err('territory')}
                  onChange={(e) => setTerritory(['territory.regionalZip'], { regionalZip: e.currentTarget.value })} data-testid="territory-zip" />
                <Input.Wrapper label={`Radius: ${t.regionalRadius} miles`} error={err('territory.regionalRadius')}>
                  <Slider mt="sm" mb="lg" min={LIST.radius.floor} max={radiusCeiling(t.regionalRadius)} value={t.regionalRadius} thumbLabel="Radius in miles"
                    marks={[{ value: LIST.radius.floor, label: `${LIST.radius.floor} mi` }, { value: radiusCeiling(t.regionalRadius), label: `${radiusCeiling(t.regionalRadius)} mi` }]}
                    onChange={(r) => setTerritory(['territory.regionalRadius'], { regionalRadius: r })} data-testid="territory-radius" />
                </Input.Wrapper>
              </SimpleGrid>
            ) : (
              <StateTerritory territory={t} error={err('territory.state') ?? err('territory')} countiesError={err('territory.counties')}
                onChange={(part) => setTerritory(['territory.state', 'territory.counties'], part)} />
            )}
          </Stack>
        </Fieldset>

        <Fieldset legend="Scrubbing">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <Switch label="Callable only" description={`Only consumers with a phone number that can be called (at most ${LIST.maxCallableOnly} records)`}
              checked={draft.scrubbing.callableOnly} error={err('scrubbing.callableOnly')}
              onChange={(e) => { const on = e.currentTarget.checked; change(['scrubbing.callableOnly', 'quantity', 'delivery.quantity'], (x) => ({ ...x, scrubbing: { ...x.scrubbing, callableOnly: on } })); }}
              data-testid="scrub-callable" />
            <Switch label="Do not call" description={LIST_DESIGNED_MSG.dncAlwaysOn} checked disabled error={err('scrubbing.doNotCall')} data-testid="scrub-dnc" />
            <Switch label="Existing customers" description="Leave out consumers your company already bought" checked={draft.scrubbing.existingCustomer}
              onChange={(e) => { const on = e.currentTarget.checked; change(['scrubbing.existingCustomer'], (x) => ({ ...x, scrubbing: { ...x.scrubbing, existingCustomer: on } })); }}
              data-testid="scrub-existing" />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Delivery" ref={delivery} data-testid="delivery-section">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              <DateInput label="Start date" description="Scheduled lists start on this day" placeholder="Not scheduled" clearable valueFormat="MMM D, YYYY"
                ariaLabels={CALENDAR_LABELS} leftSection={<IconCalendar size={16} />} value={d.startDate} error={err('delivery.startDate')}
                onChange={(v) => setDelivery(['delivery.startDate', 'delivery.nextRunDate'], (x) => ({ ...x, startDate: v }))} data-testid="delivery-start" />
              <Input.Wrapper label="Next run date" description="Sets the quantity and frequency when empty" error={err('delivery.nextRunDate')}>
                <Group gap="xs" wrap="nowrap" mt={4}>
                  <DateInput ref={nextRun} aria-label="Next run date" placeholder="Not set" valueFormat="MMM D, YYYY" style={{ flex: 1 }} ariaLabels={CALENDAR_LABELS}
                    leftSection={<IconCalendar size={16} />} value={d.nextRunDate} error={!!err('delivery.nextRunDate')}
                    onChange={(v) => setDelivery(['delivery.nextRunDate', 'delivery.frequency', 'delivery.quantity', 'delivery.startDate'], (x) => scheduleFrom(x, v))}
                    data-testid="delivery-next" />
                  <Button variant="default" disabled={!d.nextRunDate && d.quantity === null && d.frequency === null}
                    onClick={() => setDelivery(['delivery.nextRunDate', 'delivery.frequency', 'delivery.quantity'], (x) => setNextRunDate(x, null))} data-testid="delivery-reset">
                    Reset
                  </Button>
                </Group>
              </Input.Wrapper>
              <Switch label="Exclude weekends" description="A run due on a Saturday or Sunday moves to Monday" mt="lg" checked={d.excludeWeekends}
                onChange={(e) => { const on = e.currentTarget.checked; setDelivery(['delivery.excludeWeekends'], (x) => ({ ...x, excludeWeekends: on })); }} />
              <NumberInput label="Every (days)" min={1} max={LIST.maxFrequency} allowDecimal={false} value={d.frequency ?? ''} error={err('delivery.frequency')}
                onChange={(v) => setDelivery(['delivery.frequency'], (x) => ({ ...x, frequency: numberOrNull(v) }))} data-testid="delivery-frequency" />
              <NumberInput label="Records per scheduled list" min={1} max={max} allowDecimal={false} thousandSeparator="," value={d.quantity ?? ''} error={err('delivery.quantity')}
                onChange={(v) => setDelivery(['delivery.quantity'], (x) => ({ ...x, quantity: numberOrNull(v) }))} data-testid="delivery-quantity" />
            </SimpleGrid>
            <TextInput label="Email the lists to" description={`Addresses separated by commas, at most ${LIST.maxEmails}`} placeholder="me@agency.com, partner@agency.com"
              value={draft.emailsText} error={err('delivery.crms.emails')}
              onChange={(e) => { const emailsText = e.currentTarget.value; change(['delivery.crms.emails'], (x) => ({ ...x, emailsText })); }} data-testid="delivery-emails" />
            <Input.Wrapper label="Send the lists to your CRMs">
              <Group mt={6} gap="xl">
                {LIST_CRMS.map((crm) => (
                  <Switch key={crm} label={LIST_CRM_LABELS[crm]} checked={d.crms[crm]}
                    onChange={(e) => { const on = e.currentTarget.checked; setDelivery([], (x) => ({ ...x, crms: { ...x.crms, [crm]: on } })); }} data-testid={`crm-${crm}`} />
                ))}
              </Group>
            </Input.Wrapper>
          </Stack>
        </Fieldset>

        {others.length > 0 && (
          <Alert color="red" title="The order was not saved" data-testid="form-errors">
            {others.length === 1 ? others[0] : <List size="sm">{others.map((m) => <List.Item key={m}>{m}</List.Item>)}</List>}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Cancel</Button>
          <Button type="submit" loading={saving} data-testid="order-save">{orderId === null ? 'Create order' : 'Save changes'}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A state and its counties as checkboxes (all of them at first); none chosen means the whole state, as all of them do. */
function StateTerritory({ territory, error, countiesError, onChange }: {
  territory: ListTerritory;
  error?: string;
  countiesError?: string;
  onChange(part: Partial<ListTerritory>): void;
}) {
  const state = territory.state;
  const counties = useStateCounties(state);
  const loaded = counties.data;
  // The state's counties, each enabled as the order had it (all of them for a state just chosen).
  useEffect(() => {
    if (!loaded || !state) return;
    const had = new Map(territory.counties.map((c) => [c.fips, c.enabled]));
    const mine = territory.counties.length > 0 && territory.counties.every((c) => loaded.some((l) => l.fips === c.fips));
    if (mine && territory.counties.length === loaded.length) return;
    onChange({ counties: loaded.map((c) => ({ fips: c.fips, county: c.county, enabled: mine ? (had.get(c.fips) ?? false) : true })) });
    // Only a new answer (a new state) rewrites the counties.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, state]);
  const all = (enabled: boolean) => onChange({ counties: territory.counties.map((c) => ({ ...c, enabled })) });
  const toggle = (c: ListCounty, enabled: boolean) => onChange({ counties: territory.counties.map((x) => (x.fips === c.fips ? { ...x, enabled } : x)) });
  const on = territory.counties.filter((c) => c.enabled).length;
  return (
    <Stack gap="sm">
      <Select label="State" placeholder="Pick a state" searchable w={{ base: '100%', sm: 320 }} data={STATE_OPTIONS} value={state} error={error}
        onChange={(v) => onChange({ state: v, counties: [] })} data-testid="territory-state" />
      {state && (counties.isError ? (
        <Alert color="red" title="The counties did not load">{counties.error.message}</Alert>
      ) : !loaded || territory.counties.length === 0 ? (
        <Skeleton h={160} aria-label="Loading the counties" />
      ) : (
        <Input.Wrapper label={`Counties: ${on} of ${territory.counties.length}`} error={countiesError}>
          <Group gap="xs" my={6}>
            <Button size="compact-xs" variant="light" onClick={() => all(true)}>Select all</Button>
            <Button size="compact-xs" variant="light" onClick={() => all(false)}>Select none</Button>
          </Group>
          <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing={6} data-testid="territory-counties">
              {territory.counties.map((c) => (
                <Checkbox key={c.fips} label={c.county} checked={c.enabled} onChange={(e) => toggle(c, e.currentTarget.checked)} size="xs" />
              ))}
            </SimpleGrid>
          </ScrollArea.Autosize>
          {on === 0 && <Text size="xs" c="dimmed" mt={4}>No county chosen: the list draws from the whole state.</Text>}
        </Input.Wrapper>
      ))}
    </Stack>
  );
}
