import type { TRetentionExplanations } from '@ona/contracts';
import type { RetentionExport } from './retention-service.ts';
import { addTableSheet, dateCell, newWorkbook, type TableWorkbook } from '../analytics-shared/workbook-table.ts';
import type { Labeller } from '../analytics-shared/labels.ts';

/**
 * The retention datasheet, one sheet per retention page, and a sheet explaining every risk level,
 * factor, role and dysfunction the workbook names, all in the request's language.
 */
export function retentionWorkbook(data: RetentionExport, label: Labeller, minGroupSize: number): TableWorkbook {
  const { t } = label;
  const workbook = newWorkbook();
  const names = new Map(data.employees.map((e) => [e.id, e.name]));
  const unitNames = new Map(data.units.map((u) => [u.id, u.name]));
  const nameOf = (id: number | null) => (id === null ? '' : (names.get(id) ?? ''));
  const withheldRow = [t('analytics.export.withheld', { min: minGroupSize })];

  // Under "aggregate risk only for leaders" the sheet has no risk columns at all (docs/privacy/confidentiality.md).
  const personalRisk = !data.individual_risk_withheld;
  const riskColumns = personalRisk ? [t('analytics.export.col_risk_level'), t('analytics.export.col_risk_factors')] : [];
  addTableSheet(
    workbook,
    t('analytics.export.sheet_employees'),
    [
      t('analytics.export.col_employee'),
      { header: t('analytics.export.col_employee_id'), kind: 'integer' },
      ...riskColumns,
      t('analytics.export.col_department'),
      t('analytics.export.col_leader'),
      t('analytics.export.col_generation'),
      t('analytics.export.col_key_roles'),
      { header: t('analytics.export.col_works_since'), kind: 'date' },
      t('analytics.export.col_group_roles'),
      t('analytics.export.col_has_answered'),
    ],
    data.employees.map((e) => [
      e.name,
      e.id,
      ...(personalRisk ? [e.risk_level === null ? '' : label.riskLevel(e.risk_level), e.risk_factors.map((f) => label.riskFactor(f.code)).join(', ')] : []),
      e.unit === null ? '' : (unitNames.get(e.unit) ?? ''),
      nameOf(e.leader),
      label.generation(e.generation),
      e.key_roles.map(label.keyRole).join(', '),
      dateCell(e.works_since),
      e.group_roles.map(label.groupRole).join(', '),
      label.yesNo(e.has_answered),
    ]),
    { freezeColumns: 1 },
  );

  const distribution = data.risk_distribution.counts;
  addTableSheet(
    workbook,
    t('analytics.export.sheet_risk_distribution'),
    [t('analytics.export.col_risk_level'), { header: t('analytics.export.col_count'), kind: 'integer' }],
    distribution === null ? [withheldRow] : Object.entries(distribution).map(([level, count]) => [label.riskLevel(Number(level)), count]),
  );

  const causes = data.results.most_typical_causes.items;
  addTableSheet(
    workbook,
    t('analytics.export.sheet_most_typical_causes'),
    [
      t('analytics.export.col_factor'),
      { header: t('analytics.export.col_count'), kind: 'integer' },
      { header: t('analytics.export.col_share'), kind: 'percent' },
      { header: t('analytics.export.col_share_at_risk'), kind: 'percent' },
      { header: t('analytics.export.col_high_risk_count'), kind: 'integer' },
      { header: t('analytics.export.col_explanation'), kind: 'long_text' },
    ],
    causes === null ? [withheldRow] : causes.map((c) => [label.riskFactor(c.factor), c.count, c.share, c.share_of_at_risk, c.high_risk_count, c.explanation]),
  );

  addTableSheet(
    workbook,
    t('analytics.export.sheet_key_people_in_danger'),
    [t('analytics.export.col_employee'), { header: t('analytics.export.col_employee_id'), kind: 'integer' }, t('analytics.export.col_risk_level'), t('analytics.export.col_key_roles'), t('analytics.export.col_group_roles'), t('analytics.export.col_risk_factors')],
    data.results.key_people_in_danger.map((k) => [nameOf(k.employee), k.employee, label.riskLevel(k.risk_level), k.key_roles.map(label.keyRole).join(', '), k.group_roles.map(label.groupRole).join(', '), k.risk_factors.map(label.riskFactor).join(', ')]),
  );

  addTableSheet(
    workbook,
    t('analytics.export.sheet_leaders_in_need_of_support'),
    [t('analytics.export.col_leader'), { header: t('analytics.export.col_employee_id'), kind: 'integer' }, { header: t('analytics.export.col_span'), kind: 'integer' }, t('analytics.export.col_neglected'), t('analytics.export.col_reasons')],
    data.results.leaders_in_need_of_support.map((l) => [nameOf(l.leader), l.leader, l.span, l.neglected.map(nameOf).join(', '), l.reasons.map(label.supportReason).join(', ')]),
  );

  const pairs = data.results.corresponding_causes.items;
  addTableSheet(
    workbook,
    t('analytics.export.sheet_corresponding_causes'),
    [t('analytics.export.col_factor_a'), t('analytics.export.col_factor_b'), { header: t('analytics.export.col_count'), kind: 'integer' }, { header: t('analytics.export.col_lift'), kind: 'decimal', decimals: 2 }],
    pairs === null ? [withheldRow] : pairs.map((p) => [label.riskFactor(p.factors[0]), label.riskFactor(p.factors[1]), p.count, p.lift]),
  );

  const groupRows = Object.entries(data.results.groups).flatMap(([set, rows]) =>
    rows.flatMap((row) =>
      row.dysfunctions.map((d) => [
        label.dysfunctionSet(set),
        row.group_name,
        label.dysfunction(d.code) + (d.factor ? ` (${label.riskFactor(d.factor)})` : ''),
        d.affected.length,
        row.size,
        d.explanation,
      ]),
    ),
  );
  addTableSheet(
    workbook,
    t('analytics.export.sheet_group_dysfunctions'),
    [
      t('analytics.export.col_set'),
      t('analytics.export.col_group'),
      t('analytics.export.col_dysfunction'),
      { header: t('analytics.export.col_people_affected'), kind: 'integer' },
      { header: t('analytics.export.col_team_size'), kind: 'integer' },
      { header: t('analytics.export.col_explanation'), kind: 'long_text' },
    ],
    groupRows,
  );

  addExplanationSheet(workbook, data.explanations, label);
  return workbook;
}

