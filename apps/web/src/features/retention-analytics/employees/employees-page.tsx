import { Badge, Box, Button, Collapse, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { TRetentionEmployee } from '@ona/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { RetentionLayout, type TRetentionPageContext } from '../retention-layout.tsx';
import { activeFilterCount, filterEmployees } from '../retention-filters.ts';
import { nextSort, sortEmployees } from '../retention-sort.ts';
import { useRetentionViewStore } from '../retention-view-store.ts';
import { EmployeeDatasheet } from './employee-datasheet.tsx';
import { EmployeeDrawer } from './employee-drawer.tsx';
import { FilterPanel } from './filter-panel.tsx';

function Employees({ data, engagementId, lookups }: TRetentionPageContext) {
  const { t } = useTranslation('retention');
  const locale = activeLocale();
  const forEngagement = useRetentionViewStore((state) => state.forEngagement);
  const filters = useRetentionViewStore((state) => state.filters);
  const sort = useRetentionViewStore((state) => state.sort);
  const setSort = useRetentionViewStore((state) => state.setSort);
  // The panel sits open above the sheet, which needs the full width for its eight columns; on
  // narrow screens it folds behind a button so the sheet is not pushed out of sight.
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [filtersOpen, filtersToggle] = useDisclosure(false);
  const [opened, setOpened] = useState<TRetentionEmployee | null>(null);
  useEffect(() => forEngagement(engagementId), [engagementId, forEngagement]);

  const rows = useMemo(() => {
    const filtered = filterEmployees(data.employees, data.units, filters, new Date());
    return sortEmployees(filtered, sort, { unitName: lookups.unitName, employeeName: lookups.employeeName, locale });
  }, [data, filters, sort, lookups, locale]);
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
      <div>
        <Text fz="sm" fw={600} mb="sm" data-testid="datasheet-count" data-shown={rows.length} data-total={data.employees.length}>
          {t('employees.count', { shown: formatNumber(rows.length, locale), total: formatNumber(data.employees.length, locale) })}
        </Text>
        <EmployeeDatasheet
          employees={rows}
          explanations={data.explanations}
          lookups={lookups}
          sort={sort}
          onSort={(column) => setSort(nextSort(sort, column))}
          resetKey={`${JSON.stringify(filters)}|${sort.column}|${sort.direction}`}
          onOpen={setOpened}
        />
      </div>
      <EmployeeDrawer employee={opened} explanations={data.explanations} lookups={lookups} onClose={() => setOpened(null)} />
    </Stack>
  );
}

export function EmployeesAnalyticsPage() {
  return <RetentionLayout section="employees">{(context) => <Employees {...context} />}</RetentionLayout>;
}
