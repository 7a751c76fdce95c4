import { Select, Text, type ComboboxItem, type ComboboxParsedItem } from '@mantine/core';
import { pickerMatches } from '../../shared/format/name-search.ts';

const isItem = (option: ComboboxParsedItem): option is ComboboxItem => 'value' in option;

export type TUnitFilterProps = {
  label: string;
  description: string;
  data: readonly ComboboxItem[];
  value: string;
  onChange: (value: string) => void;
  searchValue: string;
  onSearchChange: (search: string) => void;
  nothingFoundMessage: string;
  depthById: ReadonlyMap<string, number>;
  /** The stand-in had the focus while this loaded: take it over, with the options open. */
  takeOverFocus: boolean;
};

/**
 * The colleague picker's searchable unit filter. Its own chunk, loaded when the reader reaches for
 * the filter (colleague-picker.tsx: pointer over it, focus): Select brings the combobox, Popover
 * and floating-ui, about 30 KB compressed, a sixth of the survey question page (docs/first-loads.md).
 */
export function UnitFilterSelect({ label, description, data, value, onChange, searchValue, onSearchChange, nothingFoundMessage, depthById, takeOverFocus }: TUnitFilterProps) {
  return (
    <Select
      label={label}
      data={data}
      value={value}
      onChange={(next) => {
        if (next !== null) onChange(next);
      }}
      searchable
      searchValue={searchValue}
      onSearchChange={onSearchChange}
      filter={({ options, search }) => pickerMatches(options.filter(isItem), search, true)}
      maxDropdownHeight={280}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      allowDeselect={false}
      nothingFoundMessage={nothingFoundMessage}
      data-testid="unit-filter"
      comboboxProps={{ withinPortal: true }}
      // Only when the user had already put the focus on the stand-in.
      autoFocus={takeOverFocus}
      defaultDropdownOpened={takeOverFocus}
      renderOption={({ option }) => (
        <Text component="span" fz="sm" pl={(depthById.get(option.value) ?? 0) * 12}>
          {option.label}
        </Text>
      )}
    />
  );
}
