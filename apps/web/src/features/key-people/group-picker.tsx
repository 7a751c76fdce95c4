import { MultiSelect, Paper, Stack, Text, Title, type ComboboxItem, type ComboboxParsedItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickerMatches, searchState } from '../../shared/format/name-search.ts';
import { useKeyPeopleMatches } from './key-people-api.ts';

const isItem = (option: ComboboxParsedItem): option is ComboboxItem => 'value' in option;

export type TPickerOption = { value: string; label: string };
export type TUnitPickerOption = TPickerOption & { depth: number };

type TGroupPickerProps = {
  title: string;
  side: 'source' | 'target';
  engagementId: number;
  /** Names of the chosen people, as the server gave them. */
  chosenNames: ReadonlyMap<number, string>;
  units: readonly TUnitPickerOption[];
  users: readonly number[];
  unitIds: readonly number[];
  onChange: (next: { users: number[]; units: number[] }) => void;
};

/**
 * One group of the sidebar: its employee filter and its department (unit, with sub-units) filter,
 * united by the server. The employee filter asks the server for five matches of the typed name
 * (spec §5, from the third character, once typing pauses) rather than holding everyone.
 */
export function GroupPicker({ title, side, engagementId, chosenNames, units, users, unitIds, onChange }: TGroupPickerProps) {
  const { t } = useTranslation('keyPeople');
  const [peopleSearch, setPeopleSearch] = useState('');
  const [unitSearch, setUnitSearch] = useState('');
  const [debounced] = useDebouncedValue(peopleSearch, 250);
  const term = searchState(debounced) === 'active' ? debounced.trim() : '';
  const matches = useKeyPeopleMatches(engagementId, term);
  // Names picked from the matches, so a pill keeps its name while the chosen names are asked again.
  const [picked, setPicked] = useState<ReadonlyMap<number, string>>(new Map());
  const matchOptions = useMemo(() => (matches.data?.data ?? []).map((row) => ({ value: String(row.employee.id), label: row.employee.name })), [matches.data]);
  const matchValues = useMemo(() => new Set(matchOptions.map((option) => option.value)), [matchOptions]);
  const people = useMemo(() => {
    const chosen = users.map((id) => ({ value: String(id), label: chosenNames.get(id) ?? picked.get(id) ?? t('values.nameLoading') }));
    const chosenValues = new Set(chosen.map((option) => option.value));
    return [...chosen, ...matchOptions.filter((option) => !chosenValues.has(option.value))];
  }, [users, chosenNames, picked, matchOptions, t]);
  // The matches of the term typed now: nothing until three characters, nothing from an earlier term.
  const current = searchState(peopleSearch) === 'active' && peopleSearch.trim() === term;
  const waiting = searchState(peopleSearch) === 'active' && (!current || matches.isFetching);
  const nothingFound = (typed: string) => (searchState(typed) === 'active' ? t('values.searchNoResults') : t('values.searchTooShort'));
  const empty = users.length === 0 && unitIds.length === 0;
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`as-values-${side}`}>
      <Stack gap="sm">
        <Title order={2} fz="sm">
          {title}
        </Title>
        <MultiSelect
          label={t('values.employees')}
          placeholder={empty ? t('values.everyone') : undefined}
          data={people}
          value={users.map(String)}
          onChange={(values) => {
            const labels = new Map(picked);
            for (const option of matchOptions) if (values.includes(option.value)) labels.set(Number(option.value), option.label);
            setPicked(labels);
            onChange({ users: values.map(Number), units: [...unitIds] });
          }}
          searchable
          searchValue={peopleSearch}
          onSearchChange={setPeopleSearch}
          filter={({ options }) => (current ? options.filter(isItem).filter((option) => matchValues.has(option.value)) : [])}
          nothingFoundMessage={waiting ? t('values.searching') : nothingFound(peopleSearch)}
          clearable
          data-testid={`as-values-${side}-users`}
        />
        <MultiSelect
          label={t('values.units')}
          placeholder={empty ? t('values.everyone') : undefined}
          data={units.map(({ value, label }) => ({ value, label }))}
          value={unitIds.map(String)}
          onChange={(values) => onChange({ users: [...users], units: values.map(Number) })}
          searchable
          searchValue={unitSearch}
          onSearchChange={setUnitSearch}
          filter={({ options, search }) => pickerMatches(options.filter(isItem), search, true)}
          nothingFoundMessage={nothingFound(unitSearch)}
          clearable
          maxDropdownHeight={300}
          data-testid={`as-values-${side}-units`}
          renderOption={({ option }) => (
            <Text fz="sm" pl={(units.find((unit) => unit.value === option.value)?.depth ?? 0) * 12}>
              {option.label}
            </Text>
          )}
        />
      </Stack>
    </Paper>
  );
}
