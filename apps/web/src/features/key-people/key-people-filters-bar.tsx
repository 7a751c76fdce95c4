import { Button, Group, MultiSelect, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icon.tsx';
import type { TKeyPeopleFilter, TRoleChoice } from './key-people-filter.ts';
import { searchState } from '../../shared/format/name-search.ts';
import type { TRoleDescription } from './role-labels.ts';

type TFiltersBarProps = {
  /** The typed search (sent to the server from its third character). */
  search: string;
  onSearch: (text: string) => void;
  filter: TKeyPeopleFilter;
  onChange: (next: TKeyPeopleFilter) => void;
  onReset: () => void;
  roles: readonly { choice: TRoleChoice; count: number }[];
  describe: (choice: TRoleChoice) => TRoleDescription;
};

/**
 * Search, roles and the "only people with a role" switch of the key people table: they narrow the
 * listed people on the server (the search once typing pauses, from its third character). Who is listed at all (the target group, by employee and unit) is chosen
 * in the sidebar.
 */
export function KeyPeopleFiltersBar({ search, onSearch, filter, onChange, onReset, roles, describe }: TFiltersBarProps) {
  const { t } = useTranslation('keyPeople');
  const tooShort = searchState(search) === 'tooShort';
  return (
    <Group align="flex-end" gap="md" mb="md" wrap="wrap">
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<Icon name="search" size={16} />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        description={tooShort ? t('filters.searchTooShort') : undefined}
        w={{ base: '100%', sm: 240 }}
        data-testid="key-people-search"
      />
      <MultiSelect
        label={t('filters.roles')}
        placeholder={filter.roles.length === 0 ? t('filters.rolesPlaceholder') : undefined}
        data={roles.map(({ choice, count }) => ({ value: choice, label: `${describe(choice).label} (${count})` }))}
        value={[...filter.roles]}
        onChange={(values) => onChange({ ...filter, roles: values as TRoleChoice[] })}
        clearable
        w={{ base: '100%', sm: 300 }}
        data-testid="key-people-roles"
        renderOption={({ option }) => {
          const explanation = describe(option.value as TRoleChoice).explanation;
          return (
            <div>
              <Text fz="sm">{option.label}</Text>
              {explanation && (
                <Text fz="xs" c="dimmed">
                  {explanation}
                </Text>
              )}
            </div>
          );
        }}
      />
      <Switch
        label={t('filters.onlyWithRoles')}
        checked={filter.onlyWithRoles}
        onChange={(event) => onChange({ ...filter, onlyWithRoles: event.currentTarget.checked })}
        mb={8}
        data-testid="key-people-only-with-roles"
      />
      <Button variant="subtle" onClick={onReset} mb={2} data-testid="key-people-reset">
        {t('filters.reset')}
      </Button>
    </Group>
  );
}
