import { describe, expect, it } from 'vitest';
import { buildOrganisation } from '../graph/organisation.ts';
import { nominationsByIds } from '../input/nomination-columns.ts';
import { resolveOptions } from '../options.ts';
import { createRng } from '../prng.ts';
import type { AnalysisInput, Question } from '../types.ts';
import { QUESTION_KINDS } from '../types.ts';
import { buildGraphData } from './graph-data.ts';

/** A survey of `questionCount` questions among 30 people, each naming a few at random on each. */
function survey(questionCount: number, seed: number): AnalysisInput {
  const rng = createRng(seed);
  const employees = Array.from({ length: 30 }, (_, v) => ({ id: `e${v}`, name: `Person ${v}`, unitId: v < 15 ? 'u1' : 'u2', leaderId: v === 0 ? null : 'e0', hasAnswered: true }));
  const questions: Question[] = Array.from({ length: questionCount }, (_, q) => ({ id: `q${q}`, category: 'work_info', kind: QUESTION_KINDS[q % QUESTION_KINDS.length]! }));
  const nominations = [];
  for (const question of questions) {
    for (const source of employees) {
      for (let k = 0; k < 3; k++) {
        const target = employees[Math.floor(rng() * employees.length)]!;
        if (target !== source) nominations.push({ questionId: question.id, sourceId: source.id, targetId: target.id });
      }
    }
  }
  return {
    employees,
    units: [{ id: 'u1', name: 'One', parentId: null }, { id: 'u2', name: 'Two', parentId: null }],
    questions,
    nominations: nominationsByIds(employees, questions, nominations),
  };
}

describe('the graph data’s ties', () => {
  // 13 questions fit one word of marks; 40 take two (questions 32–39 in the second).
  for (const questionCount of [13, 40]) {
    it(`list every question that asked the tie, in the survey's order, and whether it is named back (${questionCount} questions)`, () => {
      const input = survey(questionCount, questionCount);
      const org = buildOrganisation(input);
      const n = input.employees.length;
      const data = buildGraphData(org, Array.from({ length: n }, () => []), Array.from({ length: n }, () => 0), { regular: { x: [], y: [] }, circular: { x: [], y: [] }, orgchart: { x: [], y: [] }, logo: { x: [], y: [] } }, resolveOptions({}));
      // Expected straight from the nominations.
      const askedBy = new Map<string, Set<string>>();
      const { source, target, question } = input.nominations;
      for (let i = 0; i < source.length; i++) {
        const key = `${input.employees[source[i]!]!.id}>${input.employees[target[i]!]!.id}`;
        askedBy.set(key, (askedBy.get(key) ?? new Set()).add(input.questions[question[i]!]!.id));
      }
      expect(data.edges).toHaveLength(askedBy.size);
      for (const edge of data.edges) {
        const asked = askedBy.get(`${edge.source}>${edge.target}`)!;
        expect(edge.questions).toEqual(input.questions.map((q) => q.id).filter((id) => asked.has(id)));
        expect(edge.mutual).toBe(askedBy.has(`${edge.target}>${edge.source}`));
      }
      expect(data.edges.some((edge) => edge.questions.some((id) => Number(id.slice(1)) >= 32))).toBe(questionCount > 32);
      expect(data.statistics.mutual).toBe(data.edges.filter((edge) => edge.mutual).length / 2);
    });
  }
});
