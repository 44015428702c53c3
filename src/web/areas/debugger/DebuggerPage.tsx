import { Alert, Badge, Button, Code, Group, Paper, PasswordInput, SegmentedControl, SimpleGrid, Skeleton, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { useLocation } from 'wouter';
import { pingPostActors } from '../../../../machines/pingPost.actors';
import { pingPostMachine, pingPostView, type PingPostEvent } from '../../../../machines/pingPost.machine';
import type { ApiClient } from '../../../api/client';
import { useApi } from '../../../api/context';
import { useIssueVendorApi } from '../../../api/debugger/issue-vendor-api';
import { useVendorApis } from '../../../api/debugger/list-vendor-apis';
import { useSampleLead } from '../../../api/debugger/get-sample-lead';
import { basicAuthorization } from '../../../domain/debugger/paths';
import { callBody, DEBUG_SCREENS, pingBody, postBody, type DebugScreen } from '../../../domain/debugger/requests';

type Actor = ActorRefFrom<typeof pingPostMachine>;
/** One debugger per signed-in client: the stored ping and call ids outlive a change of tab. */
const actors = new WeakMap<ApiClient, Actor>();
function debuggerActor(api: ApiClient): Actor {
  let actor = actors.get(api);
  if (!actor) {
    actor = createActor(pingPostMachine.provide({ actors: pingPostActors(api) })).start();
    actors.set(api, actor);
  }
  return actor;
}
/** The token the vendor typed or was just issued, for this page's life in the tab. */
let rememberedToken = '';

type Step = 'first' | 'second';
/** What each screen sends: its one event, or two steps (ping then post). */
const STEPS: Record<DebugScreen, { first: PingPostEvent['type']; second?: PingPostEvent['type']; labels: [string, string?] }> = {
  'post-lead': { first: 'POST', labels: ['Post'] },
  'ping-lead': { first: 'PING', labels: ['Ping'] },
  'pingpost-lead': { first: 'PING', second: 'PINGPOST', labels: ['1. Ping', '2. Post to the latest ping id'] },
  'ping-call': { first: 'MATCH_CALL', labels: ['Ping call'] },
  'pingpost-call': { first: 'MATCH_CALL', second: 'POST_CALL', labels: ['1. Ping call', '2. Post to the latest call id'] },
};

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

function bodyFor(type: PingPostEvent['type'], sample: { vertical: string; lead: Record<string, unknown> } | undefined): unknown {
  if (!sample) return {};
  const at = new Date(String(sample.lead.insert_date));
  if (type === 'PING') return pingBody(sample.vertical, sample.lead, at);
  if (type === 'POST' || type === 'PINGPOST') return postBody(sample.vertical, sample.lead, at);
  if (type === 'MATCH_CALL') return callBody(sample.vertical, sample.lead, at);
  return { caller_id: sample.lead.home_phone };
}

/**
 * The vendor API debugger (document 002): five tabs, a sample lead to start from, the
 * vendor's sales token, and the request and the response side by side. The request is
 * editable; it goes to the real /v2 path through POST /debug/proxy. The ping-post
 * statechart (machines/pingPost.machine.ts) keeps the ping and call ids.
 */
export default function DebuggerPage() {
  const api = useApi();
  const [location, navigate] = useLocation();
  const screen = DEBUG_SCREENS.find((s) => s.path === location)?.screen ?? 'post-lead';
  const actor = debuggerActor(api);
  const snap = useSyncExternalStore(
    (changed) => {
      const sub = actor.subscribe(changed);
      return () => sub.unsubscribe();
    },
    () => actor.getSnapshot(),
  );
  const view = pingPostView(snap);

  const [vertical, setVertical] = useState<'auto' | 'home'>('auto');
  const [draw, setDraw] = useState(0);
  const sample = useSampleLead(vertical, draw);
  const apis = useVendorApis();
  const issue = useIssueVendorApi();
  const [token, setToken] = useState(rememberedToken);
  const [issued, setIssued] = useState<string | null>(null);
  // The step of a two-step screen; a change of screen starts at its first step.
  const [stepOf, setStepOf] = useState<{ screen: DebugScreen; step: Step }>({ screen, step: 'first' });
  const step: Step = stepOf.screen === screen ? stepOf.step : 'first';
  const setStep = (next: Step) => setStepOf({ screen, step: next });
  const steps = STEPS[screen];
  const type = step === 'second' && steps.second ? steps.second : steps.first;

  const headersText = useMemo(() => pretty(token ? { authorization: basicAuthorization(token) } : {}), [token]);
  // Edits hold while what they were made on stays: a new token or sample starts afresh.
  const bodyText = useMemo(() => pretty(bodyFor(type, sample.data)), [type, sample.data]);
  const [headersEdit, setHeadersEdit] = useState<{ of: string; text: string } | null>(null);
  const [bodyEdit, setBodyEdit] = useState<{ of: string; text: string } | null>(null);
  const headers = headersEdit?.of === headersText ? headersEdit.text : headersText;
  const body = bodyEdit?.of === bodyText ? bodyEdit.text : bodyText;
  const setHeaders = (text: string) => setHeadersEdit({ of: headersText, text });
  const setBody = (text: string) => setBodyEdit({ of: bodyText, text });
  const [inputError, setInputError] = useState<string | null>(null);

  const chooseToken = (t: string) => {
    rememberedToken = t;
    setToken(t);
  };

  function send() {
    let h: unknown;
    let b: unknown;
    try {
      h = JSON.parse(headers);
      b = JSON.parse(body);
    } catch {
      setInputError('The headers and the body must be JSON objects.');
      return;
    }
    if (!h || typeof h !== 'object' || Array.isArray(h) || !b || typeof b !== 'object' || Array.isArray(b)) {
      setInputError('The headers and the body must be JSON objects.');
      return;
    }
    setInputError(null);
    actor.send({ type, headers: h as Record<string, string>, body: b as Record<string, unknown> });
    // After a ping, the two-step screens move on to the post.
    if (steps.second && step === 'first') setStep('second');
  }

  const nextPath =
    type === 'PINGPOST' ? (view.latestPingId ? `/v2/pingpost/${view.latestPingId}` : '/v2/pingpost/{pingId}')
    : type === 'POST_CALL' ? (view.latestCallId ? `/v2/calls/post/${view.latestCallId}` : '/v2/calls/post/{callId}')
    : { PING: '/v2/ping', POST: '/v2/post', MATCH_CALL: '/v2/calls/match' }[type];
  const answer = view.answer;
  const ok = answer && answer.status < 300;

  return (
    <Stack gap="md" w="100%">
      <Title order={1} fz="h2">
        API Debugger
      </Title>
      <Tabs value={screen} onChange={(v) => v && navigate(DEBUG_SCREENS.find((s) => s.screen === v)!.path)}>
        <Tabs.List aria-label="API Debugger">
          {DEBUG_SCREENS.map((s) => (
            <Tabs.Tab key={s.screen} value={s.screen}>
              {s.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Sample lead
            </Text>
            <Group gap="xs">
              <SegmentedControl value={vertical} onChange={(v) => setVertical(v as 'auto' | 'home')} data={[{ value: 'auto', label: 'Auto' }, { value: 'home', label: 'Home' }]} aria-label="Vertical" />
              <Button variant="default" onClick={() => setDraw((d) => d + 1)} loading={sample.isFetching}>
                New sample lead
              </Button>
            </Group>
          </Stack>
          <PasswordInput
            label="Sales API token"
            description={apis.data ? `${apis.data.apis.length} live token(s)${apis.data.apis[0]?.hint ? `, latest ends in ${apis.data.apis[0].hint}` : ''}` : 'Loading your tokens…'}
            placeholder="Paste your sales token"
            value={token}
            onChange={(e) => chooseToken(e.currentTarget.value.trim())}
            style={{ flex: 1, minWidth: 260 }}
          />
          <Button
            variant="light"
            loading={issue.isPending}
            onClick={() =>
              issue.mutate(undefined, {
                onSuccess: (r) => {
                  if (r.token) {
                    chooseToken(r.token);
                    setIssued(r.token);
                  }
                },
              })
            }
          >
            Issue a new token
          </Button>
        </Group>
        {issued && (
          <Alert mt="sm" color="green" title="New sales token" withCloseButton onClose={() => setIssued(null)}>
            <Text size="sm">This is the only time it is shown; it is already in use above. Keep it somewhere safe:</Text>
            <Code block mt={4} data-testid="issued-token">
              {issued}
            </Code>
          </Alert>
        )}
        {issue.error && (
          <Alert mt="sm" color="red">
            {issue.error.message}
          </Alert>
        )}
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} fz="h4">
                Request
              </Title>
              <Group gap="xs">
                <Badge variant="light" color={view.latestPingId ? 'indigo' : 'gray'}>
                  {`Ping ids stored: ${view.storedPingIds}`}
                </Badge>
                <Badge variant="light" color={view.latestCallId ? 'indigo' : 'gray'}>
                  {`Call ids stored: ${view.storedCallIds}`}
                </Badge>
              </Group>
            </Group>
            {steps.second && (
              <SegmentedControl
                value={step}
                onChange={(v) => setStep(v as Step)}
                data={[{ value: 'first', label: steps.labels[0] }, { value: 'second', label: steps.labels[1]! }]}
                aria-label="Step"
              />
            )}
            <Text size="sm">
              <Badge variant="outline" mr="xs">
                POST
              </Badge>
              <Code data-testid="request-path">{nextPath}</Code>
            </Text>
            <Textarea label="Headers" value={headers} onChange={(e) => setHeaders(e.currentTarget.value)} autosize minRows={3} maxRows={6} styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }} />
            {sample.isPending ? (
              <Skeleton h={240} />
            ) : (
              <Textarea label="Body" value={body} onChange={(e) => setBody(e.currentTarget.value)} autosize minRows={10} maxRows={24} styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }} />
            )}
            {inputError && (
              <Alert color="red" variant="light">
                {inputError}
              </Alert>
            )}
            <Group>
              <Button onClick={send} loading={view.busy} disabled={!token}>
                {`Send: ${steps.labels[step === 'second' && steps.second ? 1 : 0]}`}
              </Button>
              {!token && (
                <Text size="sm" c="dimmed">
                  Paste or issue a sales token first.
                </Text>
              )}
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder p="md" radius="md" aria-label="Response">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} fz="h4">
                Response
              </Title>
              {answer && (
                <Group gap="xs">
                  <Badge color={ok ? 'green' : 'red'} data-testid="response-status">
                    {answer.status}
                  </Badge>
                  <Text size="xs" c="dimmed">{`${answer.durationMs} ms`}</Text>
                </Group>
              )}
            </Group>
            {view.error && (
              <Alert color="red" variant="light" data-testid="debugger-error">
                {view.error}
              </Alert>
            )}
            {view.busy && <Skeleton h={200} />}
            {!view.busy && !answer && !view.error && (
              <Text c="dimmed" size="sm">
                Send a request to see the vendor API&apos;s answer here.
              </Text>
            )}
            {answer && view.sent && (
              <>
                <Text size="xs" c="dimmed">{`POST ${view.sent.path}`}</Text>
                <Code block>{pretty(answer.headers)}</Code>
                <Code block data-testid="response-body" style={{ maxHeight: 480, overflow: 'auto' }}>
                  {pretty(answer.body)}
                </Code>
              </>
            )}
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
