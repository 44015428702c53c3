import { notifications } from '@mantine/notifications';
import { TOAST_DELAY_MS, type ToastType } from '../../domain/ui-limits';

const COLORS: Record<ToastType, string> = { error: 'red', warning: 'yellow', success: 'green', default: 'blue' };

/** A toast: one of four types, gone after its delay (5000 ms unless told). */
export function toast(type: ToastType, message: string, delayMs: number = TOAST_DELAY_MS): void {
  notifications.show({ message, color: COLORS[type], autoClose: delayMs, withBorder: true, 'data-toast': type } as never);
}
