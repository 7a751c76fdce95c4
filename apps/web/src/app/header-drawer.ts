/**
 * The narrow screens' menu drawer, its own chunk: app-layout.tsx loads it when the menu is first
 * opened, so the first load of every page (the employee's survey on a phone included) goes without
 * Drawer and react-remove-scroll (docs/first-loads.md).
 */
export { Drawer as HeaderDrawer } from '@mantine/core';
