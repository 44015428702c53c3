import { Accordion, Paper, Title } from '@mantine/core';
import { BILLING_FAQ } from '../../../domain/billing/tabs';

/** The billing FAQ beside the cards and recharge tabs. */
export function BillingFaq() {
  return (
    <Paper withBorder radius="md" p="md" data-testid="billing-faq">
      <Title order={3} fz="h5" mb="xs">
        Billing questions
      </Title>
      <Accordion variant="separated" defaultValue={BILLING_FAQ[0].q}>
        {BILLING_FAQ.map((f) => (
          <Accordion.Item key={f.q} value={f.q}>
            <Accordion.Control>{f.q}</Accordion.Control>
            <Accordion.Panel>{f.a}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Paper>
  );
}
