/**
 * TerritoryStep: the body of the order wizard's territory step (document 001, sections 3–5).
 * Presentational: no machine inside. The wizard renders it and owns the value.
 *
 * Props
 *   value: Territory                 the territory (src/domain/orders/territory.ts); start a new
 *                                    one with emptyTerritory(radius) (radius 90 from the route, 30
 *                                    from a recommended order)
 *   onChange(next: Territory)        every edit, as a whole new value (built with the domain's
 *                                    rules: chooseState, toggleCounty, setRadiusZips, addZips …)
 *   onValidityChange?(issues)        the value's TerritoryIssue[] ([] = valid) after each change; the
 *                                    same as territoryIssues(value), which a machine can call itself
 *   blockedAttempts?: number         raise it when the wizard refuses Next on an invalid territory:
 *                                    each new number shows the first issue as a 15-second warning
 *                                    ('Must have at least one Zip Code selected')
 *   disabled?: boolean               read-only (e.g. while the wizard saves)
 *   tileUrl?: string | null          a map tile URL template; none by default (shapes only)
 *
 * Needs the app's QueryClientProvider and ApiProvider (it looks ZIPs and counties up through
 * src/api/geo). Modes: ZIP list (add / clear / generate modals; 1500 shown, then 50 more at a
 * time), radius around a regional ZIP, a whole state, or counties of a state (map clickable).
 */
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useActingAs, useApi } from '../../../../api/context';
import { ApiError } from '../../../../api/errors';
import { countiesQueryOptions, type StateAbbr } from '../../../../api/geo/get-counties';
import { radiusQueryOptions, useZipList, zipListQueryOptions } from '../../../../api/geo/get-zips';
import { TERRITORY } from '../../../../domain/geo/constants';
import { GEO_MSG, zipLookupFailed } from '../../../../domain/geo/messages';
import { US_STATES } from '../../../../domain/geo/us-states';
import {
  addZips,
  chooseState,
  clearZips,
  enabledZips,
  parseZipList,
  radiusError,
  regionalZipError,
  setRadiusZips,
  switchMode,
  territoryIssues,
  territoryMode,
  toggleAllCounties,
  toggleCounty,
  toggleZip,
  zip5Of,
  zipsShown,
  type Territory,
  type TerritoryIssue,
  type TerritoryMode,
} from '../../../../domain/orders/territory';
import { toast } from '../../../ui/toast';
import { focusIfLost, useFocusThroughBusy } from '../../../ui/use-return-focus';
import { ROVING_LIST_KEYS, useRovingFocus } from '../../../ui/use-roving-focus';

const TerritoryMap = lazy(() => import('../../../ui/territory/TerritoryMap'));

export interface TerritoryStepProps {
  value: Territory;
  onChange: (next: Territory) => void;
  onValidityChange?: (issues: TerritoryIssue[]) => void;
  blockedAttempts?: number;
  disabled?: boolean;
  tileUrl?: string | null;
}

const MODES: { value: TerritoryMode; label: string }[] = [
  { value: 'zips', label: 'ZIP list' },
  { value: 'radius', label: 'Radius' },
  { value: 'state', label: 'State' },
  { value: 'counties', label: 'Counties' },
];

/** The 50 states and DC: the places with ZIP codes an order can cover. */
const STATE_OPTIONS = US_STATES.filter((s) => Number(s.fips) <= 56).map((s) => ({ value: s.abbr, label: s.name }));

/** Stable empties: the map redraws (and re-centres) only when what it shows changes. */
const NO_POINTS: never[] = [];
const NO_COUNTIES: never[] = [];

const warn = (message: string) => toast('warning', message, TERRITORY.zipToastMs);

