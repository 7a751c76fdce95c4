import { notifications } from '@mantine/notifications';
import i18next from 'i18next';

/** The spec's notification types (§3) and display time (§9). */
export type TNotificationType = 'success' | 'warning' | 'error';
export const NOTIFICATION_DURATION_MS = 3000;

const COLORS: Record<TNotificationType, string> = { success: 'teal', warning: 'yellow', error: 'red' };

let sequence = 0;

/** Shows a message that vanishes after 3 s or when clicked (spec §4). */
export function notify(type: TNotificationType, message: string): string {
  sequence += 1;
  const id = `notification-${sequence}`;
  notifications.show({
    id,
    message,
    color: COLORS[type],
    autoClose: NOTIFICATION_DURATION_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18next.t('actions.close') },
    'data-testid': 'notification',
    'data-type': type,
    style: { cursor: 'pointer' },
    onClick: () => notifications.hide(id),
  });
  return id;
}
