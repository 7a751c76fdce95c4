import { MultiSelect, Paper, Stack, Text, Title, type ComboboxItem, type ComboboxParsedItem } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickerMatches, searchState } from '../../shared/format/name-search.ts';

const isItem = (option: ComboboxParsedItem): option is ComboboxItem => 'value' in option;

export type TPickerOption = { value: string; label: string };
export type TUnitPickerOption = TPickerOption & { depth: number };

type TGroupPickerProps = {
  title: string;
  side: 'source' | 'target';
  people: readonly TPickerOption[];
  units: readonly TUnitPickerOption[];
  users: readonly number[];
  unitIds: readonly number[];
  onChange: (next: { users: number[]; units: number[] }) => void;
};

/** One group of the sidebar: its employee filter and its department (unit, with sub-units) filter, united by the server. */
export function GroupPicker({ title, side, people, units, users, unitIds, onChange }: TGroupPickerProps) {
  const { t } = useTranslation('keyPeople');
  const [peopleSearch, setPeopleSearch] = useState('');
  const [unitSearch, setUnitSearch] = useState('');
  const nothingFound = (term: string) => (searchState(term) === 'active' ? t('values.searchNoResults') : t('values.searchTooShort'));
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
          onChange={(values) => onChange({ users: values.map(Number), units: [...unitIds] })}
          searchable
          searchValue={peopleSearch}
          onSearchChange={setPeopleSearch}
          filter={({ options, search }) => pickerMatches(options.filter(isItem), search, false)}
          nothingFoundMessage={nothingFound(peopleSearch)}
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
