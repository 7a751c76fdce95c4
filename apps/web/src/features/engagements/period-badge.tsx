import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { engagementPeriod, localToday, type TEngagementPeriod } from './engagement-period.ts';

const COLORS: Record<TEngagementPeriod, string> = { upcoming: 'blue', open: 'teal', closed: 'gray' };

export function PeriodBadge({ accessFrom, accessTill }: { accessFrom: string; accessTill: string }) {
  const { t } = useTranslation('engagements');
  const period = engagementPeriod(accessFrom, accessTill, localToday());
  return (
    <Badge variant="light" color={COLORS[period]} style={{ flexShrink: 0 }}>
      {t(`period.${period}`)}
    </Badge>
  );
}
