import { Alert, Badge, Button, Checkbox, Group, Input, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { rechargeActors } from '../../../../machines/recharge.actors';
import { rechargeMachine, rechargeView } from '../../../../machines/recharge.machine';
import { authKeys } from '../../../api/auth/keys';
import { billingChanged } from '../../../api/billing/changed';
import { useActingAs } from '../../../api/context';
import { cardChoiceLabel } from '../../../domain/billing/cards';
import {
  BILLING_TYPES, eligibleRechargeCardIds, latestEffectiveDate, mayChooseBillingType, type BillingType,
} from '../../../domain/billing/recharge';
import { toCents } from '../../../domain/money/format';
import { useToday } from '../../app/clock';
import { useEmitted, useMachine } from '../../ui/use-machine';
import { MoneyInput } from './money-input';
import type { TabProps } from './tab-props';

/**
 * Recharge: the recharge statechart drives this form (machines/recharge.machine.ts); the
 * view renders its snapshot and sends events. A saved or deactivated setup refreshes the
 * billing record and the user.
 */
export default function RechargeTab({ company, actor }: TabProps) {
  const as = useActingAs();
  const queryClient = useQueryClient();
  const today = useToday();
  // The server checks the same rule on the same day: a card no longer eligible leaves the choice.
  const eligibleIds = eligibleRechargeCardIds(company.creditCards, today);
  const chosen = company.creditCards.filter((c) => c.rechargeCard && eligibleIds.includes(c.id)).map((c) => c.id);
  const { snap, send, ref } = useMachine(rechargeMachine, rechargeActors, {
    companyId: company.id,
    today,
    canChooseType: mayChooseBillingType(actor),
    eligibleCardIds: eligibleIds,
    current:
      company.billingType === null
        ? null
        : { type: company.billingType, chargeCents: company.withdrawalAmount, thresholdCents: company.withdrawalThreshold, cardIds: chosen },
  });
  useEmitted(ref, 'changed', () => {
    void billingChanged(queryClient, as);
    void queryClient.invalidateQueries({ queryKey: authKeys.currentUser(as) });
  });
  const view = rechargeView(snap);
  const f = snap.context.form;
  const eligible = company.creditCards
    .filter((c) => eligibleIds.includes(c.id))
    .sort((a, b) => a.billingPriority - b.billingPriority);
  const fe = view.fieldErrors;

  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h4">
          Automatic recharge
        </Title>
        <Badge color={snap.context.active ? 'teal' : 'gray'} variant="light" data-testid="recharge-status">
          {snap.context.active ? 'On' : 'Off'}
        </Badge>
      </Group>
      <Text c="dimmed" size="sm" mb="md">
        {f.type === 'ct'
          ? 'When your balance falls below the threshold, the recharge cards are charged for the recharge amount, in billing priority.'
          : 'The recharge cards are charged the amount once a month from the effective date.'}
      </Text>
      {view.banner && (
        <Alert color={view.banner.tone === 'success' ? 'teal' : 'red'} mb="md" data-testid="recharge-banner">
          {view.banner.text}
        </Alert>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'SAVE' });
        }}
        noValidate
      >
        <Stack>
          {view.typeChoice && (
            <SegmentedControl
              data={BILLING_TYPES.map((t) => ({ value: t.value, label: t.label }))}
              value={f.type}
              onChange={(v) => send({ type: 'SET_TYPE', value: v as BillingType })}
              data-testid="recharge-type"
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: f.type === 'ct' ? 3 : 2 }}>
            <MoneyInput
              label={f.type === 'ct' ? 'Recharge amount' : 'Monthly amount'}
              value={f.chargeCents / 100}
              onChange={(v) => send({ type: 'SET_AMOUNT', cents: toCents(Number(v)) ?? 0 })}
              error={fe.chargeAmount}
              data-testid="recharge-amount"
            />
            {f.type === 'ct' && (
              <MoneyInput
                label="Withdrawal threshold"
                value={f.thresholdCents / 100}
                onChange={(v) => send({ type: 'SET_THRESHOLD', cents: toCents(Number(v)) ?? 0 })}
                error={fe.withdrawalThreshold}
                data-testid="recharge-threshold"
              />
            )}
            <TextInput
              type="date"
              label="Effective date"
              min={today}
              max={latestEffectiveDate(today)}
              value={f.effectiveDate}
              onChange={(e) => send({ type: 'SET_EFFECTIVE_DATE', day: e.currentTarget.value })}
              error={fe.effectiveDate}
            />
          </SimpleGrid>
          <Input.Wrapper label="Recharge cards" description="Charged in billing priority; the next one when a card is declined." error={fe.ctCards}>
            <Stack gap={6} mt={6}>
              {eligible.length === 0 && (
                <Text size="sm" c="dimmed">
                  No card is eligible for auto billing yet.
                </Text>
              )}
              {eligible.map((c) => (
                <Checkbox
                  key={c.id}
                  label={cardChoiceLabel(c)}
                  checked={f.cardIds.includes(c.id)}
                  onChange={() => send({ type: 'TOGGLE_CARD', cardId: c.id })}
                />
              ))}
            </Stack>
          </Input.Wrapper>
          <Group justify="space-between">
            <Button variant="subtle" color="red" disabled={!view.canDeactivate || view.busy} onClick={() => send({ type: 'DEACTIVATE' })}>
              Deactivate
            </Button>
            <Button type="submit" loading={view.busy}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
