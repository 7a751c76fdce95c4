import { Text, Tooltip } from '@mantine/core';
import type { TModule } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { usePersonCoverage } from './confidence-api.ts';

/** "N of M colleagues who could name them answered", or why it is withheld, for one person. */
export function PersonCoverageNote({ engagementId, employeeId, module }: { engagementId: number | null; employeeId: number | null; module: Exclude<TModule, 'survey'> }) {
  const { t } = useTranslation('confidence');
  const coverage = usePersonCoverage(engagementId, employeeId, module);
  const data = coverage.data;
  if (!data?.available) return null;
  const text = data.withheld || data.circle === null || data.answered === null ? t('coverage.withheld', { min: data.min_group_size }) : t('coverage.line', { answered: data.answered, circle: data.circle });
  return (
    <Tooltip label={t('coverage.hint')} multiline w={320} withArrow openDelay={100} events={{ hover: true, focus: true, touch: true }}>
      <Text size="sm" c="dimmed" tabIndex={0} data-testid="person-coverage" style={{ cursor: 'help' }} aria-description={t('coverage.hint')}>
        {text}
      </Text>
    </Tooltip>
  );
}
