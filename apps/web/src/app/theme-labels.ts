import {
  createTheme,
  mergeThemeOverrides,
  type DrawerProps,
  type MantineThemeOverride,
  type ModalProps,
  type NotificationProps,
  type PaginationProps,
  type ScrollAreaProps,
} from '@mantine/core';
import { theme } from './theme.ts';

/** The names of icon-only controls that Mantine draws itself, in the user's language. */
export type TThemeLabels = { close: string; first: string; previous: string; next: string; last: string };

/**
 * Default props as plain theme entries, typed by each component's props. `Modal.extend(…)` and the
 * like only type their argument, yet importing the components for it put ScrollArea, Modal,
 * Drawer, Notification and Pagination (with floating-ui and react-remove-scroll behind them) into
 * the entry of every page, the employee's survey question page included (docs/first-loads.md).
 */
const withDefaults = <TProps>(defaultProps: Partial<TProps>) => ({ defaultProps });

/**
 * The theme with names for Mantine's icon-only controls (WCAG 4.1.2): the close buttons of dialogs,
 * drawers and notifications and the arrows of every pagination. A control given its own
 * aria-label keeps it. Rebuilt when the language changes.
 */
export function themeWithLabels(labels: TThemeLabels): MantineThemeOverride {
  const getControlProps: PaginationProps['getControlProps'] = (control) => ({ 'aria-label': labels[control] });
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        // Mantine's scrollbars float over the content: the last column of a table sat under one.
        // Room is made for a scrollbar when there is one.
        ScrollArea: withDefaults<ScrollAreaProps>({ offsetScrollbars: 'present' }),
        Modal: withDefaults<ModalProps>({ closeButtonProps: { 'aria-label': labels.close } }),
        Drawer: withDefaults<DrawerProps>({ closeButtonProps: { 'aria-label': labels.close } }),
        Notification: withDefaults<NotificationProps>({ closeButtonProps: { 'aria-label': labels.close } }),
        Pagination: withDefaults<PaginationProps>({ getControlProps }),
      },
    }),
  );
}
