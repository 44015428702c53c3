import { ActionIcon, Alert, Badge, Button, Card, Group, Pill, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPhoneCall, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import {
  addEmailError,
  CHANNELS,
  channelErrors,
  channelsFor,
  deliveryStepErrors,
  destinationDigits,
  MAX_EMAILS,
  newChannel,
  normalizeChannel,
  normalizeEmails,
  type ChannelConfig,
  type ChannelField,
  type DeliveryContext,
  type DeliveryValue,
  type FieldError,
} from '../../../../domain/orders/delivery';
import { DELIVERY_DESIGNED_MSG, DELIVERY_MSG } from '../../../../domain/orders/delivery-messages';
import type { ToastType } from '../../../../domain/ui-limits';
import { toast } from '../../../ui/toast';
import { useValidityReport } from '../../../ui/use-validity-report';

export interface DeliveryStepProps {
  value: DeliveryValue;
  onChange: (next: DeliveryValue) => void;
  /** Who and which package: decides the channels on offer (double positive, lead lake). */
  context: DeliveryContext;
  /** A call order: its destination number and the test call; otherwise the lead channels. */
  isCall: boolean;
  /** The agent's own address, the first of a new email channel. */
  ownEmail: string | null;
  /** POST /orders/{id}/test-distribution with this channel; rejects with the server's message. */
  onTestLead?: (channel: ChannelConfig) => Promise<unknown>;
  /** POST /live-calls/test; resolves with the server's message, rejects with its error. */
  onTestCall?: (phoneNumber: string) => Promise<string>;
  /** Blitz provider id reset, when the wizard offers it. */
  onResetProviderId?: () => Promise<unknown>;
  /** Field errors the server sent back (names as in deliveryStepErrors). */
  serverErrors?: readonly FieldError[];
  /** Show every error now (the wizard refused to leave the step), not only touched fields'. */
  showAllErrors?: boolean;
  onValidityChange?: (valid: boolean) => void;
  /** How results are told; the app's toasts by default. */
  notify?: (type: ToastType, message: string) => void;
  readOnly?: boolean;
}

const messageOf = (e: unknown) => (e instanceof Error && e.message ? e.message : String(e));

/**
 * The delivery step of the order wizard: for a lead order, the channels (add, configure,
 * remove, send a test lead through each); for a call order, the destination number and a
 * test call. No machine inside: the value comes in, changes and test requests go out.
 */
export function DeliveryStep(props: DeliveryStepProps) {
  const { value, onChange, context, isCall, readOnly = false, showAllErrors = false, onValidityChange } = props;
  const notify = props.notify ?? toast;
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const touch = (field: string) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));
  const errors = useMemo(() => deliveryStepErrors(value, context, isCall), [value, context, isCall]);
  const valid = errors.length === 0;
  useValidityReport(valid, onValidityChange);

  /** The error to show under a field: the server's, else ours once touched (or all shown). */
  const errorOf = (field: string): string | undefined =>
    props.serverErrors?.find((e) => e.field === field)?.message ??
    (showAllErrors || touched.has(field) ? errors.find((e) => e.field === field)?.message : undefined);

  if (isCall)
    return (
      <CallDelivery
        number={value.destinationNumber}
        onNumber={(n) => onChange({ ...value, destinationNumber: n })}
        error={errorOf('destinationNumber')}
        onBlur={() => touch('destinationNumber')}
        onTestCall={props.onTestCall}
        notify={notify}
        readOnly={readOnly}
      />
    );

  const offered = channelsFor(context);
  const present = new Set(value.channels.map((c) => c.type));
  const setChannel = (i: number, c: ChannelConfig) => onChange({ ...value, channels: value.channels.map((x, j) => (j === i ? c : x)) });

  return (
    <Stack gap="md" data-testid="delivery-step">
      <div>
        <Title order={3}>Delivery</Title>
        <Text c="dimmed" size="sm">
          Where each lead goes the moment it is bought. Add one or more channels; send a test lead to check a channel before you
          save.
        </Text>
      </div>
      {value.channels.length === 0 && (
        <Alert color={showAllErrors ? 'red' : 'gray'} data-testid="delivery-empty">
          {DELIVERY_DESIGNED_MSG.channelsRequired}
        </Alert>
      )}
      {value.channels.map((c, i) => (
        <ChannelCard
          key={c.type}
          channel={c}
          field={`distribution[${i}]`}
          onChange={(next) => setChannel(i, next)}
          onRemove={() => onChange({ ...value, channels: value.channels.filter((_, j) => j !== i) })}
          errorOf={errorOf}
          touch={touch}
          onTestLead={props.onTestLead}
          onResetProviderId={c.type === 'blitz' ? props.onResetProviderId : undefined}
          notify={notify}
          readOnly={readOnly}
        />
      ))}
      {!readOnly && offered.some((d) => !present.has(d.type)) && (
        <div>
          <Text size="sm" fw={500} mb={6}>
            Add a channel
          </Text>
          {/* Each button as wide as its name: a fixed grid cut the longer ones ("Speed to Contac…"). */}
          <Group gap="xs" data-testid="add-channel">
            {offered
              .filter((d) => !present.has(d.type))
              .map((d) => (
                <Button
                  key={d.type}
                  variant="default"
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => onChange({ ...value, channels: [...value.channels, newChannel(d.type, props.ownEmail)] })}
                >
                  {d.label}
                </Button>
              ))}
          </Group>
        </div>
      )}
    </Stack>
  );
}

