import { Alert, Badge, Button, Code, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { pingPostActors } from '../../../../machines/pingPost.actors';
import { callPostPath, pingPostMachine, pingPostPath, pingPostView, type PingPostEvent } from '../../../../machines/pingPost.machine';
import { useSampleLead } from '../../../api/debugger/get-sample-lead';
import { useVendorApis } from '../../../api/debugger/list-vendor-apis';
import { DEBUGGER_TEXT } from '../../../domain/debugger/messages';
import { basicAuthorization } from '../../../domain/debugger/paths';
import { callBody, callPostAfterMatch, DEBUG_SCREENS, pingBody, postAfterPing, postBody, type DebugScreen } from '../../../domain/debugger/requests';
import { useMachine } from '../../ui/use-machine';
import { effectiveChoice, signerOf, TokenPanel } from './TokenPanel';

type Step = 'first' | 'second';
/** What each screen sends: its one event, or two steps (ping then post). */
const STEPS: Record<DebugScreen, { first: PingPostEvent['type']; second?: PingPostEvent['type']; labels: [string, string?] }> = {
  'post-lead': { first: 'POST', labels: ['Post'] },
  'ping-lead': { first: 'PING', labels: ['Ping'] },
  'pingpost-lead': { first: 'PING', second: 'PINGPOST', labels: ['1. Ping', '2. Post to the latest ping id'] },
  'ping-call': { first: 'MATCH_CALL', labels: ['Ping call'] },
  'pingpost-call': { first: 'MATCH_CALL', second: 'POST_CALL', labels: ['1. Ping call', '2. Post to the latest call id'] },
};
const FIXED_PATHS: Partial<Record<PingPostEvent['type'], string>> = { PING: '/v2/ping', POST: '/v2/post', MATCH_CALL: '/v2/calls/match' };

const pretty = (v: unknown) => JSON.stringify(v, null, 2);
type Sample = { vertical: string; lead: Record<string, unknown> };
type Stored = { body: Record<string, unknown> } | null;

/** The body a send starts from: the sample's, and for a post of a ping, what was pinged. */
function bodyFor(type: PingPostEvent['type'], sample: Sample | undefined, ping: Stored, call: Stored): unknown {
  if (!sample) return {};
  const at = new Date(String(sample.lead.insert_date));
  if (type === 'PING') return pingBody(sample.vertical, sample.lead, at);
  if (type === 'POST') return postBody(sample.vertical, sample.lead, at);
  if (type === 'PINGPOST') return ping ? postAfterPing(ping.body, sample.lead) : postBody(sample.vertical, sample.lead, at);
  if (type === 'MATCH_CALL') return callBody(sample.vertical, sample.lead, at);
  return call ? callPostAfterMatch(call.body) : { caller_id: sample.lead.home_phone };
}

/** A JSON object typed by the vendor, or null. */
function objectOf(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The vendor API debugger (document 002): five tabs, a sample lead to start from, the
 * vendor's sales token, and the request and the response side by side. The request is
 * editable; it goes to the real /v2 path through POST /debug/proxy, signed by the server
 * with the chosen live token. The ping-post statechart (machines/pingPost.machine.ts)
 * keeps the ping and call ids with what was pinged; the five tabs are one mounted page
 * (routes.tsx), so its ids outlive a change of tab.
 */
export default function DebuggerPage() {
  const { snap, send: sendEvent } = useMachine(pingPostMachine, pingPostActors, undefined);
  const view = pingPostView(snap);

  const [location, navigate] = useLocation();
  const screen = DEBUG_SCREENS.find((s) => s.path === location)?.screen ?? 'post-lead';
  const [vertical, setVertical] = useState<'auto' | 'home'>('auto');
  const [draw, setDraw] = useState(0);
  const sample = useSampleLead(vertical, draw);
  const apis = useVendorApis().data?.apis;
  const [chosen, setChosen] = useState('');
  const [typed, setTyped] = useState('');
  const choice = effectiveChoice(apis, chosen);
  const signer = signerOf(apis, choice, typed);

  // The step of a two-step screen; a change of screen starts at its first step.
  const [stepOf, setStepOf] = useState<{ screen: DebugScreen; step: Step }>({ screen, step: 'first' });
  const step: Step = stepOf.screen === screen ? stepOf.step : 'first';
  const setStep = (next: Step) => setStepOf({ screen, step: next });
  const steps = STEPS[screen];
  const type = step === 'second' && steps.second ? steps.second : steps.first;

  // A live token is added by the server; a typed one travels as the Basic header.
  const typedToken = signer && 'typed' in signer ? signer.typed : null;
  const headersText = pretty(typedToken ? { authorization: basicAuthorization(typedToken) } : {});
  const bodyText = pretty(bodyFor(type, sample.data, view.latestPing, view.latestCall));
  // Edits hold while what they were made on stays: a new token, sample or ping starts afresh.
  const [headersEdit, setHeadersEdit] = useState<{ of: string; text: string } | null>(null);
  const [bodyEdit, setBodyEdit] = useState<{ of: string; text: string } | null>(null);
  const headers = headersEdit?.of === headersText ? headersEdit.text : headersText;
  const body = bodyEdit?.of === bodyText ? bodyEdit.text : bodyText;
  const [inputError, setInputError] = useState<string | null>(null);

  function send() {
    const h = objectOf(headers);
    const b = objectOf(body);
    if (!h || !b) {
      setInputError('The headers and the body must be JSON objects.');
      return;
    }
    setInputError(null);
    sendEvent({ type, headers: h as Record<string, string>, body: b, ...(signer && 'apiId' in signer ? { apiId: signer.apiId } : {}) });
    // After a ping, the two-step screens move on to the post.
    if (steps.second && step === 'first') setStep('second');
  }

  const nextPath =
    type === 'PINGPOST' ? pingPostPath(view.latestPing?.id ?? '{pingId}')
    : type === 'POST_CALL' ? callPostPath(view.latestCall?.id ?? '{callId}')
    : FIXED_PATHS[type]!;
  const answer = view.answer;

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
        <Group align="flex-start" gap="md" wrap="wrap">
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
          <TokenPanel apis={apis} choice={choice} onChoose={setChosen} typed={typed} onType={setTyped} />
        </Group>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} fz="h4">
                Request
              </Title>
              <Group gap="xs">
                <Badge variant="light" color={view.latestPing ? 'indigo' : 'gray'}>
                  {`Ping ids stored: ${view.storedPingIds}`}
                </Badge>
                <Badge variant="light" color={view.latestCall ? 'indigo' : 'gray'}>
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
            {signer && 'apiId' in signer && (
              <Text size="xs" c="dimmed" data-testid="signed-by">
                {DEBUGGER_TEXT.signedBy(signer.hint)}
              </Text>
            )}
            <Textarea label="Headers" value={headers} onChange={(e) => setHeadersEdit({ of: headersText, text: e.currentTarget.value })} autosize minRows={2} maxRows={6} styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }} />
            {sample.isPending ? (
              <Skeleton h={240} />
            ) : (
              <Textarea label="Body" value={body} onChange={(e) => setBodyEdit({ of: bodyText, text: e.currentTarget.value })} autosize minRows={10} maxRows={24} styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }} />
            )}
            {inputError && (
              <Alert color="red" variant="light">
                {inputError}
              </Alert>
            )}
            <Group>
              <Button onClick={send} loading={view.busy} disabled={!signer}>
                {`Send: ${steps.labels[step === 'second' && steps.second ? 1 : 0]}`}
              </Button>
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
                  <Badge color={answer.status < 300 ? 'green' : 'red'} data-testid="response-status">
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
