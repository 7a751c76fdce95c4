import { Button, MultiSelect, Stack, Text } from '@mantine/core';
import type { TGraphFilter } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { useGraphViewStore } from './graph-store.ts';

/** Filter: the engagement's filters (department, generation, gender, key roles, custom attributes). */
export function FilterTab({ filters }: { filters: readonly TGraphFilter[] }) {
  const { t } = useTranslation('graph');
  const chosen = useGraphViewStore((state) => state.filters.filters);
  const { setFilterValues, setFilters } = useGraphViewStore.getState();
  const usable = filters.filter((filter) => filter.options.length > 0);
  if (usable.length === 0) return <Text c="dimmed" fz="sm">{t('filter.none')}</Text>;
  const anyChosen = Object.values(chosen).some((values) => values.length > 0);
  return (
    <Stack gap="md">
      {usable.map((filter) => (
        <MultiSelect
          key={filter.lookup_key}
          label={filter.label}
          placeholder={(chosen[filter.lookup_key] ?? []).length === 0 ? t('filter.placeholder') : undefined}
          data={filter.options.map((option) => ({ value: option.value, label: option.label }))}
          value={[...(chosen[filter.lookup_key] ?? [])]}
          onChange={(values) => setFilterValues(filter.lookup_key, values)}
          searchable
          clearable
          data-testid={`graph-filter-${filter.lookup_key}`}
        />
      ))}
      <Button variant="subtle" size="xs" disabled={!anyChosen} onClick={() => setFilters({ filters: {} })}>
        {t('filter.clear')}
      </Button>
    </Stack>
  );
}