interface ChannelCardProps {
  channel: ChannelConfig;
  field: string;
  onChange: (c: ChannelConfig) => void;
  onRemove: () => void;
  errorOf: (field: string) => string | undefined;
  touch: (field: string) => void;
  onTestLead?: (c: ChannelConfig) => Promise<unknown>;
  onResetProviderId?: () => Promise<unknown>;
  notify: (type: ToastType, message: string) => void;
  readOnly: boolean;
}

function ChannelCard({ channel, field, onChange, onRemove, errorOf, touch, onTestLead, onResetProviderId, notify, readOnly }: ChannelCardProps) {
  const def = CHANNELS[channel.type];
  const [testing, setTesting] = useState(false);
  const formValid = channelErrors(normalizeChannel(channel)).length === 0;
  const test = async () => {
    if (!onTestLead) return;
    setTesting(true);
    try {
      await onTestLead(normalizeChannel(channel));
      notify('success', DELIVERY_MSG.testLeadSent);
    } catch (e) {
      notify('error', messageOf(e));
    } finally {
      setTesting(false);
    }
  };
  return (
    <Card withBorder radius="md" padding="md" data-channel={channel.type}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs">
          <Text fw={600}>{def.label}</Text>
          <Badge variant="light" color={def.transport === 'email' ? 'blue' : 'grape'}>
            {def.transport === 'email' ? 'Email' : 'Web post'}
          </Badge>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {onTestLead && (
            <Button size="xs" variant="light" leftSection={<IconSend size={14} />} onClick={test} loading={testing} disabled={!formValid}>
              Send test lead
            </Button>
          )}
          {!readOnly && (
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${def.label}`}>
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      </Group>
      {def.transport === 'email' ? (
        <EmailList
          emails={channel.emails ?? []}
          onChange={(emails) => onChange({ ...channel, emails })}
          error={errorOf(`${field}.emails`) ?? (channel.emails ?? []).map((_, i) => errorOf(`${field}.emails[${i}]`)).find(Boolean)}
          readOnly={readOnly}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: def.fields.length > 1 ? 2 : 1 }}>
          {def.fields.map((f) => (
            <SettingInput
              key={f.name}
              def={f}
              value={channel[f.name] ?? ''}
              onChange={(v) => onChange({ ...channel, [f.name]: v })}
              onBlur={() => touch(`${field}.${f.name}`)}
              error={errorOf(`${field}.${f.name}`)}
              readOnly={readOnly}
              reset={
                f.name === 'blitz_ProviderId' && onResetProviderId
                  ? async () => {
                      try {
                        await onResetProviderId();
                        onChange({ ...channel, blitz_ProviderId: '' });
                        notify('success', DELIVERY_MSG.providerIdReset);
                      } catch (e) {
                        notify('error', messageOf(e));
                      }
                    }
                  : undefined
              }
            />
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}

function SettingInput(p: { def: ChannelField; value: string; onChange: (v: string) => void; onBlur: () => void; error?: string; readOnly: boolean; reset?: () => void }) {
  const common = {
    label: p.def.label,
    value: p.value,
    onChange: (e: { currentTarget: { value: string } }) => p.onChange(e.currentTarget.value),
    onBlur: p.onBlur,
    error: p.error,
    readOnly: p.readOnly,
    required: true,
  };
  if (p.def.kind === 'secret') return <PasswordInput {...common} autoComplete="off" />;
  return (
    <TextInput
      {...common}
      type={p.def.kind === 'url' ? 'url' : 'text'}
      placeholder={p.def.kind === 'url' ? 'https://' : undefined}
      autoComplete="off"
      rightSectionWidth={p.reset ? 64 : undefined}
      rightSection={
        p.reset ? (
          <Button size="compact-xs" variant="subtle" onClick={p.reset}>
            Reset
          </Button>
        ) : undefined
      }
    />
  );
}

/** Up to 10 addresses: type or paste (commas, spaces or Enter separate), each checked before it joins. */
function EmailList({ emails, onChange, error, readOnly }: { emails: string[]; onChange: (e: string[]) => void; error?: string; readOnly: boolean }) {
  const [draft, setDraft] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const add = () => {
    const next = [...emails];
    let reason: string | null = null;
    const left: string[] = [];
    for (const e of normalizeEmails(draft)) {
      const why = addEmailError(next, e);
      if (why) {
        reason ??= why;
        left.push(e);
      } else next.push(e);
    }
    if (next.length !== emails.length) onChange(next);
    setDraft(left.join(', '));
    setRefused(reason);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    }
  };
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={`Email addresses (${emails.length} of ${MAX_EMAILS})`}
          placeholder="name@agency.com"
          value={draft}
          onChange={(e) => {
            setDraft(e.currentTarget.value);
            setRefused(null);
          }}
          onKeyDown={onKey}
          onBlur={() => draft.trim() && add()}
          error={refused ?? error}
          readOnly={readOnly}
          disabled={!readOnly && emails.length >= MAX_EMAILS}
          autoComplete="off"
        />
        {!readOnly && (
          <Button mt={25} variant="default" onClick={add} disabled={!draft.trim()}>
            Add
          </Button>
        )}
      </Group>
      {emails.length > 0 && (
        <Pill.Group data-testid="email-list">
          {emails.map((e) => (
            <Pill key={e} size="md" withRemoveButton={!readOnly} onRemove={() => onChange(emails.filter((x) => x !== e))} removeButtonProps={{ 'aria-label': `Remove ${e}`, 'aria-hidden': false, tabIndex: 0 }}>
              {e}
            </Pill>
          ))}
        </Pill.Group>
      )}
    </Stack>
  );
}

function CallDelivery(p: {
  number: string;
  onNumber: (n: string) => void;
  error?: string;
  onBlur: () => void;
  onTestCall?: (phone: string) => Promise<string>;
  notify: (type: ToastType, message: string) => void;
  readOnly: boolean;
}) {
  const [calling, setCalling] = useState(false);
  const digits = destinationDigits(p.number);
  const call = async () => {
    if (!p.onTestCall || digits === null) return;
    setCalling(true);
    try {
      p.notify('success', await p.onTestCall(digits));
    } catch (e) {
      p.notify('error', messageOf(e));
    } finally {
      setCalling(false);
    }
  };
  return (
    <Stack gap="md" data-testid="delivery-step">
      <div>
        <Title order={3}>Delivery</Title>
        <Text c="dimmed" size="sm">
          Live calls are transferred to this number. Place a test call to check it rings.
        </Text>
      </div>
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Destination number"
          type="tel"
          inputMode="tel"
          placeholder="(312) 555-0100"
          value={p.number}
          onChange={(e) => p.onNumber(e.currentTarget.value)}
          onBlur={p.onBlur}
          error={p.error}
          readOnly={p.readOnly}
          required
          w={260}
        />
        {p.onTestCall && (
          <Button mt={25} variant="light" leftSection={<IconPhoneCall size={16} />} onClick={call} loading={calling} disabled={digits === null}>
            Test call
          </Button>
        )}
      </Group>
    </Stack>
  );
}
