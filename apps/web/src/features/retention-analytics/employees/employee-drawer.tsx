import { Drawer, Group, Stack, Text, Title } from '@mantine/core';
import type { TRetentionEmployeeRow, TRetentionExplanations } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/format-date.ts';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import { RiskLevelBadge } from '../risk-level-badge.tsx';
import { asRiskLevel } from '../risk-summary.ts';

type TEmployeeDrawerProps = {
  employee: TRetentionEmployeeRow | null;
  explanations: TRetentionExplanations;
  onClose: () => void;
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text fz="sm">{value || '–'}</Text>
    </div>
  );
}

/**
 * One employee in full: the datasheet row has room for one factor badge, the reader who clicks a
 * name gets every factor with the sentence that explains it, and the roles likewise.
 */
export function EmployeeDrawer({ employee, explanations, onClose }: TEmployeeDrawerProps) {
  const { t } = useTranslation('retention');
  const locale = activeLocale();
  return (
    <Drawer opened={employee !== null} onClose={onClose} position="right" size="md" title={employee?.name} data-testid="employee-drawer">
      {employee && (
        <Stack gap="md">
          <Group gap="sm">
            <RiskLevelBadge level={employee.risk_level} explanations={explanations} size="lg" />
            <Text fz="sm" c="dimmed">
              {employee.risk_level === null ? t('aggregateOnly.badgeHint') : explanations.risk_levels[String(asRiskLevel(employee.risk_level)) as '0']}
            </Text>
          </Group>
          <Group gap="xl" align="flex-start">
            <Fact label={t('employees.columns.department')} value={employee.unit_name ?? ''} />
            <Fact label={t('employees.columns.leader')} value={employee.leader_name ?? ''} />
            <Fact label={t('employees.columns.generation')} value={employee.generation === null ? '' : t(`codes.generations.${employee.generation}`)} />
            <Fact label={t('employees.columns.worksSince')} value={employee.works_since === null ? '' : formatDate(employee.works_since, locale)} />
          </Group>
          {!employee.has_answered && (
            <Text fz="sm" c="dimmed">
              {t('employees.notAnswered')}
            </Text>
          )}
          <div>
            <Title order={3} fz="sm" mb={6}>
              {t('employees.columns.riskFactors')}
            </Title>
            {employee.risk_factors.length === 0 ? (
              <Text fz="sm" c="dimmed">
                –
              </Text>
            ) : (
              <Stack gap={8} data-testid="employee-drawer-factors">
                {employee.risk_factors.map((factor) => (
                  <div key={factor.code} data-testid="employee-drawer-factor">
                    <Text fz="sm" fw={600}>
                      {t(`codes.riskFactors.${factor.code}`)}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {factor.explanation}
                    </Text>
                  </div>
                ))}
              </Stack>
            )}
          </div>
          {(employee.key_roles.length > 0 || employee.group_roles.length > 0) && (
            <div>
              <Title order={3} fz="sm" mb={6}>
                {t('employees.columns.keyRoles')} · {t('filters.groupRoles')}
              </Title>
              <Stack gap={8}>
                {employee.key_roles.map((role) => (
                  <div key={role}>
                    <Text fz="sm" fw={600}>
                      {t(`codes.keyRoles.${role}`)}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {explanations.key_roles[role] ?? ''}
                    </Text>
                  </div>
                ))}
                {employee.group_roles.map((role) => (
                  <div key={role}>
                    <Text fz="sm" fw={600}>
                      {t(`codes.groupRoles.${role}`)}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {explanations.group_roles[role] ?? ''}
                    </Text>
                  </div>
                ))}
              </Stack>
            </div>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
