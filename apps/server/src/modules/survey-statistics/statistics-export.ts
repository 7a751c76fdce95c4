import type ExcelJS from 'exceljs';
import type { TSurveyStatistics } from '@ona/contracts';
import type { Labeller } from '../analytics-shared/labels.ts';
import { addTableSheet, dateCell, newWorkbook, type TableColumn } from '../analytics-shared/workbook-table.ts';

export function statisticsWorkbook(data: TSurveyStatistics, label: Labeller, minGroupSize: number): ExcelJS.Workbook {
  const { t } = label;
  const workbook = newWorkbook();
  const withheld = t('analytics.export.withheld', { min: minGroupSize });
  const fill = data.fill_statistics;
  const shown = (value: number | null) => value ?? withheld;
  const counts: TableColumn[] = [
    { header: t('analytics.export.col_participants'), kind: 'integer' },
    { header: t('analytics.export.col_answered'), kind: 'integer' },
    { header: t('analytics.export.col_response_rate'), kind: 'percent' },
    { header: t('analytics.export.col_low_answers'), kind: 'integer' },
    { header: t('analytics.export.col_high_answers'), kind: 'integer' },
  ];
  addTableSheet(
    workbook,
    t('analytics.export.sheet_statistics'),
    counts,
    [[fill.participant_count, shown(fill.answered_count), shown(fill.response_rate), shown(fill.low_answer_count), shown(fill.high_answer_count)]],
  );
  addTableSheet(
    workbook,
    t('analytics.export.sheet_units'),
    [t('analytics.export.col_unit'), ...counts],
    fill.units.map((u) => [u.name, u.participant_count, shown(u.answered_count), shown(u.response_rate), shown(u.low_answer_count), shown(u.high_answer_count)]),
    { freezeColumns: 1 },
  );
  addTableSheet(
    workbook,
    t('analytics.export.sheet_over_time'),
    [{ header: t('analytics.export.col_date'), kind: 'date' }, { header: t('analytics.export.col_answered'), kind: 'integer' }, { header: t('analytics.export.col_cumulative'), kind: 'integer' }],
    fill.over_time.map((d) => [dateCell(d.date), d.answered, d.cumulative]),
  );
  return workbook;
}
