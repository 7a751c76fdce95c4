import { keyRoleColor, KEY_ROLE_CODES, type TGraphColorMode, type TGraphLayout, type TGraphVisualization, type TMetricDefinition, type TMetricsRow } from '@ona/contracts';
import type { GraphViewLabels } from '../graph-view.ts';

/** Column types every target format can state (GEXF integer/double/string/boolean, GraphML int/double/string/boolean). */
export type TValueType = 'string' | 'integer' | 'double' | 'boolean';
export type TValue = string | number | boolean | null;

export interface NetworkColumn {
  /** Stable machine name (the API's metric ids), the same in every language: R and Python scripts key on it. */
  name: string;
  type: TValueType;
  /** Name and one sentence in the reader's language (GraphML `desc`, docs). */
  label: string;
  description: string;
}

export interface NetworkTable {
  title: string;
  nodeColumns: NetworkColumn[];
  nodes: { id: string; label: string; values: Record<string, TValue>; color: string; x: number; y: number; zeroAnswers: boolean }[];
  edgeColumns: NetworkColumn[];
  edges: { source: string; target: string; values: Record<string, TValue> }[];
}

export interface NetworkTableLabels extends GraphViewLabels {
  column: (name: string) => { label: string; description: string };
  noUnit: string;
}

const NO_UNIT_COLOR = '#868e96';

/** `metric.format` to a column type: counts and community numbers are whole numbers, the rest decimals. */
function metricType(metric: TMetricDefinition): TValueType {
  return metric.format === 'integer' || metric.format === 'category' ? 'integer' : 'double';
}

/**
 * The graph view as one table of people and one of ties, whatever the file format: names beside
 * ids, labels instead of codes, the chosen layout's positions, the page's colours, and every metric
 * of the network (empty where the reader's level withholds it, or without metrics access).
 */
export function networkTable(
  view: TGraphVisualization,
  options: { title: string; layout: TGraphLayout; colorBy: TGraphColorMode; metrics: readonly TMetricDefinition[]; metricRows: readonly TMetricsRow[] },
  labels: NetworkTableLabels,
): NetworkTable {
  const column = (name: string, type: TValueType): NetworkColumn => ({ name, type, ...labels.column(name) });
  const customAttributes = view.node_attributes.filter((a) => a.key.startsWith('attr_'));
  const nodeColumns: NetworkColumn[] = [
    column('unit', 'string'),
    column('unit_id', 'integer'),
    column('leader', 'string'),
    column('leader_id', 'integer'),
    column('generation', 'string'),
    column('gender', 'string'),
    ...customAttributes.map((a) => ({ name: a.key, type: 'string' as const, label: a.label, description: a.label })),
    column('key_roles', 'string'),
    column('answer_count', 'integer'),
    column('given', 'integer'),
    column('received', 'integer'),
    ...options.metrics.map((m) => ({ name: m.id, type: metricType(m), label: m.label, description: m.description })),
  ];
  const units = new Map(view.units.map((u) => [u.id, u] as const));
  const metricsOf = new Map(options.metricRows.map((row) => [row.employee.id, row.values] as const));
  const nodes = view.employees.map((node) => {
    const unit = node.unit === null ? undefined : units.get(node.unit);
    const metrics = metricsOf.get(node.id);
    const values: Record<string, TValue> = {
      unit: unit?.name ?? labels.noUnit,
      unit_id: unit?.id ?? null,
      leader: node.leader_name,
      leader_id: node.parent,
      generation: node.attributes.generation ? labels.generation(node.attributes.generation) : null,
      gender: node.attributes.gender ? labels.gender(node.attributes.gender) : null,
      key_roles: KEY_ROLE_CODES.filter((role) => node.key_roles[role]).map((role) => labels.keyRole(role)).join(', '),
      answer_count: node.answer_count,
      given: node.given,
      received: node.received,
    };
    for (const attribute of customAttributes) values[attribute.key] = node.attributes[attribute.key] || null;
    for (const metric of options.metrics) values[metric.id] = metrics?.[metric.id] ?? null;
    const at = node.positions[options.layout];
    const color = options.colorBy === 'key_person' ? keyRoleColor(node.key_roles) : (unit?.color ?? NO_UNIT_COLOR);
    return { id: String(node.id), label: node.label, values, color, x: at.x, y: at.y, zeroAnswers: node.answer_count === 0 };
  });

  const names = new Map(view.employees.map((node) => [node.id, node.label] as const));
  const questions = new Map(view.questions.map((q) => [q.id, q.label] as const));
  const edgeColumns: NetworkColumn[] = [column('source_label', 'string'), column('target_label', 'string'), column('mutual', 'boolean'), column('question_count', 'integer'), column('questions', 'string')];
  const edges = view.relations.map((tie) => ({
    source: String(tie.source),
    target: String(tie.target),
    values: {
      source_label: names.get(tie.source) ?? '',
      target_label: names.get(tie.target) ?? '',
      mutual: tie.mutual,
      question_count: tie.questions.length,
      questions: tie.questions.map((q) => questions.get(q) ?? String(q)).join('; '),
    },
  }));
  return { title: options.title, nodeColumns, nodes, edgeColumns, edges };
}
