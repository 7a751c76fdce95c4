import { Badge, Box, CloseButton, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TUnitNode } from '@ona/contracts';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nameMatcher, SELECT_MAX_MATCHES } from '../../shared/format/name-search.ts';
import { flattenUnits, subtreeUnitIds } from '../../shared/format/unit-options.ts';
import { Icon } from '../../shared/ui/icon.tsx';
import { WindowedList } from '../../shared/ui/windowed-list.tsx';
import { indexColleagues, searchColleagues, toggleSelection } from './colleague-search.ts';
import type { TSurveyUser } from './survey-api.ts';
import type { TUnitFilterProps } from './unit-filter-select.tsx';
import classes from './colleague-picker.module.css';

// The unit filter comes right after the question is on screen, not with it (docs/first-loads.md);
// until then a text field of the same look stands in for it.
const UnitFilterSelect = lazy(() => import('./unit-filter-select.tsx').then((module) => ({ default: module.UnitFilterSelect })));

const ROW_HEIGHT = 52;
const LIST_HEIGHT = 420;
const ALL_UNITS = 'all';

function unitsOfColleagues(colleagues: readonly TSurveyUser[]): TUnitNode[] {
  const units = new Map<number, TUnitNode>();
  for (const colleague of colleagues) if (colleague.unit) units.set(colleague.unit.id, { id: colleague.unit.id, name: colleague.unit.name, subunits: [] });
  return [...units.values()].sort((a, b) => a.name.localeCompare(b.name));
}

type TPickerColleague = { id: number; name: string; unitId: number | null; unitName: string };

type TColleaguePickerProps = {
  colleagues: readonly TSurveyUser[];
  units: readonly TUnitNode[];
  selected: readonly number[];
  onChange: (next: number[]) => void;
  disabled?: boolean;
  /** Changing it (another question) empties the search and scrolls back to the top. */
  resetKey: number;
};

/**
 * The colleagues to choose from (searchable, filterable by unit, windowed for 10,000 names) and
 * the list chosen. Below 768 px the two lists share the screen through a switch.
 */
