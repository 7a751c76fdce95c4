import type { AnalysisInput, Employee, QuestionKind } from '../types.ts';
import { DEFAULT_QUESTIONNAIRE } from './synthetic.ts';
import { nominationsByIds } from '../input/nomination-columns.ts';

/**
 * Hand-made organisations for rule tests. Questions use the default questionnaire, whose ids
 * equal their kinds except corporate_news ('news').
 */
export class OrgBuilder {
  private readonly employees: Employee[] = [];
  private readonly units = new Map<string, string | null>();
  private readonly ties: { questionId: string; sourceId: string; targetId: string }[] = [];

  unit(id: string, parentId: string | null = null): this {
    this.units.set(id, parentId);
    return this;
  }

  person(id: string, unitId: string, leaderId: string | null = null, hasAnswered = true): this {
    if (!this.units.has(unitId)) this.units.set(unitId, null);
    this.employees.push({ id, name: id.toUpperCase(), unitId, leaderId, hasAnswered });
    return this;
  }

  /** source names each target on the kinds. */
  names(sourceId: string, kinds: readonly QuestionKind[], targetIds: readonly string[]): this {
    for (const kind of kinds) {
      const question = DEFAULT_QUESTIONNAIRE.find((q) => q.kind === kind)!;
      for (const targetId of targetIds) this.ties.push({ questionId: question.id, sourceId, targetId });
    }
    return this;
  }

  build(): AnalysisInput {
    return {
      employees: this.employees,
      units: [...this.units.entries()].map(([id, parentId]) => ({ id, name: id, parentId })),
      questions: DEFAULT_QUESTIONNAIRE,
      nominations: nominationsByIds(this.employees, DEFAULT_QUESTIONNAIRE, this.ties),
    };
  }
}

export const ALL_KINDS: readonly QuestionKind[] = DEFAULT_QUESTIONNAIRE.map((q) => q.kind);
/** Kinds a content member names their leader on: all leader-relationship kinds. */
export const LEADER_KINDS: readonly QuestionKind[] = ['attention', 'sympathy', 'advice', 'personal', 'feedback', 'recognition', 'development'];
