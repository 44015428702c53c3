import { Modal, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { useZipList } from '../../../api/geo/get-zips';
import { useOrder } from '../../../api/orders/get-order';
import { coverageOf } from '../../../domain/dashboard/coverage';
import { LoadFailed } from '../../ui/LoadFailed';

// Leaflet and the map shapes load only when an overlay opens (the wizard's territory map).
const TerritoryMap = lazy(() => import('../../ui/territory/TerritoryMap'));

const MAP_HEIGHT = 'min(420px, 60vh)';
const NO_POINTS: never[] = [];

/**
 * An order's coverage (document 002 section 2, "an overlay modal with a coverage image"):
 * its territory drawn on the order wizard's map (a state, its chosen counties, or the ZIP
 * codes of a list or a radius with its circle), read from GET /orders/{orderId} when opened.
 */
export function CoverageModal({ orderId, name, opened, onClose }: { orderId: number; name: string; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Coverage: ${name}`} size="xl" centered closeButtonProps={{ 'aria-label': 'Close' }} data-testid="coverage-modal">
      {opened && <Coverage orderId={orderId} />}
    </Modal>
  );
}

function Coverage({ orderId }: { orderId: number }) {
  const q = useOrder(orderId, true);
  const territory = q.data?.order.settings.territory;
  const c = useMemo(() => (territory ? coverageOf(territory) : null), [territory]);
  const points = useZipList(c?.zips ?? NO_POINTS);
  const centre = useZipList(c?.circle ? [c.circle.zip] : NO_POINTS);
  if (q.isError) return <LoadFailed title="The order's territory did not load" error={q.error} onRetry={() => void q.refetch()} />;
  if (!c) return <Skeleton h={MAP_HEIGHT} radius="md" data-testid="coverage-loading" />;
  const at = centre.data?.found[0];
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="coverage-text">{c.text}</Text>
      <Suspense fallback={<Skeleton h={MAP_HEIGHT} radius="md" />}>
        <TerritoryMap
          state={c.state}
          counties={c.counties}
          wholeState={c.mode === 'state'}
          circle={c.circle && at ? { latitude: at.latitude, longitude: at.longitude, miles: c.circle.miles } : null}
          points={points.data?.found ?? NO_POINTS}
          height={MAP_HEIGHT}
        />
      </Suspense>
      {points.isError && <Text size="xs" c="red">The ZIP codes could not be placed on the map.</Text>}
    </Stack>
  );
}
