import type { TLeaderReport } from '@ona/contracts';
import type { MessageKey } from '../../i18n/translate.ts';
import type { Labeller } from '../analytics-shared/labels.ts';
import { addTableSheet, newWorkbook, type TableColumn, type TableWorkbook } from '../analytics-shared/workbook-table.ts';

const ATTENTION_PARTS = ['opinion', 'work_info', 'recognition', 'corporate_news'] as const;
const PRESTIGE_PARTS = ['advice', 'personal', 'attention', 'expertise'] as const;

/** One row per leader report with the four factors and their sub-scores (1–10, one decimal). */
export function leaderReportsWorkbook(reports: TLeaderReport[], label: Labeller, minGroupSize: number): TableWorkbook {
  const { t } = label;
  const workbook = newWorkbook();
  const withheld = t('analytics.export.withheld', { min: minGroupSize });
  const attention = t('analytics.export.col_attention');
  const prestige = t('analytics.export.col_prestige');
  const score = (header: string): TableColumn => ({ header, kind: 'decimal', decimals: 1 });
  // The sub-scores are headed by what they count, as the report page names them, not by their codes.
  const part = (factor: 'attention' | 'prestige', code: string, factorLabel: string) => score(`${factorLabel}: ${t(`exports.leader_report.${factor}.${code}` as MessageKey)}`);
  addTableSheet(
    workbook,
    t('analytics.export.sheet_leader_reports'),
    [
      t('analytics.export.col_leader'),
      { header: t('analytics.export.col_employee_id'), kind: 'integer' },
      t('analytics.export.col_unit'),
      { header: t('analytics.export.col_team_size'), kind: 'integer' },
      { header: t('analytics.export.col_respondents'), kind: 'integer' },
      score(attention),
      score(prestige),
      score(t('analytics.export.col_impartiality')),
      score(t('analytics.export.col_relationship')),
      ...ATTENTION_PARTS.map((code) => part('attention', code, attention)),
      ...PRESTIGE_PARTS.map((code) => part('prestige', code, prestige)),
    ],
    reports.map((r) => {
      const head = [r.leader.name, r.leader.id, r.unit?.name ?? '', r.team_size, r.respondent_count];
      if (r.withheld) return [...head, withheld];
      const { attention: a, prestige: p, impartiality: i, relationship: rel } = r.result;
      return [...head, a.score, p.score, i.score, rel.score, ...ATTENTION_PARTS.map((code) => a[code]), ...PRESTIGE_PARTS.map((code) => p[code])];
    }),
    { freezeColumns: 1 },
  );
  return workbook;
}
