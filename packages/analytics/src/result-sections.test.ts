import { describe, expect, it } from 'vitest';
import { runAnalysis } from './run-analysis.ts';
import { runAnalysisInSections } from './run-analysis-async.ts';
import { RESULT_SECTIONS } from './result-sections.ts';
import type { ResultSection } from './result-sections.ts';
import { syntheticOrganisation } from './testing/synthetic.ts';
import { NominationColumnsBuilder, nominationsByIds } from './input/nomination-columns.ts';
import type { AnalysisInput } from './types.ts';

// Small thresholds put a 150-person organisation on the worker pool, as 100,000 people are.
const ON_THE_POOL = { metrics: { betweenness: { exactMaxNodes: 100, pivots: 40, workExactMaxNodes: 100, workPivots: 60, parallelMinNodes: 0 } } };

describe('the analysis in sections', () => {
  const input = syntheticOrganisation({ employees: 150, seed: 7, with360: true });

  for (const workers of [1, 2]) {
    it(`hands over every section once, and put together in their order they are runAnalysis' result as JSON (${workers} worker${workers > 1 ? 's' : ''})`, async () => {
      const order: ResultSection[] = [];
      const sections = new Map<ResultSection, unknown>();
      await runAnalysisInSections(input, ON_THE_POOL, undefined, { workers }, (section, value) => {
        order.push(section);
        sections.set(section, value);
      });
      expect([...order].sort()).toEqual([...RESULT_SECTIONS].sort());
      const joined = JSON.stringify(Object.fromEntries(RESULT_SECTIONS.map((section) => [section, sections.get(section)])));
      expect(joined).toBe(JSON.stringify(runAnalysis(input, ON_THE_POOL)));
    });
  }

  it('hands over the metrics and the reports before the graph data is built, so they need not be held beside it', async () => {
    const order: ResultSection[] = [];
    await runAnalysisInSections(input, ON_THE_POOL, undefined, { workers: 2 }, (section) => order.push(section));
    const before = (early: ResultSection, late: ResultSection) => order.indexOf(early) < order.indexOf(late);
    for (const early of ['metrics', 'individualReports', 'reports360', 'leaderReports', 'employees'] as const) expect(before(early, 'graph')).toBe(true);
    expect(before('metrics', 'individualReports')).toBe(true);
  });
});

describe('nominations in columns', () => {
  const base = syntheticOrganisation({ employees: 120, seed: 3 });

  it('gives the same result whatever the order of the entries', () => {
    const { source, target, question } = base.nominations;
    const reversed = new NominationColumnsBuilder(source.length);
    for (let i = source.length - 1; i >= 0; i--) reversed.push(source[i]!, target[i]!, question[i]!);
    expect(JSON.stringify(runAnalysis({ ...base, nominations: reversed.build() }))).toBe(JSON.stringify(runAnalysis(base)));
  });

  it('drops entries whose index is outside the employees or the questions, with a warning, and keeps the rest', () => {
    const input: AnalysisInput = {
      employees: ['a', 'b', 'c'].map((id) => ({ id, name: id, unitId: 'u', leaderId: null, hasAnswered: true })),
      units: [{ id: 'u', name: 'u', parentId: null }],
      questions: [{ id: 'q', category: 'work_info', kind: 'advice' }],
      // b → a kept; then a target past the end, a negative source and an unknown question.
      nominations: { source: Int32Array.of(1, 0, -1, 2), target: Int32Array.of(0, 3, 0, 0), question: Int32Array.of(0, 0, 0, 1) },
    };
    const result = runAnalysis(input);
    expect(result.warnings).toContain('3 nominations name an unknown question or employee and were ignored');
    expect(result.metrics.byKind.advice!.inDegree).toEqual([1, 0, 0]);
  });

  it('reads nominations written with ids as the first employee and question of each id, unknown ids dropped', () => {
    const employees = [{ id: 'a' }, { id: 'b' }, { id: 'a' }];
    const questions = [{ id: 'q' }, { id: 'r' }];
    const columns = nominationsByIds(employees, questions, [
      { questionId: 'r', sourceId: 'b', targetId: 'a' },
      { questionId: 'q', sourceId: 'x', targetId: 'b' },
    ]);
    expect([...columns.source]).toEqual([1, -1]);
    expect([...columns.target]).toEqual([0, 1]);
    expect([...columns.question]).toEqual([1, 0]);
  });
});
