import type { TSurveyStatistics, TWithheldReason } from '@ona/contracts';
import type { Labeller } from '../analytics-shared/labels.ts';
import { withheldCellText } from '../analytics-shared/privacy.ts';
import { addTableSheet, dateCell, newWorkbook, type TableColumn, type TableWorkbook } from '../analytics-shared/workbook-table.ts';

export function statisticsWorkbook(data: TSurveyStatistics, label: Labeller, minGroupSize: number): TableWorkbook {
  const { t } = label;
  const workbook = newWorkbook();
  const fill = data.fill_statistics;
  // A withheld cell says why: below the minimum, or giving a small group away by difference.
  const shownOr = (reason: TWithheldReason) => (value: number | null) => value ?? withheldCellText(t, reason, minGroupSize);
  const shown = shownOr(fill.withheld_reason);
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
    fill.units.map((u) => {
      const unitShown = shownOr(u.withheld_reason);
      return [u.name, u.participant_count, unitShown(u.answered_count), unitShown(u.response_rate), unitShown(u.low_answer_count), unitShown(u.high_answer_count)];
    }),
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
