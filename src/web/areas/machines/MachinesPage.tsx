import { Alert, Badge, Box, Group, Loader, NavLink, Paper, ScrollArea, Switch, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { MACHINES } from '../../../../machines/index';
import { chartOf, entered, type Chart } from '../../../../machines/workbench/chart';
import type { Drawing } from '../../../../machines/workbench/layout';
import { liveActors, subscribeLive } from '../../ui/live-actors';
import { ChartCanvas, type Highlight } from './ChartCanvas';
import { drawingFor, type LayoutSource } from './layout-client';
import { StatePanel, type Playback } from './StatePanel';

type Name = keyof typeof MACHINES;
/** When a machine was chosen (read in the click handler; a draw is timed from it). */
const clickTime = () => performance.now();
const NAMES = Object.keys(MACHINES) as Name[];

/** Every chart is read once per page: the machines do not change while it is open. */
const charts = new Map<Name, Chart>();
const chartNamed = (name: Name) => {
  if (!charts.has(name)) charts.set(name, chartOf(MACHINES[name].machine));
  return charts.get(name)!;
};

/**
 * /machines, the statechart workbench: every machine of machines/index.ts drawn from its
 * definition (laid out by ELK in a worker), a state's details and the shortest way to it,
 * played step by step, and the live states of this tab's running actors.
 */
export default function MachinesPage() {
  const [name, setName] = useState<Name>(NAMES[0]);
  const chart = chartNamed(name);
  const [result, setResult] = useState<{ name: Name; drawing?: Drawing; layoutMs?: number; source?: LayoutSource; error?: string } | null>(null);
  const [drawMs, setDrawMs] = useState<number | null>(null);
  const started = useRef(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [playback, setPlayback] = useState<Playback | null>(null);
  const [follow, setFollow] = useState(true);
  const live = useSyncExternalStore(subscribeLive, liveActors);
  const running = live.find((a) => a.machine === chart.id) ?? null;

  useEffect(() => {
    let current = true;
    // The time runs from the click that chose the machine (or from here on the first one).
    if (!started.current) started.current = performance.now();
    const forceElk = new URLSearchParams(window.location.search).get('layout') === 'elk';
    drawingFor(name, chart, { forceElk })
      .then(({ drawing, ms, source }) => current && setResult({ name, drawing, source, layoutMs: Math.round(ms) }))
      .catch((e: Error) => current && setResult({ name, error: e.message }));
    return () => {
      current = false;
    };
  }, [chart, name]);

  const onDrawn = useCallback(() => {
    setDrawMs(Math.round(performance.now() - started.current));
    started.current = 0;
  }, []);

  const choose = (next: Name) => {
    if (next === name) return;
    started.current = clickTime();
    setName(next);
    setSelected(null);
    setPlayback(null);
    setDrawMs(null);
  };

  const highlight: Highlight = useMemo(() => {
    if (playback) {
      const step = playback.path.steps[playback.at - 1];
      return {
        active: step ? step.active : playback.path.start,
        selected,
        path: playback.path.steps.slice(0, playback.at).map((s) => s.transition.id),
      };
    }
    if (follow && running) return { active: running.active, selected, path: [] };
    return { active: [], selected, path: [] };
  }, [playback, follow, running, selected]);

  const shown = result?.name === name ? (result.drawing ?? null) : null;
  const error = result?.name === name ? (result.error ?? null) : null;
  const rest = useMemo(() => entered(chart, chart.root).filter((id) => id !== chart.root), [chart]);

  return (
    <Box style={{ display: 'grid', gridTemplateColumns: '240px minmax(0, 1fr) 340px', gap: 'var(--mantine-spacing-md)', height: 'calc(100vh - 88px)' }}>
      <Paper withBorder radius="md" p="sm" style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <Title order={2} size="h4" px={6}>
          Statecharts
        </Title>
        <Text size="xs" c="dimmed" px={6} mb="xs">
          The app&apos;s workflows, drawn from the machines it runs.
        </Text>
        <ScrollArea style={{ flex: 1 }}>
          {NAMES.map((n) => (
            <NavLink
              key={n}
              component="button"
              active={n === name}
              onClick={() => choose(n)}
              data-machine={n}
              label={MACHINES[n].title}
              description={MACHINES[n].description}
              rightSection={live.some((a) => a.machine === MACHINES[n].machine.id) ? <Badge size="xs" color="green" variant="light">live</Badge> : null}
              styles={{ description: { whiteSpace: 'normal' } }}
            />
          ))}
        </ScrollArea>
      </Paper>

      <Paper withBorder radius="md" style={{ display: 'flex', flexDirection: 'column', minHeight: 0, overflow: 'hidden' }}>
        <Group justify="space-between" px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} wrap="nowrap">
          <div>
            <Title order={3} size="h5">
              {MACHINES[name].title} <Text span c="dimmed" size="sm" ff="monospace">{chart.id}</Text>
            </Title>
            <Text size="xs" c="dimmed">
              {chart.order.length - 1} states · {chart.transitions.length} transitions
              {drawMs !== null && shown ? ` · ${result?.source === 'elk' ? 'laid out by ELK and drawn' : 'drawn'} in ${drawMs} ms` : ''}
            </Text>
          </div>
          <Switch
            size="sm"
            checked={follow}
            onChange={(e) => setFollow(e.currentTarget.checked)}
            label={running ? 'Follow live' : 'Not running here'}
            disabled={!running}
            data-testid="follow"
          />
        </Group>
        <div style={{ flex: 1, minHeight: 0 }} data-testid="chart-area" data-draw-ms={drawMs ?? undefined} data-layout-ms={shown ? result?.layoutMs : undefined} data-layout-source={shown ? result?.source : undefined} data-machine={shown ? name : undefined}>
          {error && (
            <Alert color="red" m="md" title="The chart could not be laid out">
              {error}
            </Alert>
          )}
          {!error && !shown && (
            <Group justify="center" h="100%">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                Laying out {MACHINES[name].title}…
              </Text>
            </Group>
          )}
          {shown && <ChartCanvas drawing={shown} highlight={highlight} onSelect={setSelected} onDrawn={onDrawn} />}
        </div>
        <Legend />
      </Paper>

      <Paper withBorder radius="md" p="md" style={{ minHeight: 0, overflow: 'auto' }}>
        <StatePanel
          chart={chart}
          selected={selected}
          onSelect={setSelected}
          playback={playback}
          onPlayback={setPlayback}
          live={follow && running ? running.active : null}
          rest={rest}
        />
      </Paper>
    </Box>
  );
}

function Legend() {
  const item = (swatch: ReactNode, text: string) => (
    <Group gap={6} wrap="nowrap">
      {swatch}
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    </Group>
  );
  const box = (style: CSSProperties) => <span style={{ display: 'inline-block', width: 14, height: 10, borderRadius: 3, border: '1.5px solid #495057', ...style }} />;
  return (
    <Group gap="md" px="md" py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      {item(<span style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: '#212529' }} />, 'initial')}
      {item(box({ outline: '1px solid #495057', outlineOffset: -4 }), 'final')}
      {item(box({ borderStyle: 'dashed' }), 'parallel region')}
      {item(box({ borderColor: '#2f9e44', background: '#ebfbee', borderWidth: 2.5 }), 'active')}
      {item(<span style={{ display: 'inline-block', width: 18, borderTop: '2.5px solid #e8590c' }} />, 'path played')}
      {item(<span style={{ display: 'inline-block', width: 18, borderTop: '1.5px dashed #868e96' }} />, 'delayed (after …)')}
      <Text size="xs" c="dimmed">
        Labels: event [guard] / actions · drag to pan, wheel to zoom, click a state
      </Text>
    </Group>
  );
}
