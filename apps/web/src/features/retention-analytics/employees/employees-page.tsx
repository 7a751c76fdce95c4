import { Badge, Box, Button, Collapse, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { TRetentionEmployeeRow, TRetentionExplanations } from '@ona/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { CenteredLoader } from '../../../shared/ui/centered-loader.tsx';
import { Icon } from '../../../shared/ui/icon.tsx';
import { pageCount, PAGE_SIZE } from '../../../shared/ui/page-slice.ts';
import { RetentionLayout, type TRetentionPageContext } from '../retention-layout.tsx';
import { useRetentionEmployeePage } from '../retention-api.ts';
import { activeFilterCount } from '../retention-filters.ts';
import { nextSort } from '../retention-sort.ts';
import { datasheetQuery } from './datasheet-query.ts';
import { useRetentionViewStore } from '../retention-view-store.ts';
import { EmployeeDatasheet } from './employee-datasheet.tsx';
import { EmployeeDrawer } from './employee-drawer.tsx';
import { FilterPanel } from './filter-panel.tsx';

function Employees({ data, engagementId }: TRetentionPageContext) {
  const { t } = useTranslation(['retention', 'common']);
  const locale = activeLocale();
  const forEngagement = useRetentionViewStore((state) => state.forEngagement);
  const filters = useRetentionViewStore((state) => state.filters);
  const sort = useRetentionViewStore((state) => state.sort);
  const setSort = useRetentionViewStore((state) => state.setSort);
  // The panel sits open above the sheet, which needs the full width for its eight columns; on
  // narrow screens it folds behind a button so the sheet is not pushed out of sight.
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [filtersOpen, filtersToggle] = useDisclosure(false);
  // The row and the explanations of the page it was opened from: another page may name other codes.
  const [opened, setOpened] = useState<{ employee: TRetentionEmployeeRow; explanations: TRetentionExplanations } | null>(null);
  useEffect(() => forEngagement(engagementId), [engagementId, forEngagement]);

  // The name search goes to the server once typing pauses; the other filters at once.
  const [search] = useDebouncedValue(filters.search, 300);
  const shaped = useMemo(() => ({ ...filters, search }), [filters, search]);
  // A new filter or sort starts at the first page.
  const listKey = `${JSON.stringify(shaped)}|${sort.column}|${sort.direction}`;
  const [paging, setPaging] = useState({ key: listKey, page: 1 });
  // Set while rendering (React's pattern for state derived from props), so that coming back to an
  // earlier filter does not bring back the page it was on.
  if (paging.key !== listKey) setPaging({ key: listKey, page: 1 });
  const page = paging.key === listKey ? paging.page : 1;
  const query = useMemo(() => datasheetQuery(shaped, sort, page, PAGE_SIZE), [shaped, sort, page]);
  const list = useRetentionEmployeePage(engagementId, query);
  const rows = list.data?.data ?? [];
  const shown = list.data?.total ?? 0;
  const visible = list.data?.visible ?? 0;
  const active = activeFilterCount(filters);

  const panel = (
    <Paper withBorder radius="lg" p="md" data-print="hide">
      <Title order={2} fz="md" mb="sm">
        {t('filters.title')}
      </Title>
      <FilterPanel units={data.units} />
    </Paper>
  );

  return (
    <Stack gap="md">
      {wide ? (
        panel
      ) : (
        <div>
          <Button
            variant="default"
            fullWidth
            leftSection={<Icon name="filter" size={16} />}
            rightSection={active > 0 ? <Badge size="sm" circle>{active}</Badge> : undefined}
            onClick={filtersToggle.toggle}
            aria-expanded={filtersOpen}
            data-testid="filters-toggle"
          >
            {filtersOpen ? t('filters.hide') : t('filters.show')}
          </Button>
          <Collapse in={filtersOpen}>
            <Box mt="sm">{panel}</Box>
          </Collapse>
        </div>
      )}
      {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {!list.isError && !list.data && <CenteredLoader label={t('loading')} />}
      {list.data && (
        <div>
          <Text fz="sm" fw={600} mb="sm" data-testid="datasheet-count" data-shown={shown} data-total={visible}>
            {t('employees.count', { shown: formatNumber(shown, locale), total: formatNumber(visible, locale) })}
          </Text>
          <EmployeeDatasheet
            employees={rows}
            total={shown}
            firstRowIndex={(list.data.page - 1) * list.data.page_size}
            busy={list.isPlaceholderData}
            explanations={list.data.explanations}
            sort={sort}
            onSort={(column) => setSort(nextSort(sort, column))}
            resetKey={`${listKey}|${list.data.page}`}
            onOpen={(employee) => list.data && setOpened({ employee, explanations: list.data.explanations })}
          />
          {pageCount(shown) > 1 && (
            <Group justify="center" mt="md">
              <Pagination
                total={pageCount(shown)}
                value={page}
                onChange={(next) => setPaging({ key: listKey, page: next })}
                aria-label={t('common:reportList.pages', { table: t('employees.title') })}
                data-testid="datasheet-pages"
              />
            </Group>
          )}
        </div>
      )}
      <EmployeeDrawer employee={opened?.employee ?? null} explanations={opened?.explanations ?? data.explanations} onClose={() => setOpened(null)} />
    </Stack>
  );
}

export function EmployeesAnalyticsPage() {
  return <RetentionLayout section="employees">{(context) => <Employees {...context} />}</RetentionLayout>;
}
