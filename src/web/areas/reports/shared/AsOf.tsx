import { Text } from '@mantine/core';
import { formatDateTime } from '../../../../domain/time-format';
import { useTimeZone } from '../../../app/clock';

/** When the report's figures were read (the server's clock), in the viewer's zone. */
export function AsOf({ asOf }: { asOf: string }) {
  const zone = useTimeZone();
  return (
    <Text size="sm" c="dimmed" data-testid="report-as-of">
      As of {formatDateTime(asOf, zone)}
    </Text>
  );
}
