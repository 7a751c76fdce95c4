import ExcelJS from 'exceljs';
import type { TLeaderReport } from '@ona/contracts';
import type { Labeller } from '../analytics-shared/labels.ts';
import { addTableSheet } from '../analytics-shared/xlsx-reply.ts';

/** One row per leader report with the four factors and their sub-scores. */
export function leaderReportsWorkbook(reports: TLeaderReport[], label: Labeller, minGroupSize: number): ExcelJS.Workbook {
  const { t } = label;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ONA platform';
  const withheld = t('analytics.export.withheld', { min: minGroupSize });
  const attention = t('analytics.export.col_attention');
  const prestige = t('analytics.export.col_prestige');
  addTableSheet(
    workbook,
    t('analytics.export.sheet_leader_reports'),
    [
      t('analytics.export.col_leader'),
      t('analytics.export.col_unit'),
      t('analytics.export.col_team_size'),
      t('analytics.export.col_respondents'),
      attention,
      prestige,
      t('analytics.export.col_impartiality'),
      t('analytics.export.col_relationship'),
      `${attention}: opinion`,
      `${attention}: work_info`,
      `${attention}: recognition`,
      `${attention}: corporate_news`,
      `${prestige}: advice`,
      `${prestige}: personal`,
      `${prestige}: attention`,
      `${prestige}: expertise`,
    ],
    reports.map((r) => {
      const head = [r.leader.name, r.unit?.name ?? '', r.team_size, r.respondent_count];
      if (r.withheld) return [...head, withheld];
      const { attention: a, prestige: p, impartiality: i, relationship: rel } = r.result;
      return [...head, a.score, p.score, i.score, rel.score, a.opinion, a.work_info, a.recognition, a.corporate_news, p.advice, p.personal, p.attention, p.expertise];
    }),
  );
  return workbook;
}
