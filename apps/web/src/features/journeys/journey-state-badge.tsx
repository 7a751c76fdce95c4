import { Badge, Group } from '@mantine/core';
import type { TEngagement } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { JOURNEY_STATE_COLORS, journeyStateKey } from './journey-state.ts';

/** The journey's state in words (draft, open, closed, analysed), and "Archived" when it is. */
export function JourneyStateBadge({ journey }: { journey: Pick<TEngagement, 'state' | 'archived'> }) {
  const { t } = useTranslation('journeys');
  const state = t(journeyStateKey(journey.state));
  return (
    <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
      {journey.archived && (
        <Badge variant="outline" color="gray" c="gray.7" data-testid="journey-archived-badge">
          {t('archived')}
        </Badge>
      )}
      <Badge variant="light" color={JOURNEY_STATE_COLORS[journey.state].color} title={t('stateLabel', { state })} data-testid="journey-state" data-state={journey.state}>
        {state}
      </Badge>
    </Group>
  );
}
