import type { AnalysisInput, Employee, Question } from '../types.ts';
import { nominationsByIds } from '../input/nomination-columns.ts';
import { krackhardtNodes, krackhardtTies } from './krackhardt.ts';

/**
 * The Krackhardt (1987) managers as an engine input, as the second demo shows them: advice is the
 * advice question, friendship the sympathy question, reports-to the leader tree, departments the
 * units (the CEO's department above the others). Only the two questions the study asked are in
 * the questionnaire, so rules that need other questions stay silent. Everyone answered.
 */
export function krackhardtOrganisation(): AnalysisInput {
  const nodes = krackhardtNodes();
  const leaderOf = new Map(krackhardtTies('reports_to').map((tie) => [tie.source, tie.target]));
  const ceo = nodes.find((node) => !leaderOf.has(node.id))!;
  const departments = [...new Set(nodes.map((node) => node.dept))].sort();
  const unitId = (dept: string): string => `dept-${dept}`;
  const employees: Employee[] = nodes.map((node) => ({ id: node.id, name: `Manager ${node.id}`, unitId: unitId(node.dept), leaderId: leaderOf.get(node.id) ?? null, hasAnswered: true }));
  const questions: Question[] = [
    { id: 'advice', category: 'work_info', kind: 'advice' },
    { id: 'friendship', category: 'trust', kind: 'sympathy' },
  ];
  return {
    employees,
    units: departments.map((dept) => ({ id: unitId(dept), name: `Department ${dept}`, parentId: dept === ceo.dept ? null : unitId(ceo.dept) })),
    questions,
    nominations: nominationsByIds(employees, questions, [
      ...krackhardtTies('advice').map((tie) => ({ questionId: 'advice', sourceId: tie.source, targetId: tie.target })),
      ...krackhardtTies('friendship').map((tie) => ({ questionId: 'friendship', sourceId: tie.source, targetId: tie.target })),
    ]),
  };
}
