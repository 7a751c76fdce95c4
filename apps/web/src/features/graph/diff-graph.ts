import { KEY_ROLE_CODES, type TDiffNode, type TGraphNode, type TGraphVisualization, type TPersonWaveStatus, type TTieDiff, type TTieStatus } from '@ona/contracts';
import type { TDiffMarks } from '../../graph/diff-appearance.ts';
import { GRAPH_CONSTANTS } from '../../graph/graph-constants.ts';

/**
 * The tie diff (GET …/comparison/ties/) as the graph the canvas draws: the same renderer, keyboard
 * path, tooltip and card as the single-wave graph, with the status of each tie and person on the
 * side (TDiffMarks). The canvas keys people by number: people of the later journey keep their
 * employee id, people who left take the negative of their earlier id (ids are positive).
 */
export function diffNodeNumber(node: Pick<TDiffNode, 'now_id' | 'then_id'>): number | null {
  if (node.now_id !== null) return node.now_id;
  return node.then_id === null ? null : -node.then_id;
}

export type TDiffGraph = { data: TGraphVisualization; marks: Omit<TDiffMarks, 'show'> };

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

const NO_ROLES = Object.fromEntries(KEY_ROLE_CODES.map((role) => [role, false])) as TGraphNode['key_roles'];

/**
 * People of the later journey stand where its layout put them. People who left were laid out in
 * the earlier journey only (the two layouts are not aligned), so each is put among the colleagues
 * they had ties with, at the middle of those colleagues' places now; one without such a colleague
 * keeps their earlier place.
 */
function placesOf(diff: TTieDiff, idOf: ReadonlyMap<string, number>): Map<number, { x: number; y: number }> {
  const places = new Map<number, { x: number; y: number }>();
  for (const node of diff.nodes) {
    const id = idOf.get(node.id);
    if (id === undefined) continue;
    const point = node.position_now ?? (node.status === 'left' ? null : node.position_then);
    if (point) places.set(id, point);
  }
  const partners = new Map<number, number[]>();
  for (const edge of diff.edges) {
    const source = idOf.get(edge.source);
    const target = idOf.get(edge.target);
    if (source === undefined || target === undefined) continue;
    if (source < 0 && target >= 0) partners.set(source, [...(partners.get(source) ?? []), target]);
    if (target < 0 && source >= 0) partners.set(target, [...(partners.get(target) ?? []), source]);
  }
  // A leaver stands a little off the middle of their colleagues (a twentieth of the drawing's
  // span, in a direction of their own), so that one with a single colleague is not drawn on them.
  const xs = [...places.values()].map((p) => p.x);
  const ys = [...places.values()].map((p) => p.y);
  const span = xs.length > 0 ? Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) : 0;
  const step = (span > 0 ? span : 1) / 20;
  for (const node of diff.nodes) {
    const id = idOf.get(node.id);
    if (id === undefined || places.has(id)) continue;
    const around = (partners.get(id) ?? []).map((partner) => places.get(partner)).filter((point) => point !== undefined);
    if (around.length > 0) {
      const angle = Math.abs(id) * GOLDEN_ANGLE;
      places.set(id, {
        x: around.reduce((sum, p) => sum + p.x, 0) / around.length + Math.cos(angle) * step,
        y: around.reduce((sum, p) => sum + p.y, 0) / around.length + Math.sin(angle) * step,
      });
    } else places.set(id, node.position_then ?? { x: 0, y: 0 });
  }
  return places;
}

export function diffGraph(diff: TTieDiff): TDiffGraph {
  const idOf = new Map<string, number>();
  for (const node of diff.nodes) {
    const id = diffNodeNumber(node);
    if (id !== null) idOf.set(node.id, id);
  }
  const places = placesOf(diff, idOf);
  const unitNames = new Map<string, string>([...diff.units_now.map((unit) => [`now:${unit.id}`, unit.name] as const), ...diff.units_then.map((unit) => [`then:${unit.id}`, unit.name] as const)]);
  const ties = new Map<string, TTieStatus>();
  const relations: TGraphVisualization['relations'] = [];
  const given = new Map<number, number>();
  const received = new Map<number, number>();
  for (const edge of diff.edges) {
    const source = idOf.get(edge.source);
    const target = idOf.get(edge.target);
    if (source === undefined || target === undefined) continue;
    ties.set(`${source}>${target}`, edge.status);
    // The diff's pairs are drawn one by one (a returned tie may be kept while its partner is lost).
    relations.push({ source, target, questions: [], mutual: false, isSelected: true });
    if (edge.status !== 'lost') {
      given.set(source, (given.get(source) ?? 0) + 1);
      received.set(target, (received.get(target) ?? 0) + 1);
    }
  }
  const people = new Map<number, TPersonWaveStatus>();
  const employees: TGraphNode[] = [];
  for (const node of diff.nodes) {
    const id = idOf.get(node.id);
    if (id === undefined) continue;
    people.set(id, node.status);
    const place = places.get(id) ?? { x: 0, y: 0 };
    const unitName = node.unit_now !== null ? unitNames.get(`now:${node.unit_now}`) : node.unit_then !== null ? unitNames.get(`then:${node.unit_then}`) : undefined;
    employees.push({
      id,
      label: node.name,
      unit: null,
      parent: null,
      leader_name: null,
      answer_count: null,
      x: place.x,
      y: place.y,
      positions: { regular: place, circular: place, orgchart: place, logo: place },
      size: GRAPH_CONSTANTS.defaultNodeSize,
      isSelected: true,
      attributes: {},
      key_roles: NO_ROLES,
      gender: null,
      organizational_unit: unitName ?? '',
      given: given.get(id) ?? 0,
      received: received.get(id) ?? 0,
    });
  }
  const data: TGraphVisualization = {
    employees,
    units: [],
    node_attributes: [],
    questions: [],
    relations,
    filters: [],
    graph_types: [],
    statistics: { employee_count: employees.length, connection_count: relations.length, directed: true, mutual_count: 0, mutual_percentage: 0 },
    graph_type: diff.graph_type,
    own_employee_id: null,
    named_by: null,
  };
  return { data, marks: { ties, people } };
}
