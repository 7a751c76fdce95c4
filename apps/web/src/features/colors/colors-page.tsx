import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { GRAPH_PALETTE } from './graph-palette.ts';

/** A test page for the graph palette: every colour, its name and its code, side by side. */
export function ColorsPage() {
  const { t } = useTranslation(['colors', 'common']);
  useDocumentTitle(t('common:documentTitle', { page: t('title') }));
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle', { total: GRAPH_PALETTE.length })} />
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {GRAPH_PALETTE.map((color, index) => (
          <Paper key={color.name} component="li" withBorder radius="md" style={{ overflow: 'hidden' }} data-testid="palette-color">
            <div style={{ background: color.hex, height: 72 }} aria-hidden="true" />
            <Stack gap={0} p="sm">
              <Text fw={600} fz="sm">
                {index + 1}. {t(`names.${color.name}`)}
              </Text>
              <Text ff="monospace" fz="xs" c="dimmed">
                {color.hex}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}
