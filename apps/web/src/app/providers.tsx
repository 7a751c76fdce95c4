import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import './print.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { TAppRouter } from './router.tsx';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cssVariablesResolver } from './theme.ts';
import { themeWithLabels } from './theme-labels.ts';

export function Providers({ router, queryClient }: { router: TAppRouter; queryClient: QueryClient }) {
  const { t, i18n } = useTranslation('accessibility');
  const theme = useMemo(
    () => themeWithLabels({ close: t('close'), first: t('pagination.first'), previous: t('pagination.previous'), next: t('pagination.next'), last: t('pagination.last') }),
    // The labels follow the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" zIndex={1000} limit={4} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
