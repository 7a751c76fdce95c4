import { Box, Group, Pagination, Paper, ScrollArea, Table, Text } from '@mantine/core';
import type { TKeyPeopleListPage } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/format-date.ts';
import { searchState } from '../../shared/format/name-search.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { nextServerSort, sortOf, type TServerListState } from '../../shared/ui/report-list/list-state.ts';
import { pageCount } from '../../shared/ui/page-slice.ts';
import { SortHeader } from '../../shared/ui/sort-header.tsx';
import type { TKeyPeopleSortKey } from './key-people-api.ts';
import type { TKeyPeopleFilter } from './key-people-filter.ts';
import { KeyPeopleFiltersBar } from './key-people-filters-bar.tsx';
import { KeyPersonCards } from './key-person-cards.tsx';
import { RoleBadge } from './role-badge.tsx';
import { RoleHelp } from './role-help.tsx';
import { useRoleDescriber } from './role-labels.ts';

/** The columns; `testId` keeps the names the page's tests and the phone's sort select have always used. */
const COLUMNS: readonly { key: TKeyPeopleSortKey; testId: string; numeric: boolean; labelKey: 'table.employee' | 'table.unit' | 'table.keyRoles' | 'table.groupRoles' }[] = [
  { key: 'name', testId: 'employee', numeric: false, labelKey: 'table.employee' },
  { key: 'unit', testId: 'unit', numeric: false, labelKey: 'table.unit' },
  { key: 'key_roles', testId: 'keyRoles', numeric: true, labelKey: 'table.keyRoles' },
  { key: 'group_roles', testId: 'groupRoles', numeric: true, labelKey: 'table.groupRoles' },
];

export type TKeyPeopleTableViewProps = {
  /** The page the server answered for the list state, the filters and the target group. */
  list: TKeyPeopleListPage;
  /** The page shown is the previous answer while the one asked for loads: dimmed, and said so to tests (`data-stale`). */
  stale: boolean;
  state: TServerListState<TKeyPeopleSortKey>;
  filter: TKeyPeopleFilter;
  onFilter: (next: TKeyPeopleFilter) => void;
  onReset: () => void;
};

/**
 * The key people table: role help, the quick filters (search, roles, only people with a role) and
 * one page of the sidebar's target group, filtered, sorted and paged on the server. The role counts
 * and the count's total are the whole target group's.
 */
export function KeyPeopleTableView({ list, stale, state, filter, onFilter, onReset }: TKeyPeopleTableViewProps) {
  const { t } = useTranslation('keyPeople');
  const locale = activeLocale();
  const describe = useRoleDescriber(list.explanations);
  const roles = list.role_counts.map(({ role, count }) => ({ choice: role, count }));
  const shown = list.total;
  const sorted = sortOf(state.sort);
  const searching = searchState(state.search) === 'active';

  return (
    <>
      <RoleHelp roles={roles} describe={describe} />
      <KeyPeopleFiltersBar search={state.search} onSearch={state.setSearch} filter={filter} onChange={onFilter} onReset={onReset} roles={roles} describe={describe} />
      <Text fz="sm" c="dimmed" mb="xs" data-testid="key-people-count" data-shown={shown} data-total={list.visible}>
        {t('table.shown', { shown: formatNumber(shown, locale), total: formatNumber(list.visible, locale) })}
      </Text>
      <Box hiddenFrom="sm">
        <KeyPersonCards rows={list.data} sort={state.sort} onSort={state.setSort} describe={describe} />
      </Box>
      <Paper withBorder radius="lg" visibleFrom={shown > 0 ? 'sm' : undefined}>
        <ScrollArea type="auto">
          <Table
            striped
            highlightOnHover
            miw={720}
            verticalSpacing="xs"
            aria-label={t('table.label')}
            aria-busy={stale}
            style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }}
            data-testid="key-people-table"
            data-stale={stale ? 'true' : 'false'}
          >
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map(({ key, testId, numeric, labelKey }) => (
                  <SortHeader
                    key={key}
                    label={t(labelKey)}
                    direction={sorted.key === key ? sorted.direction : null}
                    onSort={() => state.setSort(nextServerSort(state.sort, key, numeric))}
                    testId={`key-people-sort-${testId}`}
                  />
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((row) => (
                <Table.Tr key={row.employee.id} data-testid="key-person-row" data-employee-id={row.employee.id}>
                  <Table.Td fw={500} data-testid="key-person-name">
                    {row.employee.name}
                  </Table.Td>
                  <Table.Td c={row.unit_name ? undefined : 'dimmed'}>{row.unit_name || t('table.noUnit')}</Table.Td>
                  <Table.Td data-testid="key-person-key-roles" data-roles={row.key_roles.join(' ')}>
                    {row.key_roles.length === 0 ? (
                      <Text c="dimmed">{t('table.none')}</Text>
                    ) : (
                      <Group gap={4}>
                        {row.key_roles.map((role) => (
                          <RoleBadge key={role} kind="key" description={describe(`key:${role}`)} />
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td data-testid="key-person-group-roles" data-roles={row.group_roles.join(' ')}>
                    {row.group_roles.length === 0 ? (
                      <Text c="dimmed">{t('table.none')}</Text>
                    ) : (
                      <Group gap={4}>
                        {row.group_roles.map((role) => (
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
        {shown === 0 && (
          <Text ta="center" c="dimmed" py="xl" data-testid="key-people-empty">
            {searching ? t('table.noSearchResults') : t('table.empty')}
          </Text>
        )}
      </Paper>
      {pageCount(shown) > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={pageCount(shown)} value={list.page} onChange={state.setPage} aria-label={t('table.page')} data-testid="key-people-pages" />
        </Group>
      )}
    </>
  );
}
