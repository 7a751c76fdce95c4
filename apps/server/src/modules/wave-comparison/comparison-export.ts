import type { TComparedUnitRef, TLocale, TMetricChange, TPersonWave, TTieDiff, TWaveComparison } from '@ona/contracts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import type { Labeller } from '../analytics-shared/labels.ts';
import type { TMetricFormat } from '@ona/contracts';
import { addTableSheet, newWorkbook, numberFormat, type TableColumn, type TableWorkbook } from '../analytics-shared/workbook-table.ts';

/** Excel formats of the metric formats (a label number like a community is a whole number). */
const NUMBER_FORMATS: Record<TMetricFormat, string> = {
  integer: '0',
  category: '0',
  decimal: numberFormat('decimal', 4) ?? '0.0000',
  percent: numberFormat('percent') ?? '0.0%',
};

type Cell = string | number | null;

const path = (unit: TComparedUnitRef | null | undefined): string | null => (unit ? unit.path.join(' / ') : null);

/**
 * The comparison as a workbook: a summary, one row per person (every metric then, now and its
 * change), per unit, per network, the people who joined and left, and the tie diff when the
 * caller may see it (`ties` null otherwise). Withheld cells stay empty, a withheld side says so.
 */
export function comparisonWorkbook(locale: TLocale, label: Labeller, comparison: TWaveComparison, ties: TTieDiff | null): TableWorkbook {
  const t = (key: MessageKey, params: Record<string, string | number> = {}): string => translate(locale, key, params);
  const withheld = t('waves.export.withheld');
  const workbook = newWorkbook();
  const flow = comparison.change.people;

  addTableSheet(
    workbook,
    t('waves.export.sheet_summary'),
    [{ header: t('waves.export.col_figure'), width: 36 }, { header: t('waves.export.col_value'), width: 48 }],
    [
      [t('waves.export.journey'), `${comparison.journey.name} (${comparison.journey.access_from} – ${comparison.journey.access_till})`],
      [t('waves.export.earlier'), `${comparison.earlier.name} (${comparison.earlier.access_from} – ${comparison.earlier.access_till})`],
      [t('waves.export.network'), comparison.network.label],
      [t('waves.export.people_then'), flow.then],
      [t('waves.export.people_now'), flow.now],
      [t('waves.statuses.stayed'), flow.stayed],
      [t('waves.statuses.joined'), flow.joined],
      [t('waves.statuses.left'), flow.left],
      [t('waves.export.unmatched_then'), flow.unmatched_then],
      [t('waves.export.unmatched_now'), flow.unmatched_now],
    ],
  );

  const personColumns: TableColumn[] = [
    { header: t('waves.export.col_employee'), width: 28 },
    { header: t('waves.export.col_status'), width: 14 },
    { header: t('waves.export.col_id_then'), width: 10, numFmt: '0' },
    { header: t('waves.export.col_id_now'), width: 10, numFmt: '0' },
  ];
  const side = (wave: TPersonWave | null, hidden: boolean, read: (w: TPersonWave) => Cell): Cell => (wave ? read(wave) : hidden ? withheld : null);
  const roles = (keyRoles: readonly string[], groupRoles: readonly string[]) => [...keyRoles.map(label.keyRole), ...groupRoles.map(label.groupRole)].join(', ');
  const metricColumns: TableColumn[] = comparison.metrics.flatMap((metric) => [
    { header: t('waves.export.then_of', { label: metric.label }), width: 14, numFmt: NUMBER_FORMATS[metric.format] },
    { header: t('waves.export.now_of', { label: metric.label }), width: 14, numFmt: NUMBER_FORMATS[metric.format] },
    { header: t('waves.export.change_of', { label: metric.label }), width: 14, numFmt: metric.format === 'category' ? '0' : NUMBER_FORMATS[metric.format] },
  ]);
  addTableSheet(
    workbook,
    t('waves.export.sheet_people'),
    [
      ...personColumns,
      { header: t('waves.export.col_unit_then'), width: 34 },
      { header: t('waves.export.col_unit_now'), width: 34 },
      { header: t('waves.export.col_risk_then'), width: 10, numFmt: '0' },
      { header: t('waves.export.col_risk_now'), width: 10, numFmt: '0' },
      { header: t('waves.export.col_risk_change'), width: 10, numFmt: '+0;-0;0' },
      { header: t('waves.export.col_factors_gained'), width: 34 },
      { header: t('waves.export.col_factors_lost'), width: 34 },
      { header: t('waves.export.col_roles_gained'), width: 28 },
      { header: t('waves.export.col_roles_lost'), width: 28 },
      ...metricColumns,
    ],
    comparison.people.map((person) => [
      person.name,
      t(`waves.statuses.${person.status}`),
      side(person.then, person.withheld_then, (w) => w.employee_id),
      side(person.now, person.withheld_now, (w) => w.employee_id),
      side(person.then, person.withheld_then, (w) => path(w.unit)),
      side(person.now, person.withheld_now, (w) => path(w.unit)),
      side(person.then, person.withheld_then, (w) => w.risk_level),
      side(person.now, person.withheld_now, (w) => w.risk_level),
      person.risk_change,
      person.factors_gained.map(label.riskFactor).join(', '),
      person.factors_lost.map(label.riskFactor).join(', '),
      roles(person.roles_gained.key_roles, person.roles_gained.group_roles),
      roles(person.roles_lost.key_roles, person.roles_lost.group_roles),
      ...comparison.metrics.flatMap((metric) => {
        const value: TMetricChange | undefined = person.metrics[metric.id];
        return [value?.then ?? null, value?.now ?? null, value?.change ?? null];
      }),
    ]),
    { freezeColumns: 1 },
  );

  const figure = (name: 'density' | 'reciprocity' | 'ei_index' | 'share_at_risk', numFmt: string): TableColumn[] => [
    { header: t('waves.export.then_of', { label: t(`waves.unit_figures.${name}`) }), width: 13, numFmt },
    { header: t('waves.export.now_of', { label: t(`waves.unit_figures.${name}`) }), width: 13, numFmt },
    { header: t('waves.export.change_of', { label: t(`waves.unit_figures.${name}`) }), width: 13, numFmt },
  ];
  addTableSheet(
    workbook,
    t('waves.export.sheet_units'),
    [
      { header: t('waves.export.col_unit'), width: 44 },
      { header: t('waves.export.col_status'), width: 16 },
      { header: t('waves.export.then_of', { label: t('waves.unit_figures.members') }), width: 12, numFmt: '0' },
      { header: t('waves.export.now_of', { label: t('waves.unit_figures.members') }), width: 12, numFmt: '0' },
      { header: t('waves.export.then_of', { label: t('waves.unit_figures.respondents') }), width: 12, numFmt: '0' },
      { header: t('waves.export.now_of', { label: t('waves.unit_figures.respondents') }), width: 12, numFmt: '0' },
      ...figure('density', '0.0%'),
      ...figure('reciprocity', '0.0%'),
      ...figure('ei_index', '0.000'),
      ...figure('share_at_risk', '0.0%'),
    ],
    comparison.units.map((unit) => {
      const value = (wave: typeof unit.then, read: (w: NonNullable<typeof unit.then>) => number | null): Cell => (wave === null ? null : (read(wave) ?? (wave.withheld || wave.ties_withheld ? withheld : null)));
      return [
        unit.path.join(' / '),
        t(`waves.unit_statuses.${unit.status}`),
        unit.then?.members ?? null,
        unit.now?.members ?? null,
        unit.then?.respondents ?? null,
        unit.now?.respondents ?? null,
        value(unit.then, (w) => w.density),
        value(unit.now, (w) => w.density),
        unit.change.density,
        value(unit.then, (w) => w.reciprocity),
        value(unit.now, (w) => w.reciprocity),
        unit.change.reciprocity,
        value(unit.then, (w) => w.ei_index),
        value(unit.now, (w) => w.ei_index),
        unit.change.ei_index,
        value(unit.then, (w) => w.share_at_risk),
        value(unit.now, (w) => w.share_at_risk),
        unit.change.share_at_risk,
      ];
    }),
    { freezeColumns: 1 },
  );

  const tieColumns = ['then', 'now', 'kept', 'added', 'lost', 'added_with_joiners', 'lost_with_leavers', 'added_by_new_respondents', 'lost_by_non_respondents'] as const;
  addTableSheet(
    workbook,
    t('waves.export.sheet_networks'),
    [
      { header: t('waves.export.col_network'), width: 44 },
      ...tieColumns.map((column) => ({ header: t(`waves.tie_counts.${column}`), width: 13, numFmt: '0' })),
      { header: t('waves.export.col_new_isolates'), width: 40 },
      { header: t('waves.export.col_bridges_then'), width: 13, numFmt: '0' },
      { header: t('waves.export.col_bridges_lost'), width: 60 },
    ],
    comparison.change.networks.map((network) => [
      network.label,
      ...tieColumns.map((column, i) => network.ties?.[column] ?? (i === 0 ? withheld : null)),
      network.withheld ? null : network.new_isolates.map((p) => p.name).join(', '),
      network.bridges_then,
      network.bridges_lost === null ? null : network.bridges_lost.map((b) => `${b.a.name} – ${b.b.name} (${t(`waves.bridge_reasons.${b.reason}`)})`).join('; '),
    ]),
    { freezeColumns: 1 },
  );

  addTableSheet(
    workbook,
    t('waves.export.sheet_flow'),
    personColumns,
    [
      ...comparison.change.joined.map((p) => [p.name, t('waves.statuses.joined'), p.then_id, p.now_id]),
      ...comparison.change.left.map((p) => [p.name, t('waves.statuses.left'), p.then_id, p.now_id]),
    ],
  );

  if (ties) {
    const names = new Map(ties.nodes.map((node) => [node.id, node.name]));
    addTableSheet(
      workbook,
      t('waves.export.sheet_ties'),
      [
        { header: t('waves.export.col_source'), width: 28 },
        { header: t('waves.export.col_target'), width: 28 },
        { header: t('waves.export.col_status'), width: 12 },
        { header: t('waves.export.col_questions'), width: 70 },
      ],
      ties.edges.map((edge) => [
        names.get(edge.source) ?? edge.source,
        names.get(edge.target) ?? edge.target,
        t(`waves.tie_statuses.${edge.status}`),
        edge.questions.map((q) => `${ties.questions.find((c) => c.key === q.key)?.label ?? q.key}: ${t(`waves.tie_statuses.${q.status}`)}`).join('; '),
      ]),
      { freezeColumns: 2 },
    );
  }
  return workbook;
}
