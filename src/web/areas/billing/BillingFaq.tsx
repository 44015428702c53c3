import { Accordion, Paper, Title } from '@mantine/core';
import { BILLING_FAQ } from '../../../domain/billing/tabs';

/** The billing FAQ beside the cards and recharge tabs. */
export function BillingFaq() {
  return (
    <Paper withBorder radius="md" p="md" data-testid="billing-faq">
      <Title order={3} fz="h5" mb="xs">
        Billing questions
      </Title>
      <Accordion variant="separated" defaultValue="faq-0">
        {/* Indexes as values: the value becomes an element id, which may not hold spaces. */}
        {BILLING_FAQ.map((f, i) => (
          <Accordion.Item key={f.q} value={`faq-${i}`}>
            <Accordion.Control>{f.q}</Accordion.Control>
            <Accordion.Panel>{f.a}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Paper>
  );
}
