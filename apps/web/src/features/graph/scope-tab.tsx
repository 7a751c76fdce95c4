import { MultiSelect, Select, Stack, Text } from '@mantine/core';
import { COLLABORATION_GRAPH_TYPE, GRAPH_CATEGORY_CODES, type TGraphType, type THierarchy } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { flattenUnits } from '../../shared/format/unit-options.ts';
import { useGraphViewStore } from './graph-store.ts';

const ALL_WORK = 'all';

/** How many matches the people search lists: a name is typed, not scrolled to among thousands. */
const PEOPLE_SEARCH_LIMIT = 20;

type TScopeTabProps = {
  hierarchy: THierarchy;
  availableCategories: readonly TGraphType[];
  /** The people of the current view, to pick out. */
  people: readonly { id: number; label: string }[];
  /** Units with people the caller may see (from the graph answer); null until it arrives. */
  unitsInScope: ReadonlySet<number> | null;
};

/**
 * Scope: the graph category (one of the nine, or all work questions), the units from the tree, and
 * people to pick out (they and their direct ties stay bright, everyone else is drawn faint).
 */
export function ScopeTab({ hierarchy, availableCategories, people, unitsInScope }: TScopeTabProps) {
  const { t } = useTranslation('graph');
  const filters = useGraphViewStore((state) => state.filters);
  const setFilters = useGraphViewStore((state) => state.setFilters);
  // A subtree or self_only reader is offered only the units where they can see someone.
  const units = flattenUnits(hierarchy).filter((unit) => unitsInScope === null || unitsInScope.has(unit.id));
  const categories = [
    { value: ALL_WORK, label: t('scope.allWork') },
    ...GRAPH_CATEGORY_CODES.map((code) => ({ value: code, label: t(`categories.${code}`), disabled: !availableCategories.includes(code) })),
    // Offered only when the analysis has a collaboration network (imported mail, calendar, chat metadata).
    ...(availableCategories.includes(COLLABORATION_GRAPH_TYPE) ? [{ value: COLLABORATION_GRAPH_TYPE, label: t('categories.collaboration') }] : []),
  ];
  return (
    <Stack gap="md">
      <Select
        label={t('scope.category')}
        data={categories}
        value={filters.category ?? ALL_WORK}
        allowDeselect={false}
        onChange={(value) => setFilters({ category: value === null || value === ALL_WORK ? null : (value as TGraphType) })}
        data-testid="graph-category"
        comboboxProps={{ withinPortal: true }}
      />
      <MultiSelect
        label={t('scope.units')}
        placeholder={filters.units.length === 0 ? t('scope.unitsPlaceholder') : undefined}
        data={units.map((unit) => ({ value: String(unit.id), label: `${'  '.repeat(unit.depth)}${unit.name}` }))}
        value={filters.units.map(String)}
        onChange={(values) => setFilters({ units: values.map(Number) })}
        searchable
        clearable
        maxDropdownHeight={320}
        data-testid="graph-units"
        renderOption={({ option }) => {
          const unit = units.find((u) => String(u.id) === option.value);
          return <Text fz="sm" pl={(unit?.depth ?? 0) * 12}>{unit?.name ?? option.label}</Text>;
        }}
      />
      <Text fz="xs" c="dimmed">
        {t('scope.unitsHint')}
      </Text>
      <MultiSelect
        label={t('scope.employees')}
        placeholder={filters.employees.length === 0 ? t('scope.employeesPlaceholder') : undefined}
        data={people.map((person) => ({ value: String(person.id), label: person.label }))}
        value={filters.employees.map(String)}
        onChange={(values) => setFilters({ employees: values.map(Number) })}
        searchable
        clearable
        limit={PEOPLE_SEARCH_LIMIT}
        nothingFoundMessage={t('scope.employeesNone')}
        maxDropdownHeight={320}
        data-testid="graph-employees"
      />
      <Text fz="xs" c="dimmed">
        {t('scope.employeesHint')}
      </Text>
    </Stack>
  );
}
