import { Badge } from '@mantine/core';
import type { TInstantSurveyState } from '@ona/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TInstantSurveyState, string> = { pending: 'gray', started: 'teal', closed: 'dark' };

/** Pending, Active (started) or Closed (spec §4). */
export function StateBadge({ state }: { state: TInstantSurveyState }) {
  const { t } = useTranslation('instantSurvey');
  return (
    <Badge color={COLORS[state]} variant={state === 'started' ? 'filled' : 'light'} data-testid="survey-state" data-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}
