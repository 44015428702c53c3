import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The container (transitions, swipe to dismiss, scroll locking) is a chunk of its own.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/**
 * Mantine's notifications, fetched when the first toast is shown rather than with every
 * page: `notifications.show` only writes to the store, which the container reads (queued
 * toasts included) once it has mounted. Once fetched it stays.
 */
export function Toasts(props: NotificationsProps) {
  const shown = useNotifications().notifications.length > 0;
  const [wanted, setWanted] = useState(shown);
  if (shown && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