/** Every risk level, and each factor, role and dysfunction the data names, with its manager sentence. */
function addExplanationSheet(workbook: TableWorkbook, explanations: TRetentionExplanations, label: Labeller): void {
  const { t } = label;
  const rows = [
    ...Object.entries(explanations.risk_levels).map(([level, text]) => [t('analytics.export.kind_risk_level'), label.riskLevel(Number(level)), text]),
    ...Object.entries(explanations.risk_factors).map(([code, text]) => [t('analytics.export.kind_risk_factor'), label.riskFactor(code), text]),
    ...Object.entries(explanations.key_roles).map(([code, text]) => [t('analytics.export.kind_key_role'), label.keyRole(code), text]),
    ...Object.entries(explanations.group_roles).map(([code, text]) => [t('analytics.export.kind_group_role'), label.groupRole(code), text]),
    ...Object.entries(explanations.dysfunctions).map(([code, text]) => [t('analytics.export.kind_dysfunction'), label.dysfunction(code), text]),
  ];
  addTableSheet(
    workbook,
    t('analytics.export.sheet_explanations'),
    [t('analytics.export.col_entry_kind'), t('analytics.export.col_name'), { header: t('analytics.export.col_explanation'), kind: 'long_text', width: 90 }],
    rows,
  );
}
