import { Box, Group, Pagination, Paper, ScrollArea, Table, Text } from '@mantine/core';
import type { TKeyPeopleAnalytics } from '@ona/contracts';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import {
  DEFAULT_KEY_PEOPLE_FILTER,
  DEFAULT_KEY_PEOPLE_SORT,
  filterKeyPeople,
  keyPeopleRows,
  nextSort,
  roleCounts,
  sortKeyPeople,
  type TKeyPeopleFilter,
  type TKeyPeopleSort,
  type TKeyPeopleSortColumn,
} from './key-people-filter.ts';
import { KeyPeopleFiltersBar } from './key-people-filters-bar.tsx';
import { KeyPersonCards } from './key-person-cards.tsx';
import { searchState } from '../../shared/format/name-search.ts';
import { pageCount, pageSlice } from '../../shared/ui/page-slice.ts';
import { RoleBadge } from './role-badge.tsx';
import { RoleHelp } from './role-help.tsx';
import { useRoleDescriber } from './role-labels.ts';
import { SortHeader } from '../../shared/ui/sort-header.tsx';

const COLUMNS: readonly { column: TKeyPeopleSortColumn; labelKey: 'table.employee' | 'table.unit' | 'table.keyRoles' | 'table.groupRoles' }[] = [
  { column: 'employee', labelKey: 'table.employee' },
  { column: 'unit', labelKey: 'table.unit' },
  { column: 'keyRoles', labelKey: 'table.keyRoles' },
  { column: 'groupRoles', labelKey: 'table.groupRoles' },
];

/**
 * The key people table: role help, the quick filters (search, roles, only people with a role),
 * a sortable table cut into pages. It lists the sidebar's target group (`members`, null for
 * everyone the reader sees).
 */
export function KeyPeopleTableView({ analytics, members }: { analytics: TKeyPeopleAnalytics; members: ReadonlySet<number> | null }) {
  const { t, i18n } = useTranslation('keyPeople');
  const locale = activeLocale();
  const [filter, setFilter] = useState<TKeyPeopleFilter>(DEFAULT_KEY_PEOPLE_FILTER);
  const [sort, setSort] = useState<TKeyPeopleSort>(DEFAULT_KEY_PEOPLE_SORT);
  const [page, setPage] = useState(1);
  // Typing stays responsive with thousands of rows: the table follows the search a beat later.
  const deferredFilter = useDeferredValue(filter);
  const describe = useRoleDescriber(analytics.explanations);

  const everyone = useMemo(() => keyPeopleRows(analytics), [analytics]);
  const rows = useMemo(() => (members ? everyone.filter((row) => members.has(row.employeeId)) : everyone), [everyone, members]);
  const roles = useMemo(() => roleCounts(rows), [rows]);
  const shown = useMemo(() => sortKeyPeople(filterKeyPeople(rows, deferredFilter), sort, i18n.language), [rows, deferredFilter, sort, i18n.language]);
  const current = pageSlice(shown, page);
  const changeFilter = (next: TKeyPeopleFilter) => {
    setFilter(next);
    setPage(1);
  };
  const searching = searchState(deferredFilter.search) === 'active';

  return (
    <>
      <RoleHelp roles={roles} describe={describe} />
      <KeyPeopleFiltersBar
        filter={filter}
        onChange={changeFilter}
        onReset={() => changeFilter(DEFAULT_KEY_PEOPLE_FILTER)}
        roles={roles}
        describe={describe}
      />
      <Text fz="sm" c="dimmed" mb="xs" data-testid="key-people-count" data-shown={shown.length} data-total={rows.length}>
        {t('table.shown', { shown: formatNumber(shown.length, locale), total: formatNumber(rows.length, locale) })}
      </Text>
      <Box hiddenFrom="sm">
        <KeyPersonCards rows={current.rows} sort={sort} onSort={setSort} describe={describe} />
      </Box>
      <Paper withBorder radius="lg" visibleFrom={shown.length > 0 ? 'sm' : undefined}>
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={720} verticalSpacing="xs" aria-label={t('table.label')} data-testid="key-people-table">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map(({ column, labelKey }) => (
                  <SortHeader
                    key={column}
                    label={t(labelKey)}
                    direction={sort.column === column ? sort.direction : null}
                    onSort={() => setSort(nextSort(sort, column))}
                    testId={`key-people-sort-${column}`}
                  />
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {current.rows.map((row) => (
                <Table.Tr key={row.employeeId} data-testid="key-person-row" data-employee-id={row.employeeId}>
                  <Table.Td fw={500} data-testid="key-person-name">
                    {row.name}
                  </Table.Td>
                  <Table.Td c={row.unitName ? undefined : 'dimmed'}>{row.unitName || t('table.noUnit')}</Table.Td>
                  <Table.Td data-testid="key-person-key-roles" data-roles={row.keyRoles.join(' ')}>
                    {row.keyRoles.length === 0 ? (
                      <Text c="dimmed">{t('table.none')}</Text>
                    ) : (
                      <Group gap={4}>
                        {row.keyRoles.map((role) => (
                          <RoleBadge key={role} kind="key" description={describe(`key:${role}`)} />
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td data-testid="key-person-group-roles" data-roles={row.groupRoles.join(' ')}>
                    {row.groupRoles.length === 0 ? (
                      <Text c="dimmed">{t('table.none')}</Text>
                    ) : (
                      <Group gap={4}>
                        {row.groupRoles.map((role) => (
                          <RoleBadge key={role} kind="group" description={describe(`group:${role}`)} />
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {shown.length === 0 && (
          <Text ta="center" c="dimmed" py="xl" data-testid="key-people-empty">
            {searching ? t('table.noSearchResults') : t('table.empty')}
          </Text>
        )}
      </Paper>
      {pageCount(shown.length) > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={pageCount(shown.length)} value={current.page} onChange={setPage} aria-label={t('table.page')} data-testid="key-people-pages" />
        </Group>
      )}
    </>
  );
}
