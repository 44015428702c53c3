import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useBiddingContext } from '../../../../api/orders/bidding-context';
import { useCostEstimate, type EstimateTarget } from '../../../../api/orders/cost-estimate';
import { MARKET_MSG, costEstimate, type MarketSummary } from '../../../../domain/orders/market';
import type { OrderPackage, OrderSettings, Product, Vertical } from '../../../../domain/orders/types';
import { dollars } from '../../../../domain/money/format';

const BidDownChart = lazy(() => import('./BidDownChart'));

/** Where the bidding context looks for a territory: its regional ZIP, its state, or its first ZIP. */
export function biddingPlace(t: OrderSettings['territory']): string | null {
  if (t.geoType === 'state' && t.state) return t.state;
  return t.regionalZip ?? t.zips.find((z) => z.enabled)?.id ?? t.state ?? null;
}

/** The bidding context beside the bid field: recent sale prices, the bid-down chart and the range of other buyers' bids (never who). */
export function BiddingContextNote({ territory, vertical, product, bidCents }: {
  territory: OrderSettings['territory']; vertical: Vertical; product: Product; bidCents: number | null;
}) {
  const place = biddingPlace(territory);
  const q = useBiddingContext(place ? { location: place, vertical, product } : null);
  if (!place) return null;
  if (q.isPending) return <Skeleton h={36} mt={6} />;
  if (q.isError) return <Text size="xs" c="red">{q.error.message}</Text>;
  const b = q.data;
  const bids = b.competingBids;
  return (
    <Stack gap={2} mt={6} aria-label="Bidding context" data-testid="bidding-context">
      <Text size="xs" c="dimmed">
        {b.salePrices.count === 0
          ? `${MARKET_MSG.noSales} (${b.location}).`
          : `${b.location.length === 2 ? 'In' : 'Near'} ${b.location}, ${b.salePrices.count} sold in the last ${b.windowDays} days: ${dollars(b.salePrices.minCents)} to ${dollars(b.salePrices.maxCents)}, median ${dollars(b.salePrices.medianCents)}.`}
        {b.recentSales.length > 0 && ` Latest: ${b.recentSales.slice(0, 3).map((s) => `${dollars(s.priceCents)} on ${s.soldOn}`).join(', ')}.`}
      </Text>
      <Text size="xs" c="dimmed">
        {bids.count === 0
          ? `${MARKET_MSG.noCompetitors}.`
          : bids.minCents === null
            ? `${MARKET_MSG.fewCompetitors}.`
            : `${bids.count} other orders bid ${dollars(bids.minCents)} to ${dollars(bids.maxCents)}.`}
      </Text>
      {b.salesByPrice.length > 1 && (
        <Suspense fallback={<Skeleton h={150} />}>
          <BidDownChart points={b.salesByPrice} bidCents={bidCents} windowDays={b.windowDays} />
        </Suspense>
      )}
    </Stack>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={600}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </div>
  );
}

/**
 * The options step's cost estimate: the market's figures from the server (the saved
 * territory's last 30 days), recomputed here with the same rule as the caps and bid move.
 */
export function CostEstimateCard({ target, pkg, value }: { target: EstimateTarget; pkg: OrderPackage; value: OrderSettings }) {
  const q = useCostEstimate(target);
  return (
    <Card withBorder padding="lg" component="section" aria-label="Cost estimate">
      <Title order={4} mb="sm">
        Cost estimate
      </Title>
      {q.isPending ? (
        <Skeleton h={72} />
      ) : q.isError ? (
        <Text c="red" size="sm">
          {q.error.message}
        </Text>
      ) : (
        <Estimate market={q.data.market as MarketSummary} pkg={pkg} value={value} />
      )}
    </Card>
  );
}

function Estimate({ market, pkg, value }: { market: MarketSummary; pkg: OrderPackage; value: OrderSettings }) {
  const e = costEstimate(market, pkg, value);
  const v = e.volumeProjections;
  const unit = pkg.product === 'calls' ? 'calls' : 'leads';
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }}>
        <Figure label="Base cost" value={dollars(e.orderCosts.baseCost)} hint={e.hasLegacyCost ? 'Legacy price' : 'The package price'} />
        <Figure label="Market level" value={dollars(e.orderCosts.marketLevelCost)} hint={market.sales ? 'Median sale, last 30 days' : 'No sales: the package price'} />
        <Figure label="Max bid" value={dollars(e.orderCosts.maxBidCost)} />
        <Figure label="Per day" value={`${v.daily}`} hint={unit} />
        <Figure label="Per week" value={`${v.weekly}`} hint={unit} />
        <Figure label="Per month" value={`${v.monthly}`} hint={`within your caps`} />
      </SimpleGrid>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {market.sales === 0
            ? `${MARKET_MSG.noSales} in this territory; ${v.national.toLocaleString('en-US')} ${unit} sold across the marketplace.`
            : `${v.territoryMonthly.toLocaleString('en-US')} ${unit} sold in this territory in the last ${market.windowDays} days; your bid would have won ${Math.round(v.winShare * 100)}% of them.`}
        </Text>
      </Group>
    </Stack>
  );
}
