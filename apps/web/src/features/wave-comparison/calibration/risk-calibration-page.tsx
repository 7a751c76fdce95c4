import { Alert, Anchor, Group, NativeSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/format/format-date.ts';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { CenteredLoader } from '../../../shared/ui/centered-loader.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { AdminFrame } from '../../engagement-admin/admin-frame.tsx';
import { comparePath } from './calibration-access.ts';
import { useComparableJourneys } from './calibration-api.ts';
import { RiskCalibrationSection } from './risk-calibration-section.tsx';

/**
 * Picks the earlier journey (the one in the address when offered, as the Compare page links it,
 * else the suggested one) and shows its calibration.
 */
function Calibration({ engagementId }: { engagementId: number }) {
  const { t } = useTranslation('calibration');
  const path = useRoutePath();
  const [params] = useSearchParams();
  const journeys = useComparableJourneys(engagementId);
  const [chosen, setChosen] = useState<number | null>(null);
  if (journeys.isError) return <ErrorState error={journeys.error} onRetry={() => void journeys.refetch()} />;
  if (!journeys.data) return <CenteredLoader label={t('loading')} />;
  const asked = Number(params.get('with'));
  const earlierId = chosen ?? (journeys.data.earlier.some((journey) => journey.id === asked) ? asked : journeys.data.suggested);
  if (earlierId === null || journeys.data.earlier.length === 0) {
    return (
      <Alert color="blue" variant="light" data-testid="calibration-no-earlier">
        {t('noEarlier')}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <Group align="flex-end" justify="space-between" gap="md" wrap="wrap">
        <NativeSelect
          label={t('earlier')}
          w={{ base: '100%', sm: 480 }}
          value={String(earlierId)}
          data={journeys.data.earlier.map((journey) => ({ value: String(journey.id), label: `${journey.name} (${formatDate(journey.access_from, activeLocale())} – ${formatDate(journey.access_till, activeLocale())})` }))}
          onChange={(event) => setChosen(Number(event.currentTarget.value))}
          data-testid="calibration-earlier"
        />
        <Anchor component={Link} to={path(comparePath(engagementId, earlierId))} fz="sm" data-testid="calibration-compare-link">
          {t('compareLink')}
        </Anchor>
      </Group>
      <RiskCalibrationSection key={earlierId} engagementId={engagementId} earlierId={earlierId} />
    </Stack>
  );
}

/** engagements/{id}/admin/risk-calibration.html: the calibration on its own admin page. */
export function RiskCalibrationPage() {
  const { t } = useTranslation('admin');
  return <AdminFrame title={t('pages.riskCalibration.title')}>{(engagement) => <Calibration engagementId={engagement.id} />}</AdminFrame>;
}
