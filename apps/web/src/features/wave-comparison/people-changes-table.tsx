import { Badge, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { TComparedPerson, TComparisonSort, TMetricDefinition, TRetentionExplanations } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { SortHeader } from '../../shared/ui/sort-header.tsx';
import { CodeBadges } from '../retention-analytics/code-badges.tsx';
import { RiskLevelBadge } from '../retention-analytics/risk-level-badge.tsx';
import { formatMetric } from '../metrics/metric-format.ts';

type TPeopleChangesTableProps = {
  people: readonly TComparedPerson[];
  metrics: readonly TMetricDefinition[];
  explanations: TRetentionExplanations;
  sort: TComparisonSort;
  onSort: (next: TComparisonSort) => void;
};

const STATUS_COLORS = { stayed: 'gray', joined: 'teal', left: 'red', unmatched: 'yellow' } as const;

/** A first click sorts names ascending and changes descending (the largest are the interesting ones); a second turns it. */
function nextSort(current: TComparisonSort, key: string, numeric: boolean): TComparisonSort {
  if (current === key) return `-${key}` as TComparisonSort;
  if (current === `-${key}`) return key as TComparisonSort;
  return (numeric ? `-${key}` : key) as TComparisonSort;
}

function direction(sort: TComparisonSort, key: string): 'asc' | 'desc' | null {
  return sort === key ? 'asc' : sort === `-${key}` ? 'desc' : null;
}

/** Risk level then → now; a side the caller may not see, or that did not exist, is a dash. */
function RiskCell({ person, explanations }: { person: TComparedPerson; explanations: TRetentionExplanations }) {
  const { t } = useTranslation('waveComparison');
  return (
    <Group gap={4} wrap="nowrap" aria-label={t('people.riskThenNow', { then: person.then?.risk_level ?? '–', now: person.now?.risk_level ?? '–' })}>
      {person.then ? <RiskLevelBadge level={person.then.risk_level} explanations={explanations} size="sm" /> : <Text fz="sm">–</Text>}
      <span aria-hidden="true">→</span>
      {person.now ? <RiskLevelBadge level={person.now.risk_level} explanations={explanations} size="sm" /> : <Text fz="sm">–</Text>}
    </Group>
  );
}

/** A metric's change, its two values in the cell's title (the header explains the metric). */
function MetricChangeCell({ person, metric }: { person: TComparedPerson; metric: TMetricDefinition }) {
  const { i18n } = useTranslation();
  const value = person.metrics[metric.id];
  if (!value) return <>–</>;
  const change = value.change;
  const then = formatMetric(value.then, metric.format, i18n.language);
  const now = formatMetric(value.now, metric.format, i18n.language);
  const shown = change === null ? (metric.id === 'community' ? `${then} → ${now}` : '–') : `${change > 0 ? '+' : change < 0 ? '−' : '±'}${formatMetric(Math.abs(change), metric.format, i18n.language)}`;
  return <span title={`${then} → ${now}`}>{shown}</span>;
}

/**
 * One page of people, sorted by the server (name, status, risk change or a metric's change): what
 * changed for each, roles and risk factors gained and lost, each metric's change.
 */
export function PeopleChangesTable({ people, metrics, explanations, sort, onSort }: TPeopleChangesTableProps) {
  const { t } = useTranslation(['waveComparison', 'retention']);
  const header = (key: string, label: string, numeric: boolean) => (
    <SortHeader key={key} label={label} direction={direction(sort, key)} onSort={() => onSort(nextSort(sort, key, numeric))} testId={`compare-people-sort-${key}`} numeric={numeric} />
  );
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table striped highlightOnHover withTableBorder verticalSpacing="xs" captionSide="top" data-testid="compare-people-table" style={{ minWidth: 'max-content' }}>
        <Table.Caption>{t('people.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {header('name', t('people.name'), false)}
            {header('status', t('people.status'), false)}
            <Table.Th>{t('people.unit')}</Table.Th>
            {header('risk_change', t('people.risk'), true)}
            <Table.Th>{t('people.factorsGained')}</Table.Th>
            <Table.Th>{t('people.factorsLost')}</Table.Th>
            <Table.Th>{t('people.rolesGained')}</Table.Th>
            <Table.Th>{t('people.rolesLost')}</Table.Th>
            {metrics.map((metric) => header(metric.id, metric.label, true))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={metrics.length + 8}>
                <Text c="dimmed" fz="sm" data-testid="compare-people-empty">
                  {t('people.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {people.map((person) => {
            const unitNow = person.now?.unit?.name ?? null;
            const unitThen = person.then?.unit?.name ?? null;
            return (
              <Table.Tr key={`${person.then?.employee_id ?? ''}:${person.now?.employee_id ?? ''}:${person.name}`} data-testid="compare-person-row" data-status={person.status}>
                <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {person.name}
                </Table.Th>
                <Table.Td>
                  <Badge color={STATUS_COLORS[person.status]} variant="light">
                    {t(`people.statuses.${person.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {person.unit_changed ? (
                    <Stack gap={0}>
                      <Text fz="sm">{unitNow}</Text>
                      <Text fz="xs" c="dimmed">
                        {t('people.unitBefore', { unit: unitThen })}
                      </Text>
                    </Stack>
                  ) : (
                    (unitNow ?? unitThen ?? '–')
                  )}
                </Table.Td>
                <Table.Td>{person.then || person.now ? <RiskCell person={person} explanations={explanations} /> : '–'}</Table.Td>
                <Table.Td>
                  <CodeBadges kind="riskFactors" codes={person.factors_gained} explanations={explanations} limit={2} />
                </Table.Td>
                <Table.Td>
                  <CodeBadges kind="riskFactors" codes={person.factors_lost} explanations={explanations} limit={2} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <CodeBadges kind="keyRoles" codes={person.roles_gained.key_roles} explanations={explanations} limit={2} />
                    {person.roles_gained.group_roles.length > 0 && <CodeBadges kind="groupRoles" codes={person.roles_gained.group_roles} explanations={explanations} limit={2} />}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <CodeBadges kind="keyRoles" codes={person.roles_lost.key_roles} explanations={explanations} limit={2} />
                    {person.roles_lost.group_roles.length > 0 && <CodeBadges kind="groupRoles" codes={person.roles_lost.group_roles} explanations={explanations} limit={2} />}
                  </Group>
                </Table.Td>
                {metrics.map((metric) => (
                  <Table.Td key={metric.id} ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-metric={metric.id}>
                    <MetricChangeCell person={person} metric={metric} />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