export function TerritoryStep({ value, onChange, onValidityChange, blockedAttempts = 0, disabled = false, tileUrl }: TerritoryStepProps) {
  const api = useApi();
  const as = useActingAs();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<TerritoryMode>(() => territoryMode(value));
  const [modal, setModal] = useState<'add' | 'clear' | 'generate' | null>(null);
  const [busy, setBusy] = useState(false);
  useFocusThroughBusy(busy);
  const addButton = useRef<HTMLButtonElement>(null);
  const issues = useMemo(() => territoryIssues(value), [value]);

  const validity = useRef(onValidityChange);
  useEffect(() => {
    validity.current = onValidityChange;
  }, [onValidityChange]);
  useEffect(() => {
    validity.current?.(issues);
  }, [issues]);

  // A refused Next: the first issue, for 15 seconds.
  const firstIssue = issues[0]?.message;
  const shownFor = useRef(blockedAttempts);
  useEffect(() => {
    if (blockedAttempts === shownFor.current) return;
    shownFor.current = blockedAttempts;
    if (firstIssue) warn(firstIssue);
  }, [blockedAttempts, firstIssue]);

  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  async function pickState(state: string | null, counties: boolean) {
    if (!state) {
      onChange(chooseState({ ...latest.current, enableCounties: counties }, null, []));
      return;
    }
    setBusy(true);
    try {
      const list = await queryClient.fetchQuery(countiesQueryOptions(api, as, state as StateAbbr));
      onChange(chooseState({ ...latest.current, enableCounties: counties }, state, list));
    } catch (e) {
      warn(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  // A whole state saved without its county list: the list is fetched while the state
  // shows, so that switching to Counties has it at once.
  const stateCounties = useQuery({
    ...countiesQueryOptions(api, as, value.state as StateAbbr),
    enabled: value.state !== null && value.counties.length === 0,
  });

  // The arrow keys on the type control check every type they pass: from Counties to ZIP
  // list they go through State and Radius. Each switch of such a run is made from the
  // territory as it was before the run, so passing through a type loses nothing (a click
  // goes straight there). Any other edit ends the run: the territory is then no longer
  // what the last switch made.
  const switched = useRef<{ from: Territory; made: Territory } | null>(null);

  function changeMode(next: TerritoryMode) {
    setMode(next);
    const run = switched.current;
    const from = run && run.made === latest.current ? run.from : latest.current;
    const listed = stateCounties.data ?? [];
    if (next === 'counties' && from.state && from.counties.length === 0 && listed.length === 0) {
      switched.current = null;
      void pickState(from.state, true);
      return;
    }
    const made = switchMode(from, next, listed);
    switched.current = { from, made };
    if (made === latest.current) return;
    latest.current = made;
    onChange(made);
  }

  async function generate(regionalZip: string, miles: number): Promise<string | null> {
    setBusy(true);
    try {
      const found = await queryClient.fetchQuery(radiusQueryOptions(api, as, regionalZip.trim(), miles));
      if (found.length === 0) {
        warn(zipLookupFailed([regionalZip]));
        return zipLookupFailed([regionalZip]);
      }
      onChange(setRadiusZips(latest.current, regionalZip.trim(), miles, found.map((z) => z.id)));
      return null;
    } catch (e) {
      const message = e instanceof ApiError && (e.status === 422 || e.status === 400) ? GEO_MSG.regionalZipInvalid : zipLookupFailed([regionalZip]);
      warn(message);
      return message;
    } finally {
      setBusy(false);
    }
  }

  async function add(text: string): Promise<string | null> {
    const { zips, invalid } = parseZipList(text);
    if (invalid.length) return `${GEO_MSG.zipFormat}: ${invalid.slice(0, 5).join(', ')}`;
    if (zips.length === 0) return GEO_MSG.noZipSelected;
    setBusy(true);
    try {
      const { found, missing } = await queryClient.fetchQuery(zipListQueryOptions(api, as, zips));
      if (missing.length) warn(zipLookupFailed(missing));
      if (found.length === 0) return zipLookupFailed(missing);
      onChange(addZips(latest.current, found.map((z) => z.id)));
      return null;
    } catch {
      warn(zipLookupFailed(zips));
      return zipLookupFailed(zips);
    } finally {
      setBusy(false);
    }
  }

  const stateMode = mode === 'state' || mode === 'counties';
  const selected = enabledZips(value);
  const showPoints = !stateMode && selected.length > 0;
  const points = useZipList(showPoints ? selected : []);
  const center = useZipList(value.regionalZip && mode === 'radius' ? [zip5Of(value.regionalZip)] : []);
  const c = center.data?.found[0];

  return (
    <Stack gap="md" data-testid="territory-step">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={3}>Territory</Title>
          <Text size="sm" c="dimmed">
            Where your leads come from: a list of ZIP codes, a radius around a ZIP code, a whole state, or counties of a state.
          </Text>
        </div>
        <SegmentedControl aria-label="Territory type" data={MODES} value={mode} onChange={(m) => changeMode(m as TerritoryMode)} disabled={disabled} />
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" radius="md" h="100%">
            {mode === 'zips' && (
              <Stack gap="sm">
                <Text size="sm">Type or paste ZIP codes, or generate them from a radius around a ZIP code.</Text>
                <Text size="sm" c="dimmed">
                  {value.zips.length === 0
                    ? 'The list is empty.'
                    : `${selected.length.toLocaleString('en-US')} of ${value.zips.length.toLocaleString('en-US')} ZIP codes selected. Untick a ZIP code below to leave it out.`}
                </Text>
                <Group gap="xs">
                  <Button ref={addButton} onClick={() => setModal('add')} disabled={disabled}>
                    Add ZIP codes
                  </Button>
                  <Button variant="light" onClick={() => setModal('generate')} disabled={disabled}>
                    Generate from a radius
                  </Button>
                  <Button variant="subtle" color="red" onClick={() => setModal('clear')} disabled={disabled || value.zips.length === 0}>
                    Clear ZIP codes
                  </Button>
                </Group>
              </Stack>
            )}
            {mode === 'radius' && (
              <RadiusForm
                initialZip={value.regionalZip ?? ''}
                initialMiles={value.regionalRadius}
                busy={busy}
                disabled={disabled}
                onSubmit={generate}
                submitLabel="Generate ZIP codes"
              />
            )}
            {stateMode && (
              <StatePanel value={value} mode={mode} busy={busy} disabled={disabled} onPick={(s) => void pickState(s, mode === 'counties')} onChange={onChange} />
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Suspense fallback={<Skeleton h={420} radius="md" />}>
            <TerritoryMap
              state={stateMode ? value.state : null}
              counties={value.state && value.enableCounties ? value.counties : NO_COUNTIES}
              onToggleCounty={disabled || !value.enableCounties ? undefined : (fips) => onChange(toggleCounty(latest.current, fips))}
              circle={mode === 'radius' && c && value.regionalZip ? { latitude: c.latitude, longitude: c.longitude, miles: value.regionalRadius } : null}
              points={showPoints ? (points.data?.found ?? NO_POINTS) : NO_POINTS}
              tileUrl={tileUrl}
              label="Map of the territory"
            />
          </Suspense>
        </Grid.Col>
      </Grid>

      {!(stateMode && !value.enableCounties) && <ZipList value={value} disabled={disabled} onToggle={(id) => onChange(toggleZip(latest.current, id))} />}
      {stateMode && !value.enableCounties && value.state && (
        <Alert color="blue" variant="light">
          The whole state of {STATE_OPTIONS.find((s) => s.value === value.state)?.label ?? value.state}.
        </Alert>
      )}

      <Modal opened={modal === 'add'} onClose={() => setModal(null)} title="Add ZIP codes" centered>
        <AddZipsForm busy={busy} onSubmit={add} onDone={() => setModal(null)} />
      </Modal>
      <Modal opened={modal === 'generate'} onClose={() => setModal(null)} title="Generate ZIP codes" centered>
        <Text size="sm" mb="sm">
          Every ZIP code within the radius replaces the list.
        </Text>
        <RadiusForm
          initialZip={value.regionalZip ?? ''}
          initialMiles={value.regionalRadius}
          busy={busy}
          disabled={disabled}
          onSubmit={async (zip, miles) => {
            const error = await generate(zip, miles);
            if (!error) setModal(null);
            return error;
          }}
          submitLabel="Generate"
        />
      </Modal>
      {/* Cleared, the list's Clear button is disabled and cannot take the focus back: Add ZIP codes takes it. */}
      <Modal opened={modal === 'clear'} onClose={() => setModal(null)} title="Clear ZIP codes" centered onExitTransitionEnd={() => focusIfLost(addButton.current)}>
        <Text size="sm">Remove all {value.zips.length.toLocaleString('en-US')} ZIP codes from the list?</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setModal(null)}>
            Keep them
          </Button>
          <Button
            color="red"
            onClick={() => {
              onChange(clearZips(latest.current));
              setModal(null);
            }}
          >
            Clear
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

function RadiusForm(props: {
  initialZip: string;
  initialMiles: number;
  busy: boolean;
  disabled: boolean;
  submitLabel: string;
  onSubmit: (zip: string, miles: number) => Promise<string | null>;
}) {
  const [zip, setZip] = useState(props.initialZip);
  const [miles, setMiles] = useState<number | string>(props.initialMiles);
  const [zipError, setZipError] = useState<string | null>(null);
  const [milesError, setMilesError] = useState<string | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const z = regionalZipError(zip);
    const m = radiusError(Number(miles));
    setZipError(z);
    setMilesError(m);
    if (z || m) return;
    const error = await props.onSubmit(zip.trim(), Number(miles));
    if (error === GEO_MSG.regionalZipInvalid) setZipError(error);
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Regional ZIP code"
          description="5 digits or ZIP+4"
          value={zip}
          onChange={(e) => setZip(e.currentTarget.value)}
          error={zipError}
          disabled={props.disabled}
          inputMode="numeric"
          maxLength={10}
        />
        <NumberInput
          label="Radius (miles)"
          description={`${TERRITORY.radiusMin} to ${TERRITORY.radiusMax} miles`}
          value={miles}
          onChange={setMiles}
          min={TERRITORY.radiusMin}
          max={TERRITORY.radiusMax}
          step={5}
          clampBehavior="none"
          allowDecimal={false}
          error={milesError}
          disabled={props.disabled}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={props.busy} disabled={props.disabled}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AddZipsForm({ busy, onSubmit, onDone }: { busy: boolean; onSubmit: (text: string) => Promise<string | null>; onDone: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = await onSubmit(text);
    setError(problem);
    if (!problem) onDone();
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Textarea
        label="ZIP codes"
        description="5 digits each, separated by commas"
        placeholder="75201, 75202, 75204"
        autosize
        minRows={4}
        maxRows={12}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
        data-autofocus
      />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={busy} disabled={!text.trim()}>
          Add
        </Button>
      </Group>
    </form>
  );
}

function StatePanel(props: {
  value: Territory;
  mode: TerritoryMode;
  busy: boolean;
  disabled: boolean;
  onPick: (state: string | null) => void;
  onChange: (next: Territory) => void;
}) {
  const { value } = props;
  const enabled = value.counties.filter((c) => c.enabled).length;
  const all = value.counties.length > 0 && enabled === value.counties.length;
  const roving = useRovingFocus<HTMLDivElement>(value.counties.length);
  const keysId = useId();
  const stateName = STATE_OPTIONS.find((s) => s.value === value.state)?.label ?? value.state;
  return (
    <Stack gap="sm">
      <Select
        label="State"
        placeholder="Select a state"
        data={STATE_OPTIONS}
        value={value.state}
        onChange={props.onPick}
        searchable
        clearable
        disabled={props.disabled || props.busy}
        comboboxProps={{ withinPortal: true }}
      />
      {props.mode === 'counties' && value.state && (
        <>
          <Group justify="space-between">
            <Checkbox
              label="Select all counties"
              checked={all}
              indeterminate={enabled > 0 && !all}
              onChange={() => props.onChange(toggleAllCounties(value))}
              disabled={props.disabled}
            />
            <Badge variant="light">
              {enabled} of {value.counties.length} counties
            </Badge>
          </Group>
          <div
            role="group"
            aria-label={`Counties of ${stateName}`}
            aria-describedby={keysId}
            {...roving.listProps}
            style={{ maxHeight: 300, overflowY: 'auto', display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 4 }}
          >
            {value.counties.map((c, i) => (
              <Checkbox
                key={c.fips}
                size="xs"
                label={`${c.county} (${c.totalZips})`}
                tabIndex={roving.tabIndexOf(i)}
                checked={c.enabled}
                onChange={() => props.onChange(toggleCounty(value, c.fips))}
                disabled={props.disabled}
              />
            ))}
          </div>
          <Text size="xs" c="dimmed" id={keysId}>
            Tick a county in the list, or click it on the map, to select or deselect it. {ROVING_LIST_KEYS}
          </Text>
        </>
      )}
      {props.mode === 'state' && !value.state && (
        <Text size="sm" c="dimmed">
          The territory covers the whole state.
        </Text>
      )}
    </Stack>
  );
}

function ZipList({ value, disabled, onToggle }: { value: Territory; disabled: boolean; onToggle: (id: string) => void }) {
  const [pages, setPages] = useState(0);
  const total = value.zips.length;
  const shown = zipsShown(total, pages);
  const selected = value.zips.filter((z) => z.enabled).length;
  const roving = useRovingFocus<HTMLDivElement>(shown);
  const titleId = useId();
  const keysId = useId();
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={4} id={titleId}>
          ZIP codes
        </Title>
        <Text size="sm" c="dimmed" data-testid="zip-count">
          {total === 0 ? 'No ZIP codes yet' : `${selected.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} selected · showing ${shown.toLocaleString('en-US')}`}
        </Text>
      </Group>
      {total === 0 ? (
        <Text size="sm" c="dimmed">
          Add ZIP codes, generate them from a radius, or choose a state's counties.
        </Text>
      ) : (
        <>
          <div
            data-testid="zip-list"
            role="group"
            aria-labelledby={titleId}
            aria-describedby={keysId}
            {...roving.listProps}
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(86px, 1fr))', gap: '2px 8px', maxHeight: 360, overflowY: 'auto' }}
          >
            {value.zips.slice(0, shown).map((z, i) => (
              <label key={z.id} style={{ display: 'flex', alignItems: 'center', gap: 4, fontSize: 13, fontVariantNumeric: 'tabular-nums', opacity: z.enabled ? 1 : 0.55 }}>
                <input type="checkbox" checked={z.enabled} onChange={() => onToggle(z.id)} disabled={disabled} tabIndex={roving.tabIndexOf(i)} />
                {z.id}
              </label>
            ))}
          </div>
          <Text size="xs" c="dimmed" mt={4} id={keysId}>
            {ROVING_LIST_KEYS}
          </Text>
        </>
      )}
      {shown < total && (
        <Group justify="center" mt="sm">
          <Button variant="light" size="xs" onClick={() => setPages((p) => p + 1)}>
            Show {Math.min(TERRITORY.zipPageSize, total - shown)} more
          </Button>
        </Group>
      )}
    </Paper>
  );
}
