import { Accordion, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { TimelinePanel } from './TimelinePanel';

const BreakdownPanel = lazy(() => import('./BreakdownPanel').then((m) => ({ default: m.BreakdownPanel })));

/** The wizard's edit mode side panels: the order timeline and the order breakdown. */
export function OrderSidePanels({ orderId }: { orderId: number }) {
  return (
    <Accordion variant="separated" mt="sm" chevronPosition="right" data-testid="order-side-panels">
      <Accordion.Item value="timeline">
        <Accordion.Control>Timeline</Accordion.Control>
        <Accordion.Panel><TimelinePanel orderId={orderId} /></Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="breakdown">
        <Accordion.Control>Breakdown</Accordion.Control>
        <Accordion.Panel>
          <Suspense fallback={<Skeleton h={160} />}><BreakdownPanel orderId={orderId} /></Suspense>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
