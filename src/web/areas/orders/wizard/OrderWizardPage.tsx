import { Alert, Badge, Button, Card, Grid, Group, Loader, Modal, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { orderWizardActors } from '../../../../../machines/orderWizard.actors';
import { orderWizardMachine, wizardSteps, type WizardInput } from '../../../../../machines/orderWizard.machine';
import { useApi } from '../../../../api/context';
import { testLiveCall } from '../../../../api/calls/test-live-call';
import { testDistribution } from '../../../../api/orders/test-distribution';
import { testJobDistribution } from '../../../../api/orders/test-job-distribution';
import { ORDER_DESIGNED_MSG } from '../../../../domain/orders/messages';
import { emptyWeek, fromApi, toApi } from '../../../../domain/orders/schedule';
import { deliveryContext } from '../../../../domain/orders/step-rules';
import { CREATE_STEPS, STEP_LABELS, VERTICAL_LABELS, PRODUCT_LABELS, type SettingsPatch } from '../../../../domain/orders/types';
import { toast } from '../../../ui/toast';
import { useMachine } from '../../../ui/use-machine';
import { DeliveryStep } from '../delivery/DeliveryStep';
import { ScheduleStep } from '../schedule/ScheduleStep';
import { TerritoryStep } from '../territory/TerritoryStep';
import { ConfirmationStep } from './ConfirmationStep';
import { OptionsStep } from './OptionsStep';
import { PackageStep } from './PackageStep';
import { ProductChoice, TypeChoice, VerticalChoice } from './StartStep';
import { inputOf, stepUrl, WIZARD_BASE } from './urls';
import { VendorsStep } from './VendorsStep';
import { OrderSidePanels } from '../panels/OrderSidePanels';

const ORDER_LIST = '/orders/list';
/** The title of a wizard that could not open, by what it opened from. */
const FAILED_TITLES = { open: 'This order did not open', clone: 'This order was not cloned', recommended: 'This order could not be started' } as const;

/**
 * /orders/orders/wizard/*: the order wizard. One statechart (machines/orderWizard.machine.ts)
 * runs for the whole visit; the address follows its step, and an address typed or reloaded
 * opens a fresh wizard there.
 */
export default function OrderWizardPage() {
  const [location, navigate] = useLocation();
  const [entry, setEntry] = useState(location);
  const ours = useRef(location);
  useEffect(() => {
    if (location !== ours.current) {
      ours.current = location;
      setEntry(location);
    }
  }, [location]);
  const input = useMemo(() => inputOf(entry), [entry]);
  if (!input)
    return (
      <Paper withBorder p="xl">
        <Title order={2}>There is no such step</Title>
        <Button component={Link} href={`${WIZARD_BASE}/product`} mt="md">
          Start a new order
        </Button>
      </Paper>
    );
  const go = (url: string) => {
    if (url === ours.current) return;
    ours.current = url;
    navigate(url, { replace: true });
  };
  return <Wizard key={entry} input={input} go={go} leave={(url) => navigate(url)} />;
}

function Wizard({ input, go, leave }: { input: WizardInput; go: (url: string) => void; leave: (url: string) => void }) {
  const api = useApi();
  // One actor for this wizard (the page is keyed by the address it opened at).
  const { snap: s, send } = useMachine(orderWizardMachine, orderWizardActors, input);
  const c = s.context;
  // Refused Nexts, counted by the machine: the territory and schedule steps warn by it.
  const blocked = c.refusedNext;

  // The step on screen; while saving or asking, the one being left.
  const step = CREATE_STEPS.find((st) => s.hasTag(st)) ?? c.from ?? null;
  // The address follows the step.
  useEffect(() => {
    if (step && c.id !== null) go(stepUrl(c.mode, c.id, step));
    else if (s.matches({ start: 'callVertical' })) go(`${WIZARD_BASE}/call-product`);
    else if (s.matches('start')) go(`${WIZARD_BASE}/product`);
  }, [step, c.id, c.mode, s, go]);
  // Messages are toasts; the vendor warning and a failed save stay 5 s like every toast.
  useEffect(() => {
    if (c.message) toast(c.message.kind, c.message.text);
  }, [c.message]);
  useEffect(() => {
    if (s.matches('created') || s.matches('cancelled')) leave(ORDER_LIST);
  }, [s, leave]);

  if (s.matches({ start: 'product' })) return <ProductChoice onChoose={(product) => send({ type: 'PRODUCT', product })} />;
  if (s.matches({ start: 'vertical' }) || s.matches({ start: 'callVertical' }))
    return <VerticalChoice product={c.product ?? 'leads'} onChoose={(vertical) => send({ type: 'VERTICAL', vertical })} onBack={() => send({ type: 'BACK' })} />;
  if (s.matches({ start: 'type' }) || s.matches('creatingJob'))
    return <TypeChoice busy={s.matches('creatingJob')} onChoose={(group) => send({ type: 'TYPE', group })} onBack={() => send({ type: 'BACK' })} />;
  if (s.matches('failed'))
    return (
      <Alert color="red" title={FAILED_TITLES[c.copyOf?.kind ?? 'open']}>
        <Text size="sm">{c.message?.text}</Text>
        <Group mt="sm">
          {c.copyOf && (
            <Button component={Link} href={ORDER_LIST} size="compact-sm" variant="default">
              Back to orders
            </Button>
          )}
          <Button component={Link} href={`${WIZARD_BASE}/product`} size="compact-sm">
            Start a new order
          </Button>
        </Group>
      </Alert>
    );
  if (!c.data || !c.settings || !step || s.matches('created') || s.matches('cancelled'))
    return (
      <Stack align="center" p="xl" gap="xs">
        <Loader />
        {c.copyOf && <Text c="dimmed">{c.copyOf.kind === 'clone' ? 'Copying the order…' : 'Preparing the recommended order…'}</Text>}
      </Stack>
    );

  const data = c.data;
  const settings = c.settings;
  const pkg = data.pkg;
  const busy = s.hasTag('saving');
  const change = (patch: SettingsPatch) => send({ type: 'CHANGE', patch });
  const errors = c.errors[step];
  const steps = wizardSteps(c);
  // The machine decides: it moves on, or counts the refusal and says why.
  const next = () => send({ type: 'NEXT' });
  const title = c.mode === 'create' ? `New order: ${VERTICAL_LABELS[data.vertical]} ${PRODUCT_LABELS[data.product].toLowerCase()}` : `Edit order: ${settings.name}`;

  const body = (() => {
    switch (step) {
      case 'package':
        return <PackageStep packages={data.packages} selected={settings.packageId} locked={c.mode === 'edit'} onSelect={(packageId) => send({ type: 'SELECT_PACKAGE', packageId })} />;
      case 'schedule': {
        const week = fromApi(settings.schedule);
        return (
          <ScheduleStep value={week.ok ? week.week : emptyWeek()} onChange={(w) => change({ schedule: toApi(w) })}
            context={{ isAdmin: data.viewer.isAdmin, isPro: data.viewer.isPro, isCall: data.product === 'calls', isCld: pkg?.cldType != null }}
            warnSignal={blocked} readOnly={busy} />
        );
      }
      case 'territory':
        return <TerritoryStep value={settings.territory} onChange={(territory) => change({ territory })} blockedAttempts={blocked} disabled={busy} />;
      case 'vendors':
        return pkg ? <VendorsStep pkg={pkg} viewer={data.viewer} value={settings} onChange={change} error={errors[0]?.message ?? null} readOnly={busy} /> : null;
      case 'delivery':
        return (
          <DeliveryStep value={{ channels: settings.channels, destinationNumber: settings.destinationNumber ?? '' }}
            onChange={(v) => change({ channels: v.channels, destinationNumber: v.destinationNumber || null })}
            context={deliveryContext(pkg, data.viewer)} isCall={data.product === 'calls'} ownEmail={null}
            onTestCall={(phoneNumber) => testLiveCall(api, phoneNumber)}
            onTestLead={c.id === null ? undefined : c.mode === 'edit' ? (channel) => testDistribution(api, c.id!, channel) : (channel) => testJobDistribution(api, c.id!, channel)}
            serverErrors={c.serverErrors} showAllErrors={blocked > 0} readOnly={busy} />
        );
      case 'options':
        return pkg ? <OptionsStep pkg={pkg} viewer={data.viewer} value={settings} errors={[...errors, ...c.serverErrors]} onChange={change} readOnly={busy}
            estimateTarget={c.id === null ? null : c.mode === 'edit' ? { orderId: c.id } : { jobId: c.id }} /> : null;
      case 'confirmation':
        return pkg ? (
          <ConfirmationStep mode={c.mode} vertical={data.vertical} product={data.product} pkg={pkg} viewer={data.viewer} value={settings} errors={errors}
            canConfirm={s.can({ type: 'CONFIRM', status: 'active' })} busy={busy} onName={(name) => change({ name })}
            onConfirm={(status) => send({ type: 'CONFIRM', status })} />
        ) : null;
    }
  })();

  const sidebar = s.hasTag('sidebar');
  return (
    <Stack gap="lg" data-step={step} data-mode={c.mode}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{title}</Title>
          <Text c="dimmed">{STEP_LABELS[step]}</Text>
        </div>
        {c.mode === 'edit' && !data.canSave && <Badge color="gray">{ORDER_DESIGNED_MSG.regionalCannotSave}</Badge>}
      </Group>
      <Grid>
        {sidebar && (
          <Grid.Col span={{ base: 12, md: 3, xl: 2 }}>
            <Card withBorder padding="xs" component="nav" aria-label="Order steps">
              {steps.map((st) => {
                const ok = c.errors[st].length === 0;
                return (
                  <NavLink key={st} label={STEP_LABELS[st]} active={st === step} data-valid={ok} aria-current={st === step ? 'step' : undefined}
                    rightSection={ok ? <IconCircleCheck size={16} color="var(--mantine-color-green-6)" /> : <IconAlertTriangle size={16} color="var(--mantine-color-yellow-7)" />}
                    disabled={st !== step && !s.can({ type: 'GOTO', step: st })} onClick={() => send({ type: 'GOTO', step: st })} />
                );
              })}
            </Card>
            {c.mode === 'edit' && c.id !== null && <OrderSidePanels orderId={c.id} />}
          </Grid.Col>
        )}
        <Grid.Col span={sidebar ? { base: 12, md: 9, xl: 10 } : 12}>{body}</Grid.Col>
      </Grid>
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => send({ type: 'PREVIOUS' })} disabled={!s.can({ type: 'PREVIOUS' })}>
          Previous
        </Button>
        {step !== 'confirmation' && (
          <Button rightSection={<IconArrowRight size={16} />} onClick={next} loading={busy}>
            Next
          </Button>
        )}
        {step === 'package' && c.mode === 'create' && (
          <Button variant="subtle" color="gray" onClick={() => send({ type: 'CANCEL' })}>
            Cancel
          </Button>
        )}
      </Group>
      <Modal opened={s.hasTag('prompt')} onClose={() => send({ type: 'STAY' })} title="Unsaved changes" centered>
        <Text>{ORDER_DESIGNED_MSG.saveOrDiscard}</Text>
        {!data.canSave && (
          <Text size="sm" c="dimmed" mt="xs">
            {ORDER_DESIGNED_MSG.regionalCannotSave}
          </Text>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => send({ type: 'STAY' })}>
            Stay
          </Button>
          <Button variant="light" color="red" onClick={() => send({ type: 'DISCARD' })}>
            Discard
          </Button>
          <Button onClick={() => send({ type: 'SAVE' })} disabled={!s.can({ type: 'SAVE' })}>
            Save
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
