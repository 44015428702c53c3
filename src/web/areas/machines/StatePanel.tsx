import { ActionIcon, Badge, Button, Code, Divider, Group, List, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconPlayerStop, IconPlayerTrackNext, IconPlayerTrackPrev } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { lineage, shortestPathTo, transitionLabel, type Chart, type ChartTransition } from '../../../../machines/workbench/chart';

export interface Playback {
  target: string;
  path: NonNullable<ReturnType<typeof shortestPathTo>>;
  /** Steps taken so far (0: at the start). */
  at: number;
  playing: boolean;
}

/** How long a played step stays on screen. */
const STEP_MS = 900;

const short = (chart: Chart, id: string) => (id === chart.root ? chart.root : id.slice(chart.root.length + 1));

function TransitionLine({ chart, t }: { chart: Chart; t: ChartTransition }) {
  return (
    <Text size="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>
      {transitionLabel(t)}
      {t.targets.length ? (
        <Text span c="dimmed" ff="monospace" size="sm">
          {' → '}
          {t.targets.map((x) => short(chart, x)).join(', ')}
        </Text>
      ) : (
        <Text span c="dimmed" size="xs">
          {' '}
          (stays)
        </Text>
      )}
    </Text>
  );
}

/** The selected state's details, the shortest way to it and its playback; the live states otherwise. */
export function StatePanel({
  chart,
  selected,
  onSelect,
  playback,
  onPlayback,
  live,
  rest,
}: {
  chart: Chart;
  selected: string | null;
  onSelect: (id: string | null) => void;
  playback: Playback | null;
  onPlayback: (p: Playback | null) => void;
  live: readonly string[] | null;
  rest: readonly string[];
}) {
  const state = selected ? chart.states[selected] : null;
  const path = useMemo(() => (selected ? shortestPathTo(chart, selected) : null), [chart, selected]);

  // Playing: one step every STEP_MS until the end.
  useEffect(() => {
    if (!playback?.playing) return;
    if (playback.at >= playback.path.steps.length) {
      onPlayback({ ...playback, playing: false });
      return;
    }
    const id = setTimeout(() => onPlayback({ ...playback, at: playback.at + 1 }), STEP_MS);
    return () => clearTimeout(id);
  }, [playback, onPlayback]);

  if (!state) {
    return (
      <Stack gap="sm">
        <Title order={3} size="h5">
          No state selected
        </Title>
        <Text size="sm" c="dimmed">
          Click a state in the drawing to see its entry and exit actions, its transitions and the shortest event path that reaches it, and to
          play that path step by step.
        </Text>
        <Divider />
        <Text size="sm" fw={600}>
          Where it starts
        </Text>
        <List size="sm" spacing={2}>
          {rest.map((id) => (
            <List.Item key={id}>
              <Code>{short(chart, id)}</Code>
            </List.Item>
          ))}
        </List>
        <Text size="sm" fw={600}>
          Live in this tab
        </Text>
        {live ? (
          <Stack gap={2} data-testid="live-states">
            {live
              .filter((id) => id !== chart.root)
              .map((id) => (
                <Code key={id}>{short(chart, id)}</Code>
              ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No {chart.id} actor runs in this tab right now (or following is off).
          </Text>
        )}
      </Stack>
    );
  }

  const own = chart.transitions.filter((t) => t.source === state.id);
  const inherited = lineage(chart, state.id)
    .slice(1)
    .flatMap((a) => chart.transitions.filter((t) => t.source === a));
  const playing = playback?.target === state.id ? playback : null;

  return (
    <Stack gap="sm" data-testid="state-panel">
      <div>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Title order={3} size="h5" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {short(chart, state.id)}
          </Title>
          <Badge variant="light" color="gray">
            {state.type}
          </Badge>
        </Group>
        {state.tags.length > 0 && (
          <Group gap={4} mt={4}>
            {state.tags.map((t) => (
              <Badge key={t} size="sm" variant="outline">
                #{t}
              </Badge>
            ))}
          </Group>
        )}
      </div>
      <Detail title="Entry actions" items={state.entry} />
      <Detail title="Exit actions" items={state.exit} />
      {state.invoke.length > 0 && <Detail title="Invokes" items={state.invoke} />}
      <div>
        <Text size="sm" fw={600} mb={4}>
          Outgoing transitions
        </Text>
        {own.length === 0 && inherited.length === 0 && (
          <Text size="sm" c="dimmed">
            None: {state.type === 'final' ? 'a final state.' : 'it leaves only with an enclosing state.'}
          </Text>
        )}
        <Stack gap={4} data-testid="outgoing">
          {own.map((t) => (
            <TransitionLine key={t.id} chart={chart} t={t} />
          ))}
        </Stack>
        {inherited.length > 0 && (
          <>
            <Text size="xs" c="dimmed" mt="xs" mb={2}>
              From the enclosing states
            </Text>
            <Stack gap={4}>
              {inherited.map((t) => (
                <TransitionLine key={t.id} chart={chart} t={t} />
              ))}
            </Stack>
          </>
        )}
      </div>
      <Divider />
      <div>
        <Group justify="space-between" mb={4}>
          <Text size="sm" fw={600}>
            Shortest event path
          </Text>
          {path && path.steps.length > 0 && (
            <Group gap={4}>
              <Tooltip label="Step back">
                <ActionIcon
                  variant="default"
                  aria-label="Step back"
                  disabled={!playing || playing.at === 0}
                  onClick={() => playing && onPlayback({ ...playing, at: playing.at - 1, playing: false })}
                >
                  <IconPlayerTrackPrev size={16} />
                </ActionIcon>
              </Tooltip>
              {playing?.playing ? (
                <Button size="compact-sm" leftSection={<IconPlayerPause size={14} />} onClick={() => onPlayback({ ...playing, playing: false })}>
                  Pause
                </Button>
              ) : (
                <Button
                  size="compact-sm"
                  leftSection={<IconPlayerPlay size={14} />}
                  onClick={() =>
                    onPlayback({ target: state.id, path, at: playing && playing.at < path.steps.length ? playing.at : 0, playing: true })
                  }
                >
                  Play
                </Button>
              )}
              <Tooltip label="Step">
                <ActionIcon
                  variant="default"
                  aria-label="Step"
                  disabled={!!playing && playing.at >= path.steps.length}
                  onClick={() => onPlayback({ target: state.id, path, at: (playing?.at ?? 0) + 1, playing: false })}
                >
                  <IconPlayerTrackNext size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Stop">
                <ActionIcon variant="default" aria-label="Stop" disabled={!playing} onClick={() => onPlayback(null)}>
                  <IconPlayerStop size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
        {!path && <Text size="sm" c="dimmed">No transition leads here from the start.</Text>}
        {path && path.steps.length === 0 && <Text size="sm" c="dimmed">The machine starts here.</Text>}
        {path && path.steps.length > 0 && (
          <Stack gap={4} data-testid="path-steps">
            <Text size="sm" c={playing && playing.at === 0 ? 'orange' : 'dimmed'} fw={playing && playing.at === 0 ? 600 : 400}>
              start in {path.start.filter((id) => chart.states[id].children.length === 0).map((id) => short(chart, id)).join(', ')}
            </Text>
            {path.steps.map((s, i) => {
              const current = playing?.at === i + 1;
              const done = playing ? i < playing.at : false;
              return (
                <Text
                  key={s.transition.id}
                  size="sm"
                  ff="monospace"
                  c={current ? 'orange' : done ? 'dark' : 'dimmed'}
                  fw={current ? 700 : 400}
                  data-current={current || undefined}
                  style={{ cursor: 'pointer' }}
                  onClick={() => onPlayback({ target: state.id, path, at: i + 1, playing: false })}
                >
                  {i + 1}. {transitionLabel(s.transition)} → {s.transition.targets.map((x) => short(chart, x)).join(', ')}
                </Text>
              );
            })}
            <Text size="xs" c="dimmed" mt={4}>
              Read from the drawing: each guard is taken as labelled, context is not evaluated. The generated paths the tests run: npm run
              machines:paths -- {chart.id}.
            </Text>
          </Stack>
        )}
      </div>
      <Button variant="subtle" size="compact-sm" onClick={() => onSelect(null)}>
        Clear the selection
      </Button>
    </Stack>
  );
}

function Detail({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {items.length ? (
        <Text size="sm" ff="monospace">
          {items.join(', ')}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          none
        </Text>
      )}
    </div>
  );
}
