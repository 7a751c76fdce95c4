import { CHARACTER_TYPE_CODES, HIERARCHY_LEVEL_CODES, type TIndividualReport } from '@ona/contracts';
import type { Labeller } from '../analytics-shared/labels.ts';
import { addTableSheet, newWorkbook, type TableColumn, type TableWorkbook } from '../analytics-shared/workbook-table.ts';

/** One row per visible employee: the counts, character type scores and relations by level. */
export function individualReportsWorkbook(reports: TIndividualReport[], label: Labeller): TableWorkbook {
  const { t } = label;
  const workbook = newWorkbook();
  const count = (header: string): TableColumn => ({ header, kind: 'integer' });
  addTableSheet(
    workbook,
    t('analytics.export.sheet_individual_reports'),
    [
      t('analytics.export.col_employee'),
      count(t('analytics.export.col_employee_id')),
      t('analytics.export.col_unit'),
      t('analytics.export.col_hierarchy_level'),
      count(t('analytics.export.col_mentioning_you')),
      count(t('analytics.export.col_turning_to_you')),
      count(t('analytics.export.col_mutual')),
      ...CHARACTER_TYPE_CODES.map((code): TableColumn => ({ header: label.characterType(code), kind: 'decimal', decimals: 1 })),
      ...HIERARCHY_LEVEL_CODES.map((code) => count(label.hierarchyLevel(code))),
    ],
    reports.map((r) => [
      r.employee.name,
      r.employee.id,
      r.unit?.name ?? '',
      label.hierarchyLevel(r.hierarchy_level),
      r.mentioning_you,
      r.turning_to_you,
      r.mutual_relationships,
      ...CHARACTER_TYPE_CODES.map((c) => r.character_types[c]?.score ?? null),
      ...HIERARCHY_LEVEL_CODES.map((l) => r.relations_by_level[l]?.count ?? null),
    ]),
    { freezeColumns: 1 },
  );
  return workbook;
}
