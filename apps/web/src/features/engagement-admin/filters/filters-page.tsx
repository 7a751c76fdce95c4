import { Badge, Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminFrame, QueryState } from '../admin-frame.tsx';
import { adminKeys, adminPaths, filtersQuery, importFilters } from '../admin-api.ts';
import { UploadPanel } from '../upload/upload-panel.tsx';

const SHOWN_VALUES = 12;

function FiltersList({ engagementId }: { engagementId: number }) {
  const { t } = useTranslation('admin');
  const filters = useQuery(filtersQuery(engagementId));
  if (!filters.data) return <QueryState error={filters.error} isError={filters.isError} onRetry={() => void filters.refetch()} loadingLabel={t('filters.loading')} />;
  if (filters.data.length === 0) {
    return (
      <Paper withBorder radius="lg" p="xl" ta="center" c="dimmed" data-testid="filters-empty">
        {t('filters.empty')}
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="lg" p="md">
      <ScrollArea type="auto">
        <Table striped miw={560} data-testid="filters-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('filters.attribute')}</Table.Th>
              <Table.Th>{t('filters.values')}</Table.Th>
              <Table.Th ta="right">{t('filters.employees')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {filters.data.map((filter) => (
              <Table.Tr key={filter.key} data-testid="filter-row">
                <Table.Td fw={600}>{filter.key}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {filter.values.slice(0, SHOWN_VALUES).map((value) => (
                      <Badge key={value} variant="light" tt="none" fw={500}>
                        {value}
                      </Badge>
                    ))}
                    {filter.values.length > SHOWN_VALUES && (
                      <Text fz="xs" c="dimmed">
                        {t('filters.more', { count: filter.values.length - SHOWN_VALUES })}
                      </Text>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{filter.employee_count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}

function Filters({ engagementId }: { engagementId: number }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  return (
    <Stack gap="lg">
      <UploadPanel
        testId="filters-upload"
        title={t('filters.importTitle')}
        description={t('filters.importDescription')}
        fieldLabel={t('filters.importField')}
        upload={(file) => importFilters(engagementId, file)}
        describeResult={(result) => t('filters.imported', { count: result.updated_count, attributes: result.attributes.join(', ') || '–' })}
        onUploaded={() => queryClient.invalidateQueries({ queryKey: adminKeys.all(engagementId) })}
        template={{ path: adminPaths.filtersTemplate(engagementId), fallbackName: 'filters-template.xlsx' }}
      />
      <FiltersList engagementId={engagementId} />
    </Stack>
  );
}

/** filters/list.html and upload-filters.html: the custom attributes and their import. */
export function FiltersPage({ pageKey = 'filters' }: { pageKey?: 'filters' | 'uploadFilters' }) {
  const { t } = useTranslation('admin');
  return <AdminFrame title={t(`pages.${pageKey}.title`)}>{(engagement) => <Filters engagementId={engagement.id} />}</AdminFrame>;
}
