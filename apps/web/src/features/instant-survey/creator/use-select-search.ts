import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectSearch } from './draft-rules.ts';

const isItem = (option: ComboboxParsedItem): option is ComboboxItem => 'value' in option;

/**
 * The §5 search rules for a Mantine Select or MultiSelect: spread the result into its props. The
 * message under the field says "type at least 3 characters" or "no results", whichever applies.
 */
export function useSelectSearch() {
  const { t } = useTranslation('instantSurvey');
  const [searchValue, onSearchChange] = useState('');
  const filter: OptionsFilter = ({ options, search }) => selectSearch(options.filter(isItem), search).matches;
  const { tooShort } = selectSearch([], searchValue);
  return {
    searchable: true,
    searchValue,
    onSearchChange,
    filter,
    nothingFoundMessage: tooShort ? t('validation.searchMinLength') : t('validation.searchNoResults'),
  };
}
