import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Accordion, ScrollArea, Table, Text } from '@mantine/core';
import { BID_DOWN_CHART_HEIGHT, bidDownPoints, type PricePoint } from '../../../../domain/orders/bid-down';
import { dollars } from '../../../../domain/money/format';

const SERIES = [
  { name: 'won', label: 'At or below your bid', color: 'blue.6' },
  { name: 'above', label: 'Above your bid', color: 'gray.4' },
];

/**
 * The bid-down chart (document 000 section 9): the territory's recent sales per price,
 * those a bid this high would have won in blue, so an agent sees how far the bid can come
 * down before it stops winning. Dips at most half of both neighbours are hidden
 * (domain/orders/bid-down.ts); the figures are in a table below the chart too.
 */
export default function BidDownChart({ points, bidCents, windowDays }: { points: PricePoint[]; bidCents: number | null; windowDays: number }) {
  const shown = bidDownPoints(points);
  const won = (p: PricePoint) => bidCents !== null && p.priceCents <= bidCents;
  const data = shown.map((p) => ({ price: dollars(p.priceCents), won: won(p) ? p.count : 0, above: won(p) ? 0 : p.count }));
  return (
    <div data-testid="bid-down-chart" aria-label={`Sales by price, last ${windowDays} days`}>
      <Text size="xs" fw={600} mt="xs">Sales by price, last {windowDays} days</Text>
      <BarChart h={BID_DOWN_CHART_HEIGHT} data={data} dataKey="price" type="stacked" withLegend legendProps={{ verticalAlign: 'bottom', height: 24 }}
        series={SERIES} tickLine="none" gridAxis="y" withYAxis={false} />
      <Accordion variant="default" chevronPosition="left">
        <Accordion.Item value="figures">
          <Accordion.Control fz="xs">Figures</Accordion.Control>
          <Accordion.Panel>
            <ScrollArea.Autosize mah={240} type="auto">
              <Table fz="xs" aria-label="Sales by price" stickyHeader>
                <Table.Thead>
                  <Table.Tr><Table.Th>Price</Table.Th><Table.Th ta="right">Sales</Table.Th><Table.Th>Your bid</Table.Th></Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((p) => (
                    <Table.Tr key={p.priceCents}>
                      <Table.Td>{dollars(p.priceCents)}</Table.Td>
                      <Table.Td ta="right">{p.count}</Table.Td>
                      <Table.Td>{won(p) ? 'wins' : 'too low'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            {shown.length < points.length && (
              <Text size="xs" c="dimmed">{points.length - shown.length} prices with few sales between two busier ones are left out.</Text>
            )}
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </div>
  );
}
