import { tieDiff, WORK_KINDS, type PersonChange, type PersonSide, type TieDiffEdge } from '@ona/analytics';
import type { TDiffNode, TTieDiff, TTieDiffQuery } from '@ona/contracts';
import { ApiError } from '../../errors/api-error.ts';
import { dbId } from '../analytics-shared/latest-result.ts';
import { cachedComparison } from './comparison-cache.ts';
import { comparedJourney, type ComparisonSide, type ComparisonSides } from './comparison-sides.ts';

/** The compared questions a tie diff reads: `question` keys, else a `graph_type`, else every work question (the export: all of them). */
function chosenQuestions(sides: ComparisonSides, compared: readonly string[], query: TTieDiffQuery | 'every question'): string[] {
  if (query === 'every question') return [...compared];
  const unknown = query.question.find((key) => !compared.includes(key));
  if (unknown !== undefined) throw new ApiError(400, 'unknown_question', 'waves.errors.unknown_question', { question: ['waves.errors.unknown_question'] }, { question: unknown });
  if (query.question.length > 0) return compared.filter((key) => query.question.includes(key));
  const work = new Set<string>(WORK_KINDS);
  const now = new Map(sides.now.questions.map((q) => [q.key, q]));
  return compared.filter((key) => {
    const question = now.get(key);
    return question !== undefined && (query.graph_type ? question.category === query.graph_type : work.has(question.kind));
  });
}

/**
 * Whether the caller's graph view of one journey draws the tie source → target (docs/graph.md):
 * everything at all_access; at subtree the ties among their subtree except those naming them; at
 * self_only their own ties only.
 */
function drawable(side: ComparisonSide, source: PersonSide, target: PersonSide): boolean {
  const { level, ownEmployeeId, visible } = side.scope;
  if (level === 'all_access') return true;
  if (ownEmployeeId === null) return false;
  const s = dbId(source.id);
  const t = dbId(target.id);
  if (level === 'self_only') return s === ownEmployeeId;
  return visible.has(s) && visible.has(t) && t !== ownEmployeeId;
}

/** A tie is shown when each journey in which both people took part would draw that pair: its status then hides nothing. */
function shown(sides: ComparisonSides, source: PersonChange, target: PersonChange): boolean {
  if (source.then && target.then && !drawable(sides.then, source.then, target.then)) return false;
  if (source.now && target.now && !drawable(sides.now, source.now, target.now)) return false;
  return true;
}

const round = (value: number | undefined): number => (value !== undefined && Number.isFinite(value) ? Math.round(value * 10_000) / 10_000 : 0);

function position(side: ComparisonSide, person: PersonSide | null) {
  if (!person) return null;
  const layout = side.stored.result.graph.layouts.regular;
  return { x: round(layout.x[person.index]), y: round(layout.y[person.index]) };
}

/** The graph diff (contracts: ZTieDiff): ties kept, added and lost, people who stayed, joined and left. */
export function tieDiffView(sides: ComparisonSides, query: TTieDiffQuery | 'every question'): TTieDiff {
  const comparison = cachedComparison(sides, null);
  const keys = chosenQuestions(sides, comparison.questionKeys, query);
  const people = comparison.people;
  const edges = tieDiff(comparison, new Set(keys)).filter((edge) => shown(sides, people[edge.source]!, people[edge.target]!));

  // People each graph view shows: everyone, the subtree, or the caller and whom they named.
  const seen = (side: ComparisonSide, person: PersonSide | null): boolean => person !== null && (side.scope.level === 'all_access' || side.scope.visible.has(dbId(person.id)));
  const inDiff = new Set<number>();
  people.forEach((person, index) => {
    if (seen(sides.then, person.then) || seen(sides.now, person.now)) inDiff.add(index);
  });
  for (const edge of edges) {
    inDiff.add(edge.source);
    inDiff.add(edge.target);
  }
  const nodeId = (person: PersonChange): string => (person.now ? `now:${dbId(person.now.id)}` : `then:${dbId(person.then!.id)}`);
  const nodes: TDiffNode[] = [...inDiff].sort((a, b) => a - b).map((index) => {
    const person = people[index]!;
    return {
      id: nodeId(person),
      name: (person.now ?? person.then)!.name,
      status: person.status,
      then_id: person.then ? dbId(person.then.id) : null,
      now_id: person.now ? dbId(person.now.id) : null,
      unit_then: person.then ? dbId(person.then.unitId) : null,
      unit_now: person.now ? dbId(person.now.unitId) : null,
      position_then: position(sides.then, person.then),
      position_now: position(sides.now, person.now),
    };
  });
  const count = (status: TieDiffEdge['status']) => edges.filter((edge) => edge.status === status).length;
  const nodeCount = (status: PersonChange['status']) => [...inDiff].filter((index) => people[index]!.status === status).length;
  const questionOf = new Map(sides.now.questions.map((q) => [q.key, q]));
  const units = (side: ComparisonSide) => side.scope.units.map((u) => ({ id: u.id, name: u.name, parent: u.parentId }));
  return {
    journey: comparedJourney(sides.now.scope.engagement, sides.now.stored.finishedAt),
    earlier: comparedJourney(sides.then.scope.engagement, sides.then.stored.finishedAt),
    access: { then: sides.then.scope.level, now: sides.now.scope.level },
    graph_type: query !== 'every question' && query.question.length === 0 ? (query.graph_type ?? null) : null,
    questions: keys.map((key) => ({ key, label: questionOf.get(key)!.label, category: questionOf.get(key)!.category })),
    nodes,
    edges: edges.map((edge) => ({ source: nodeId(people[edge.source]!), target: nodeId(people[edge.target]!), status: edge.status, questions: edge.questions })),
    units_then: units(sides.then),
    units_now: units(sides.now),
    statistics: { kept: count('kept'), added: count('added'), lost: count('lost'), stayed: nodeCount('stayed'), joined: nodeCount('joined'), left: nodeCount('left') },
  };
}
