import { nominationsByIds, type AnalysisInput, type Digraph, type QuestionKind, type GraphCategory } from '@ona/analytics';
import { buildOrganisation } from '../../packages/analytics/src/graph/organisation.ts';
import { syntheticOrganisation } from '../../packages/analytics/src/testing/synthetic.ts';
import { generateDemoOrganisation } from '../../apps/server/src/demo/generate-demo.ts';

export interface BenchmarkGraph {
  /** synthetic-1000: the analysis benchmark's organisation; demo-1000: the demo's finished survey. */
  name: string;
  work: Digraph;
}

/**
 * The work networks whose communities the benchmark compares with igraph: the analysis
 * benchmark's synthetic organisations (seed 42) and the demo organisation's finished survey
 * (what the graph benchmark loads), each of 1,000 and 5,000 people.
 */
export function benchmarkGraphs(sizes: readonly number[] = [1000, 5000]): BenchmarkGraph[] {
  const graphs: BenchmarkGraph[] = [];
  for (const size of sizes) {
    graphs.push({ name: `synthetic-${size}`, work: buildOrganisation(syntheticOrganisation({ employees: size, seed: 42, with360: true })).work });
    const company = generateDemoOrganisation({ size, referenceDate: '2026-10-12' });
    const survey = company.engagements.find((e) => e.status === 'finished')!;
    const employees = company.employees.map((p) => ({ id: p.key, name: p.name, unitId: p.unitKey, leaderId: p.leaderKey, hasAnswered: true }));
    const questions = survey.questions.map((q) => ({ id: q.key, category: q.category as GraphCategory, kind: q.kind as QuestionKind, label: q.key }));
    const input: AnalysisInput = {
      units: company.units.map((u) => ({ id: u.key, name: u.name, parentId: u.parentKey })),
      employees,
      questions,
      nominations: nominationsByIds(employees, questions, survey.answers.flatMap((a) => a.selectedKeys.map((target) => ({ questionId: a.questionKey, sourceId: a.employeeKey, targetId: target })))),
    };
    graphs.push({ name: `demo-${size}`, work: buildOrganisation(input).work });
  }
  return graphs;
}

/** The undirected simple graph the communities are computed on: each pair once, smaller id first. */
export function undirectedPairs(graph: Digraph): [number, number][] {
  const pairs = new Set<number>();
  const n = graph.nodeCount;
  for (let v = 0; v < n; v++) {
    for (let i = graph.outOffsets[v]!; i < graph.outOffsets[v + 1]!; i++) {
      const w = graph.outTargets[i]!;
      pairs.add(Math.min(v, w) * n + Math.max(v, w));
    }
  }
  return [...pairs].sort((a, b) => a - b).map((key) => [Math.floor(key / n), key % n]);
}
