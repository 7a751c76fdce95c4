import { Alert, ScrollArea, Table, Text } from '@mantine/core';
import type { TRiskCalibration } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import { formatShare } from '../../retention-analytics/share-format.ts';

/** A withheld figure: a dash that says why to screen readers and on hover. */
function Withheld({ label }: { label: string }) {
  return (
    <Text component="span" c="dimmed" title={label} aria-label={label}>
      —
    </Text>
  );
}

/** Per earlier risk level: how many people, how many moved or retired, how many counted, how many left and the share. */
export function CalibrationTable({ calibration }: { calibration: TRiskCalibration }) {
  const { t } = useTranslation('calibration');
  const locale = activeLocale();
  const withheldLabel = t('withheld', { min: calibration.min_group_size });
  const anyWithheld = calibration.levels.some((level) => level.withheld);
  return (
    <>
      <ScrollArea type="auto">
        <Table striped miw={640} data-testid="calibration-table">
          <Table.Caption>{t('table.caption', { earlier: calibration.earlier.name })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('table.level')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('table.people')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('table.excluded')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('table.base')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('table.left')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('table.shareLeft')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {calibration.levels.map((level) => (
              <Table.Tr key={level.level} data-testid="calibration-level" data-level={level.level} data-withheld={level.withheld}>
                <Table.Th scope="row" fw={600}>
                  {t(`levels.${level.level}` as 'levels.0')}
                  {level.level >= calibration.high_risk_level && (
                    <Text component="span" fz="xs" c="dimmed">
                      {' '}
                      {t('table.flagged')}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td ta="right">{formatNumber(level.people, locale)}</Table.Td>
                <Table.Td ta="right">{formatNumber(level.excluded, locale)}</Table.Td>
                <Table.Td ta="right">{formatNumber(level.base, locale)}</Table.Td>
                <Table.Td ta="right" data-testid="calibration-left">{level.left === null ? <Withheld label={withheldLabel} /> : formatNumber(level.left, locale)}</Table.Td>
                <Table.Td ta="right" data-testid="calibration-share">
                  {level.withheld ? <Withheld label={withheldLabel} /> : level.share_left === null ? '' : formatShare(level.share_left, locale)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {anyWithheld && (
        <Alert color="gray" variant="light" mt="sm" data-testid="calibration-withheld-note">
          <Text fz="sm">{t('withheldNote', { min: calibration.min_group_size })}</Text>
        </Alert>
      )}
    </>
  );
}

/** Precision and recall of "level 3 or 4" as a prediction of leaving, with the counts behind them. */
export function PredictionFigures({ calibration }: { calibration: TRiskCalibration }) {
  const { t } = useTranslation('calibration');
  const locale = activeLocale();
  const { prediction } = calibration;
  const level = calibration.high_risk_level;
  const min = calibration.min_group_size;
  return (
    <Table withTableBorder maw={760} data-testid="calibration-prediction">
      <Table.Caption>{t('prediction.caption', { level })}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('prediction.figure')}</Table.Th>
          <Table.Th scope="col" ta="right">{t('prediction.value')}</Table.Th>
          <Table.Th scope="col">{t('prediction.basis')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr data-testid="calibration-precision">
          <Table.Th scope="row">{t('prediction.precision')}</Table.Th>
          <Table.Td ta="right">{prediction.precision === null ? <Withheld label={t('withheld', { min })} /> : formatShare(prediction.precision, locale)}</Table.Td>
          <Table.Td>
            {prediction.precision_withheld || prediction.flagged === null || prediction.flagged_left === null
              ? t('prediction.precisionWithheld', { min, level })
              : t('prediction.precisionBasis', { flagged: formatNumber(prediction.flagged, locale), left: formatNumber(prediction.flagged_left, locale), level })}
          </Table.Td>
        </Table.Tr>
        <Table.Tr data-testid="calibration-recall">
          <Table.Th scope="row">{t('prediction.recall')}</Table.Th>
          <Table.Td ta="right">{prediction.recall === null ? <Withheld label={t('withheld', { min })} /> : formatShare(prediction.recall, locale)}</Table.Td>
          <Table.Td>
            {prediction.recall_withheld || prediction.left === null || prediction.flagged_left === null
              ? t('prediction.recallWithheld', { min })
              : t('prediction.recallBasis', { leavers: formatNumber(prediction.left, locale), flagged: formatNumber(prediction.flagged_left, locale), level })}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
