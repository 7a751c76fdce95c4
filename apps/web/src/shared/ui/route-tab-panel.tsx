import type { ReactNode } from 'react';

/**
 * Tabs that lead to pages (one route per tab): the page's own content is the selected tab's
 * panel. Mantine points each tab's aria-controls at `${tabsId}-panel-${value}`; this element
 * carries that id, so the selected tab names a real panel (WCAG 4.1.2) and the panel is named
 * by its tab. Give the Tabs the same fixed `id`.
 */
export function RouteTabPanel({ tabsId, value, children }: { tabsId: string; value: string; children: ReactNode }) {
  return (
    <div id={`${tabsId}-panel-${value}`} role="tabpanel" aria-labelledby={`${tabsId}-tab-${value}`}>
      {children}
    </div>
  );
}