export function ColleaguePicker({ colleagues, units, selected, onChange, disabled = false, resetKey }: TColleaguePickerProps) {
  const { t } = useTranslation('survey');
  const [query, setQuery] = useState('');
  const [unit, setUnit] = useState<string>(ALL_UNITS);
  const [unitSearch, setUnitSearch] = useState('');
  const [unitStandInFocused, setUnitStandInFocused] = useState(false);
  // The searchable Select (a sixth of the page's JavaScript) is fetched when the reader reaches for
  // the filter (pointer over it, focus, typing), not with the page (docs/first-loads.md).
  const [unitFilterWanted, setUnitFilterWanted] = useState(false);
  const [view, setView] = useState<'colleagues' | 'mine'>('colleagues');
  const [lastReset, setLastReset] = useState(resetKey);
  if (lastReset !== resetKey) {
    setLastReset(resetKey);
    setQuery('');
    setView('colleagues');
  }

  // Without the unit tree (not loaded, or not visible to this user) the colleagues' own units serve.
  const unitTree = useMemo<readonly TUnitNode[]>(() => (units.length > 0 ? units : unitsOfColleagues(colleagues)), [units, colleagues]);
  const unitOptions = useMemo(() => flattenUnits(unitTree), [unitTree]);
  const pickerColleagues = useMemo<TPickerColleague[]>(
    () =>
      [...colleagues]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((colleague) => ({ id: colleague.id, name: colleague.name, unitId: colleague.unit?.id ?? null, unitName: colleague.unit?.name ?? '' })),
    [colleagues],
  );
  const index = useMemo(() => indexColleagues(pickerColleagues), [pickerColleagues]);
  const byId = useMemo(() => new Map(pickerColleagues.map((colleague) => [colleague.id, colleague])), [pickerColleagues]);
  // Typing stays responsive: the list follows a beat later when the machine is slow.
  const deferredQuery = useDeferredValue(query);
  const unitIds = useMemo(() => (unit === ALL_UNITS ? null : (subtreeUnitIds(unitTree, Number(unit)) ?? new Set<number>())), [unit, unitTree]);
  const result = useMemo(() => searchColleagues(index, { query: deferredQuery, unitIds }), [index, deferredQuery, unitIds]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const chosen = selected.map((id) => byId.get(id)).filter((colleague): colleague is TPickerColleague => colleague !== undefined);

  const toggle = (id: number) => {
    if (!disabled) onChange(toggleSelection(selected, id));
  };
  const unitData = [
    { value: ALL_UNITS, label: t('picker.allUnits') },
    ...unitOptions.map((option) => ({ value: String(option.id), label: option.name })),
  ];
  const depthById = new Map(unitOptions.map((option) => [String(option.id), option.depth]));
  // §5: a select's search shows at most 5 matches. Unsearched, the whole list can be browsed; the
  // line under the field says how many units there are and that typing finds them, and, while a
  // search shows 5 of more matches, that typing on narrows it.
  const selectedLabel = unitData.find((option) => option.value === unit)?.label;
  const unitMatcher = unitSearch === selectedLabel ? null : nameMatcher(unitSearch);
  const unitMatchCount = unitMatcher ? unitData.filter((option) => unitMatcher(option.label)).length : 0;
  const unitHint = unitMatchCount > SELECT_MAX_MATCHES ? t('picker.unitMatches', { shown: SELECT_MAX_MATCHES, count: unitMatchCount }) : t('picker.unitHint', { count: unitOptions.length });
  const unitFilter: Omit<TUnitFilterProps, 'takeOverFocus'> = {
    label: t('picker.unit'),
    description: unitHint,
    data: unitData,
    value: unit,
    onChange: setUnit,
    searchValue: unitSearch,
    onSearchChange: setUnitSearch,
    nothingFoundMessage: unitMatcher === null && unitSearch.trim() !== '' ? t('picker.tooShort') : t('picker.noUnit'),
    depthById,
  };
  const hint = result.tooShort ? t('picker.tooShort') : result.noMatch ? t('picker.noResults') : null;

  // Looks and types like the filter; what is typed carries over when the real one is in.
  const unitStandIn = (
    <TextInput
      label={unitFilter.label}
      description={unitFilter.description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      value={unitSearch || (selectedLabel ?? '')}
      onChange={(event) => setUnitSearch(event.currentTarget.value)}
      onPointerEnter={() => setUnitFilterWanted(true)}
      onFocus={() => {
        setUnitStandInFocused(true);
        setUnitFilterWanted(true);
      }}
      onBlur={() => setUnitStandInFocused(false)}
      rightSection={
        <Box component="span" lh={0} style={{ transform: 'rotate(90deg)' }}>
          <Icon name="chevronRight" size={14} />
        </Box>
      }
      rightSectionPointerEvents="none"
      data-testid="unit-filter"
    />
  );

  return (
    <Stack gap="sm">
      <SegmentedControl
        className={classes.switch}
        fullWidth
        value={view}
        onChange={(next) => setView(next === 'mine' ? 'mine' : 'colleagues')}
        data={[
          { value: 'colleagues', label: t('picker.colleaguesTab') },
          { value: 'mine', label: t('picker.myAnswersTab', { count: selected.length }) },
        ]}
        data-testid="picker-view-switch"
      />
      <div className={classes.columns}>
        <Paper withBorder radius="lg" p="sm" className={classes.panel} data-active={view === 'colleagues'} data-testid="colleague-panel">
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <TextInput
                type="search"
                label={t('picker.search')}
                placeholder={t('picker.searchPlaceholder')}
                value={query}
                onChange={(event) => setQuery(event.currentTarget.value)}
                leftSection={<Icon name="search" size={16} />}
                data-testid="colleague-search"
                aria-describedby="colleague-search-hint"
              />
              {unitFilterWanted ? (
                <Suspense fallback={unitStandIn}>
                  <UnitFilterSelect {...unitFilter} takeOverFocus={unitStandInFocused} />
                </Suspense>
              ) : (
                unitStandIn
              )}
            </SimpleGrid>
            <Text id="colleague-search-hint" fz="sm" c={result.noMatch ? 'red.7' : 'dimmed'} role="status" aria-live="polite" mih={20} data-testid="search-hint">
              {hint ?? t('picker.count', { count: result.colleagues.length })}
            </Text>
            {result.colleagues.length > 0 && (
              <WindowedList
                items={result.colleagues}
                rowHeight={ROW_HEIGHT}
                height={LIST_HEIGHT}
                itemKey={(colleague) => colleague.id}
                label={t('picker.colleaguesList')}
                testId="colleague-list"
                resetKey={`${resetKey}|${deferredQuery}|${unit}`}
                renderRow={(colleague) => {
                  const isSelected = selectedSet.has(colleague.id);
                  return (
                    <label className={classes.option} data-selected={isSelected} data-testid="colleague-option" data-colleague-id={colleague.id}>
                      <input type="checkbox" checked={isSelected} disabled={disabled} onChange={() => toggle(colleague.id)} aria-label={colleague.name} />
                      <span className={classes.optionText}>
                        <Text component="span" fz="sm" fw={500} className={classes.ellipsis}>
                          {colleague.name}
                        </Text>
                        {colleague.unitName && (
                          <Text component="span" fz="xs" c="dimmed" className={classes.ellipsis}>
                            {colleague.unitName}
                          </Text>
                        )}
                      </span>
                    </label>
                  );
                }}
              />
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="sm" className={classes.panel} data-active={view === 'mine'} data-testid="selected-panel">
          <Group justify="space-between" mb="xs">
            <Title order={2} fz="md" id="selected-title">
              {t('picker.myAnswers')}
            </Title>
            <Badge variant="light" data-testid="selected-count">
              {selected.length}
            </Badge>
          </Group>
          {chosen.length === 0 ? (
            <Text c="dimmed" fz="sm" py="md" ta="center" data-testid="selected-empty">
              {t('picker.noneSelected')}
            </Text>
          ) : (
            <ul className={classes.chosen} aria-labelledby="selected-title">
              {chosen.map((colleague) => (
                <li key={colleague.id} className={classes.chosenItem} data-testid="selected-colleague" data-colleague-id={colleague.id}>
                  <span className={classes.optionText}>
                    <Text component="span" fz="sm" fw={500} className={classes.ellipsis}>
                      {colleague.name}
                    </Text>
                    {colleague.unitName && (
                      <Text component="span" fz="xs" c="dimmed" className={classes.ellipsis}>
                        {colleague.unitName}
                      </Text>
                    )}
                  </span>
                  <CloseButton disabled={disabled} onClick={() => toggle(colleague.id)} aria-label={t('picker.remove', { name: colleague.name })} />
                </li>
              ))}
            </ul>
          )}
        </Paper>
      </div>
    </Stack>
  );
}
