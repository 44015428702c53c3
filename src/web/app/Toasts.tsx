import { useMediaQuery } from '@mantine/hooks';
import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { NARROW_WINDOW_PX } from '../../domain/ui-limits';
import { LAYERS } from './layers';

// The container (transitions, swipe to dismiss, scroll locking) is a chunk of its own.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/**
 * Mantine's notifications, fetched when the first toast is shown rather than with every
 * page: `notifications.show` only writes to the store, which the container reads (queued
 * toasts included) once it has mounted. Once fetched it stays.
 *
 * Where they sit (issue 18: they covered the user modal's buttons and the wizard's
 * confirmation summary): stacked, so five toasts take the room of one; at the bottom
 * centre of a wide window, clear of page titles, their actions and the Previous/Next bar's
 * ends; below the header on a narrow one, over the page title rather than the content.
 * Above a modal's dimmed backdrop but beneath the modal itself, so a dialog's buttons
 * always take their own clicks.
 */
export function Toasts(props: Omit<NotificationsProps, 'position' | 'layout' | 'zIndex'>) {
  const shown = useNotifications().notifications.length > 0;
  const narrow = useMediaQuery(`(max-width: ${NARROW_WINDOW_PX}px)`) ?? false;
  const [wanted, setWanted] = useState(shown);
  if (shown && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} position={narrow ? 'top-center' : 'bottom-center'} layout="stacked" zIndex={LAYERS.toasts} />
    </Suspense>
  );
}
