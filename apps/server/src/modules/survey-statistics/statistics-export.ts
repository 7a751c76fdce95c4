import ExcelJS from 'exceljs';
import type { TSurveyStatistics } from '@ona/contracts';
import type { Labeller } from '../analytics-shared/labels.ts';
import { addTableSheet } from '../analytics-shared/xlsx-reply.ts';

export function statisticsWorkbook(data: TSurveyStatistics, label: Labeller, minGroupSize: number): ExcelJS.Workbook {
  const { t } = label;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ONA platform';
  const withheld = t('analytics.export.withheld', { min: minGroupSize });
  const fill = data.fill_statistics;
  const shown = (value: number | null) => value ?? withheld;
  addTableSheet(
    workbook,
    t('analytics.export.sheet_statistics'),
    [t('analytics.export.col_participants'), t('analytics.export.col_answered'), t('analytics.export.col_response_rate'), t('analytics.export.col_low_answers'), t('analytics.export.col_high_answers')],
    [[fill.participant_count, shown(fill.answered_count), shown(fill.response_rate), shown(fill.low_answer_count), shown(fill.high_answer_count)]],
  );
  addTableSheet(
    workbook,
    t('analytics.export.sheet_units'),
    [t('analytics.export.col_unit'), t('analytics.export.col_participants'), t('analytics.export.col_answered'), t('analytics.export.col_response_rate'), t('analytics.export.col_low_answers'), t('analytics.export.col_high_answers')],
    fill.units.map((u) => [u.name, u.participant_count, shown(u.answered_count), shown(u.response_rate), shown(u.low_answer_count), shown(u.high_answer_count)]),
  );
  addTableSheet(
    workbook,
    t('analytics.export.sheet_over_time'),
    [t('analytics.export.col_date'), t('analytics.export.col_answered'), t('analytics.export.col_cumulative')],
    fill.over_time.map((d) => [d.date, d.answered, d.cumulative]),
  );
  return workbook;
}
