import { Badge, Tooltip } from '@mantine/core';
import type { TRetentionExplanations } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { asRiskLevel, RISK_LEVEL_COLORS } from './risk-summary.ts';

/** A level as a coloured badge; hovering or focusing it tells what the level means (from the API). */
export function RiskLevelBadge({ level, explanations, size = 'md' }: { level: number | null; explanations: TRetentionExplanations; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('retention');
  // Null: the journey shows this reader risk only in aggregate (docs/privacy/confidentiality.md).
  if (level === null) {
    return (
      <Tooltip label={t('aggregateOnly.badgeHint')} multiline w={280} withArrow openDelay={100}>
        <Badge color="gray" variant="outline" size={size} tabIndex={0} data-testid="risk-level" data-level="withheld" style={{ cursor: 'help' }} styles={{ label: { whiteSpace: 'nowrap' } }}>
          {t('aggregateOnly.badge')}
        </Badge>
      </Tooltip>
    );
  }
  const riskLevel = asRiskLevel(level);
  return (
    <Tooltip label={explanations.risk_levels[String(riskLevel) as keyof TRetentionExplanations['risk_levels']]} multiline w={280} withArrow openDelay={100}>
      <Badge color={RISK_LEVEL_COLORS[riskLevel]} variant={riskLevel >= 3 ? 'filled' : 'light'} size={size} tabIndex={0} data-testid="risk-level" data-level={riskLevel} style={{ cursor: 'help' }} styles={{ label: { whiteSpace: 'nowrap' } }}>
        {t('riskLevel.badge', { level: riskLevel })}
      </Badge>
    </Tooltip>
  );
}
