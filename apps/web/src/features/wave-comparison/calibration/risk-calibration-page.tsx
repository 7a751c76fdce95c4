import { Alert, NativeSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/format-date.ts';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import { CenteredLoader } from '../../../shared/ui/centered-loader.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { AdminFrame } from '../../engagement-admin/admin-frame.tsx';
import { useComparableJourneys } from './calibration-api.ts';
import { RiskCalibrationSection } from './risk-calibration-section.tsx';

/** Picks the earlier journey (the suggested one first) and shows its calibration. */
function Calibration({ engagementId }: { engagementId: number }) {
  const { t } = useTranslation('calibration');
  const journeys = useComparableJourneys(engagementId);
  const [chosen, setChosen] = useState<number | null>(null);
  if (journeys.isError) return <ErrorState error={journeys.error} onRetry={() => void journeys.refetch()} />;
  if (!journeys.data) return <CenteredLoader label={t('loading')} />;
  const earlierId = chosen ?? journeys.data.suggested;
  if (earlierId === null || journeys.data.earlier.length === 0) {
    return (
      <Alert color="blue" variant="light" data-testid="calibration-no-earlier">
        {t('noEarlier')}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <NativeSelect
        label={t('earlier')}
        maw={480}
        value={String(earlierId)}
        data={journeys.data.earlier.map((journey) => ({ value: String(journey.id), label: `${journey.name} (${formatDate(journey.access_from, activeLocale())} – ${formatDate(journey.access_till, activeLocale())})` }))}
        onChange={(event) => setChosen(Number(event.currentTarget.value))}
        data-testid="calibration-earlier"
      />
      <RiskCalibrationSection key={earlierId} engagementId={engagementId} earlierId={earlierId} />
    </Stack>
  );
}

/** engagements/{id}/admin/risk-calibration.html: the calibration on its own admin page. */
export function RiskCalibrationPage() {
  const { t } = useTranslation('admin');
  return <AdminFrame title={t('pages.riskCalibration.title')}>{(engagement) => <Calibration engagementId={engagement.id} />}</AdminFrame>;
}
