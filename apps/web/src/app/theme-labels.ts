import { Drawer, mergeThemeOverrides, Modal, Notification, Pagination, ScrollArea, createTheme, type MantineThemeOverride } from '@mantine/core';
import { theme } from './theme.ts';

/** The names of icon-only controls that Mantine draws itself, in the user's language. */
export type TThemeLabels = { close: string; first: string; previous: string; next: string; last: string };

/**
 * The theme with names for Mantine's icon-only controls (WCAG 4.1.2): the close buttons of dialogs,
 * drawers and notifications and the arrows of every pagination. A control given its own
 * aria-label keeps it. Rebuilt when the language changes.
 */
export function themeWithLabels(labels: TThemeLabels): MantineThemeOverride {
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        // Mantine's scrollbars float over the content: the last column of a table sat under one.
        // Room is made for a scrollbar when there is one.
        ScrollArea: ScrollArea.extend({ defaultProps: { offsetScrollbars: 'present' } }),
        Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': labels.close } } }),
        Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': labels.close } } }),
        Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': labels.close } } }),
        Pagination: Pagination.extend({ defaultProps: { getControlProps: (control) => ({ 'aria-label': labels[control] }) } }),
      },
    }),
  );
}
