import { Button, Paper, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TAsValuesSelection } from './as-values-query.ts';
import { useMemo } from 'react';
import { GroupPicker, type TUnitPickerOption } from './group-picker.tsx';
import { useKeyPeopleNames } from './key-people-api.ts';

/** The two groups, each with the fields of the selection its employee and department filters set. */
const GROUPS = [
  { side: 'source', title: 'values.source', users: 'sourceUsers', units: 'sourceUnits' },
  { side: 'target', title: 'values.target', users: 'targetUsers', units: 'targetUnits' },
] as const;

type TKeyPeopleSidebarProps = {
  engagementId: number;
  showValues: boolean;
  onShowValues: (next: boolean) => void;
  /** The groups as the reader is choosing them; applied only by Recalculate. */
  selection: TAsValuesSelection;
  onSelection: (next: TAsValuesSelection) => void;
  units: readonly TUnitPickerOption[];
  /** The choices differ from what the page shows. */
  changed: boolean;
  onRecalculate: () => void;
};

/**
 * The key people sidebar (engagement-app.md §2): a Style tab with the show-values option and a
 * Filter tab with the source and the target group, each with its employee filter and its
 * department (unit) filter, and Recalculate. The groups apply when Recalculate is pressed, as on
 * the graph: the page recalculates only when the choices differ from what it shows.
 */
export function KeyPeopleSidebar({ engagementId, showValues, onShowValues, selection, onSelection, units, changed, onRecalculate }: TKeyPeopleSidebarProps) {
  const { t } = useTranslation(['keyPeople', 'graph']);
  // The employee filters hold ids; their names come from the server for the chosen ones only.
  const names = useKeyPeopleNames(engagementId, [...selection.sourceUsers, ...selection.targetUsers]);
  const chosenNames = useMemo(() => new Map((names.data?.data ?? []).map((row) => [row.employee.id, row.employee.name])), [names.data]);
  return (
    <Paper component="aside" withBorder radius="md" p="sm" w={{ base: '100%', md: 320 }} style={{ flexShrink: 0 }} aria-label={t('sidebar.label')} data-testid="key-people-sidebar">
      <Tabs defaultValue="filter" keepMounted={false} styles={{ list: { flexWrap: 'nowrap' } }}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="style" data-testid="key-people-tab-style">
            {t('graph:tabs.style')}
          </Tabs.Tab>
          <Tabs.Tab value="filter" data-testid="key-people-tab-filter">
            {t('graph:tabs.filter')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="style">
          <Switch
            label={t('sidebar.showValues')}
            description={t('sidebar.showValuesHint')}
            checked={showValues}
            onChange={(event) => onShowValues(event.currentTarget.checked)}
            data-testid="key-people-show-values"
          />
        </Tabs.Panel>
        <Tabs.Panel value="filter">
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              {t('sidebar.filterIntro')}
            </Text>
            {GROUPS.map(({ side, title, users, units: unitKey }) => (
              <GroupPicker
                key={side}
                title={t(title)}
                side={side}
                engagementId={engagementId}
                chosenNames={chosenNames}
                units={units}
                users={selection[users]}
                unitIds={selection[unitKey]}
                onChange={(next) => onSelection({ ...selection, [users]: next.users, [unitKey]: next.units })}
              />
            ))}
            {changed && (
              <Text fz="sm" c="dimmed" role="status" data-testid="key-people-pending">
                {t('sidebar.pending')}
              </Text>
            )}
            <Button onClick={onRecalculate} disabled={!changed} fullWidth data-testid="key-people-recalculate">
              {t('values.recalculate')}
            </Button>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
