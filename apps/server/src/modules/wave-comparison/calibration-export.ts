import type { TLocale, TRiskCalibration } from '@ona/contracts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import { addTableSheet, numberFormat, type TableWorkbook } from '../analytics-shared/workbook-table.ts';

/**
 * The calibration as three sheets of the comparison workbook (admins who see both journeys whole):
 * the table per earlier risk level, precision and recall with their counts, and the leavers with
 * their reasons. A withheld figure says why instead of showing a number.
 */
export function addCalibrationSheets(workbook: TableWorkbook, locale: TLocale, calibration: TRiskCalibration): void {
  const t = (key: MessageKey, params: Record<string, string | number> = {}): string => translate(locale, key, params);
  const withheld = t('calibration.export.withheld', { min: calibration.min_group_size });
  const percent = numberFormat('percent') ?? '0.0%';
  addTableSheet(
    workbook,
    t('calibration.export.sheet_levels'),
    [
      { header: t('calibration.export.col_level'), width: 14, numFmt: '0' },
      { header: t('calibration.export.col_people'), width: 12, numFmt: '0' },
      { header: t('calibration.export.col_excluded'), width: 16, numFmt: '0' },
      { header: t('calibration.export.col_base'), width: 12, numFmt: '0' },
      { header: t('calibration.export.col_left'), width: 12, numFmt: '0' },
      { header: t('calibration.export.col_share_left'), width: 28, numFmt: percent },
    ],
    calibration.levels.map((level) => [level.level, level.people, level.excluded, level.base, level.left ?? withheld, level.share_left ?? (level.withheld ? withheld : null)]),
  );
  const { prediction } = calibration;
  addTableSheet(
    workbook,
    t('calibration.export.sheet_prediction'),
    [
      { header: t('calibration.export.col_figure'), width: 52 },
      { header: t('calibration.export.col_people'), width: 28, numFmt: '0' },
      { header: t('calibration.export.col_share'), width: 28, numFmt: percent },
    ],
    [
      [t('calibration.export.flagged', { level: calibration.high_risk_level }), prediction.flagged ?? withheld, null],
      [t('calibration.export.flagged_left'), prediction.flagged_left ?? withheld, null],
      [t('calibration.export.left'), prediction.left ?? withheld, null],
      [t('calibration.export.precision'), null, prediction.precision ?? withheld],
      [t('calibration.export.recall'), null, prediction.recall ?? withheld],
      [t('calibration.export.rule'), null, null],
    ],
  );
  addTableSheet(
    workbook,
    t('calibration.export.sheet_leavers'),
    [
      { header: t('calibration.export.col_employee'), width: 28 },
      { header: t('calibration.export.col_unit'), width: 40 },
      { header: t('calibration.export.col_level'), width: 14, numFmt: '0' },
      { header: t('calibration.export.col_reason'), width: 28 },
    ],
    calibration.leavers.map((leaver) => [leaver.name, leaver.unit_path.join(' / '), leaver.risk_level, t(`calibration.reasons.${leaver.reason}`)]),
  );
}
