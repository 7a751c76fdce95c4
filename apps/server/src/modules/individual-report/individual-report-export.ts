import ExcelJS from 'exceljs';
import { CHARACTER_TYPE_CODES, HIERARCHY_LEVEL_CODES, type TIndividualReport } from '@ona/contracts';
import type { Labeller } from '../analytics-shared/labels.ts';
import { addTableSheet } from '../analytics-shared/xlsx-reply.ts';

/** One row per visible employee: the counts, character type scores and relations by level. */
export function individualReportsWorkbook(reports: TIndividualReport[], label: Labeller): ExcelJS.Workbook {
  const { t } = label;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ONA platform';
  addTableSheet(
    workbook,
    t('analytics.export.sheet_individual_reports'),
    [
      t('analytics.export.col_employee'),
      t('analytics.export.col_unit'),
      t('analytics.export.col_hierarchy_level'),
      t('analytics.export.col_mentioning_you'),
      t('analytics.export.col_turning_to_you'),
      t('analytics.export.col_mutual'),
      ...CHARACTER_TYPE_CODES.map(label.characterType),
      ...HIERARCHY_LEVEL_CODES.map(label.hierarchyLevel),
    ],
    reports.map((r) => [
      r.employee.name,
      r.unit?.name ?? '',
      label.hierarchyLevel(r.hierarchy_level),
      r.mentioning_you,
      r.turning_to_you,
      r.mutual_relationships,
      ...CHARACTER_TYPE_CODES.map((c) => r.character_types[c]?.score ?? null),
      ...HIERARCHY_LEVEL_CODES.map((l) => r.relations_by_level[l]?.count ?? null),
    ]),
  );
  return workbook;
}
