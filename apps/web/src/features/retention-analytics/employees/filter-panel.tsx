import { Button, Chip, Group, Select, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { EMPLOYEE_GENERATIONS, GROUP_ROLE_CODES, KEY_ROLE_CODES, type TGenerationCode, type TGroupRole, type TKeyRole } from '@ona/contracts';
import type { TRetentionUnit } from '../retention-lookups.ts';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { ORGANISATIONAL_AGES, type TOrganisationalAge } from '../organisational-age.ts';
import { RISK_LEVELS, type TAnsweredFilter, type TRetentionFilters, type TRiskLevel } from '../retention-filters.ts';
import { useRetentionViewStore } from '../retention-view-store.ts';
import { departmentOptions } from './department-options.ts';

/** Keeps only the values a chip group may hold: its change handler hands back plain strings. */
const pick = <T extends string | number>(allowed: readonly T[], values: string[]): T[] => allowed.filter((value) => values.includes(String(value)));

function FilterSection({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** The retention filters of spec §3; every change applies at once, "Reset filters" restores the defaults (§4). */
export function FilterPanel({ units }: { units: readonly TRetentionUnit[] }) {
  const { t } = useTranslation('retention');
  const filters = useRetentionViewStore((state) => state.filters);
  const setFilters = useRetentionViewStore((state) => state.setFilters);
  const resetFilters = useRetentionViewStore((state) => state.resetFilters);
  const departments = useMemo(() => departmentOptions(units, activeLocale()), [units]);
  const set = (change: Partial<TRetentionFilters>) => setFilters(change);

  return (
    <Stack gap="md" data-testid="retention-filters">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" verticalSpacing="md">
        <TextInput
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          leftSection={<Icon name="search" size={16} />}
          value={filters.search}
          onChange={(event) => set({ search: event.currentTarget.value })}
          data-testid="filter-search"
        />
        <Select
          label={t('filters.department')}
          placeholder={t('filters.all')}
          data={departments}
          value={filters.department === null ? null : String(filters.department)}
          onChange={(value) => set({ department: value === null ? null : Number(value) })}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
          data-testid="filter-department"
        />
        <FilterSection label={t('filters.riskLevel')}>
          <Chip.Group multiple value={filters.riskLevels.map(String)} onChange={(values) => set({ riskLevels: pick<TRiskLevel>(RISK_LEVELS, values) })}>
            <Group gap={6} data-testid="filter-risk-levels">
              {RISK_LEVELS.map((level) => (
                <Chip key={level} value={String(level)} size="xs" data-testid={`filter-risk-level-${level}`}>
                  {level}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </FilterSection>
        <FilterSection label={t('filters.hasAnswered')}>
          <SegmentedControl
            size="xs"
            fullWidth
            value={filters.answered}
            onChange={(value) => set({ answered: pick<TAnsweredFilter>(['all', 'answered', 'notAnswered'], [value])[0] ?? 'all' })}
            data={(['all', 'answered', 'notAnswered'] as const).map((value) => ({ value, label: t(`filters.answered.${value}`) }))}
            data-testid="filter-answered"
          />
        </FilterSection>
        <FilterSection label={t('filters.generation')}>
          <Chip.Group multiple value={filters.generations} onChange={(values) => set({ generations: pick<TGenerationCode>(EMPLOYEE_GENERATIONS, values) })}>
            <Group gap={6}>
              {EMPLOYEE_GENERATIONS.map((generation) => (
                <Chip key={generation} value={generation} size="xs" data-testid={`filter-generation-${generation}`}>
                  {t(`codes.generations.${generation}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </FilterSection>
        <FilterSection label={t('filters.organisationalAge')}>
          <Chip.Group multiple value={filters.organisationalAges} onChange={(values) => set({ organisationalAges: pick<TOrganisationalAge>(ORGANISATIONAL_AGES, values) })}>
            <Group gap={6}>
              {ORGANISATIONAL_AGES.map((age) => (
                <Chip key={age} value={age} size="xs" data-testid={`filter-age-${age}`}>
                  {t(`codes.organisationalAges.${age}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </FilterSection>
        <FilterSection label={t('filters.keyPeople')}>
          <Chip.Group multiple value={filters.keyRoles} onChange={(values) => set({ keyRoles: pick<TKeyRole>(KEY_ROLE_CODES, values) })}>
            <Group gap={6}>
              {KEY_ROLE_CODES.map((role) => (
                <Chip key={role} value={role} size="xs" data-testid={`filter-key-role-${role}`}>
                  {t(`codes.keyRoles.${role}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </FilterSection>
        <FilterSection label={t('filters.groupRoles')}>
          <Chip.Group multiple value={filters.groupRoles} onChange={(values) => set({ groupRoles: pick<TGroupRole>(GROUP_ROLE_CODES, values) })}>
            <Group gap={6}>
              {GROUP_ROLE_CODES.map((role) => (
                <Chip key={role} value={role} size="xs" data-testid={`filter-group-role-${role}`}>
                  {t(`codes.groupRoles.${role}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </FilterSection>
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={resetFilters} data-testid="filter-reset">
          {t('filters.reset')}
        </Button>
      </Group>
    </Stack>
  );
}
