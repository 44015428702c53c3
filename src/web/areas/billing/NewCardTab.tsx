import { Alert, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLocation } from 'wouter';
import { useAddCard } from '../../../api/billing/add-card';
import { BILLING_DESIGNED_MSG } from '../../../domain/billing/messages';
import { EXPIRY_MONTHS, expiryStateOn, expiryYears, luhnValid } from '../../../domain/billing/cards';
import { cardBrand, cardDigits, cvvValid } from '../../../domain/money/card-number';
import { billingTabPath } from '../../../domain/billing/tabs';
import { yearOf } from '../../../domain/time/days';
import { useToday } from '../../app/clock';
import { fieldErrorsOf, useFieldErrors } from '../../ui/form-errors';
import { toast } from '../../ui/toast';
import type { TabProps } from './tab-props';

/** Add card: checked with Luhn here for early feedback; the gateway keeps the number, we keep the last four. */
export default function NewCardTab({ company }: TabProps) {
  const today = useToday();
  const [, navigate] = useLocation();
  const add = useAddCard();
  const form = useForm({
    initialValues: { nameOnCard: '', number: '', month: '', year: '', cvv: '', zipcode: '', autoBillingEligible: true },
    validate: {
      nameOnCard: (v) => (v.trim() ? null : BILLING_DESIGNED_MSG.nameOnCardRequired),
      number: (v) => (luhnValid(v) ? null : BILLING_DESIGNED_MSG.cardNumberInvalid),
      month: (v, all) =>
        !v
          ? BILLING_DESIGNED_MSG.expiryMonthRequired
          : all.year && expiryStateOn(Number(v), Number(all.year), today) === 'expired'
            ? BILLING_DESIGNED_MSG.cardExpired
            : null,
      year: (v) => (v ? null : BILLING_DESIGNED_MSG.expiryYearRequired),
      cvv: (v, all) => (cvvValid(v, cardBrand(all.number)) ? null : BILLING_DESIGNED_MSG.cvvInvalid),
    },
  });
  useFieldErrors(form, fieldErrorsOf(add.error));

  const submit = form.onSubmit((v) =>
    add.mutate(
      {
        companyId: company.id,
        nameOnCard: v.nameOnCard.trim(),
        number: cardDigits(v.number),
        expirationMonth: Number(v.month),
        expirationYear: Number(v.year),
        cvv: v.cvv,
        ...(v.zipcode.trim() ? { zipcode: v.zipcode.trim() } : {}),
        autoBillingEligible: v.autoBillingEligible,
      },
      {
        onSuccess: () => {
          toast('success', BILLING_DESIGNED_MSG.cardAdded);
          form.reset();
          navigate(billingTabPath('cards'));
        },
      },
    ),
  );

  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <Title order={2} fz="h4">
        Add a card
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        The card number goes to the payment gateway; Leadline keeps only its last four digits, brand and expiry.
      </Text>
      <form onSubmit={(e) => { add.reset(); submit(e); }} noValidate>
        <Stack>
          {add.isError && fieldErrorsOf(add.error).length === 0 && <Alert color="red">{add.error.message}</Alert>}
          <TextInput label="Name on card" autoComplete="cc-name" {...form.getInputProps('nameOnCard')} />
          <TextInput label="Card number" inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" {...form.getInputProps('number')} />
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Select label="Month" data={EXPIRY_MONTHS.map((m) => ({ value: String(m), label: String(m).padStart(2, '0') }))} {...form.getInputProps('month')} />
            <Select label="Year" data={expiryYears(yearOf(today)).map(String)} {...form.getInputProps('year')} />
            <TextInput label="CVV" inputMode="numeric" autoComplete="cc-csc" maxLength={4} {...form.getInputProps('cvv')} />
            <TextInput label="Billing ZIP" autoComplete="postal-code" maxLength={10} {...form.getInputProps('zipcode')} />
          </SimpleGrid>
          <Checkbox label="Use this card for automatic billing" {...form.getInputProps('autoBillingEligible', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              Add card
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
