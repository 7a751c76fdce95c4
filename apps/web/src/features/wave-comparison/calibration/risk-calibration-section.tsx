import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { CenteredLoader } from '../../../shared/ui/centered-loader.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { useRiskCalibration } from './calibration-api.ts';
import { CalibrationTable, PredictionFigures } from './calibration-table.tsx';
import { LeaversTable } from './leavers-table.tsx';

type TRiskCalibrationSectionProps = {
  engagementId: number;
  /** The earlier analysed journey whose risk levels are checked. */
  earlierId: number;
};

/**
 * "Risk checked against turnover" (issue 21) as one section, so that it can sit on its own page or
 * on the Compare page: the calibration table, precision and recall, and the leavers with their
 * reasons. It needs the `calibration` text namespace; a 403 (not an admin with full retention
 * access in both journeys) shows as a notice, not as the shared no-access page.
 */
export function RiskCalibrationSection({ engagementId, earlierId }: TRiskCalibrationSectionProps) {
  const { t } = useTranslation('calibration');
  const calibration = useRiskCalibration(engagementId, earlierId);
  const headingId = `risk-calibration-${earlierId}`;
  let body;
  if (calibration.isError && isApiError(calibration.error) && calibration.error.status === 403) {
    body = (
      <Alert color="yellow" variant="light" role="alert" data-testid="calibration-forbidden">
        {t('forbidden')}
      </Alert>
    );
  } else if (calibration.isError) {
    body = <ErrorState error={calibration.error} onRetry={() => void calibration.refetch()} />;
  } else if (!calibration.data) {
    body = <CenteredLoader label={t('loading')} />;
  } else {
    const data = calibration.data;
    body = (
      <Stack gap="lg">
        <Text fz="sm">{t('intro', { earlier: data.earlier.name, journey: data.journey.name })}</Text>
        <CalibrationTable calibration={data} />
        <PredictionFigures calibration={data} />
        <Text fz="sm" c="dimmed" data-testid="calibration-rule">
          {t('rule')}
        </Text>
        <Title order={3} fz="md">
          {t('leavers.title')}
        </Title>
        <LeaversTable calibration={data} engagementId={engagementId} />
      </Stack>
    );
  }
  return (
    <section aria-labelledby={headingId} data-testid="risk-calibration">
      <Title order={2} fz="lg" mb="md" id={headingId}>
        {t('title')}
      </Title>
      {body}
    </section>
  );
}
