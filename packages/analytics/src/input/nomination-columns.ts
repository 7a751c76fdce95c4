import type { Employee, LeadershipItem, LeadershipNomination, NominationColumns, Question } from '../types.ts';

/**
 * Collects nominations into `NominationColumns` without an object per nomination: three growing
 * Int32 columns, trimmed to their length by `build()`. Loaders that know an upper bound of the
 * count (the server: the sum of the answers' selections) pass it and never grow.
 */
export class NominationColumnsBuilder {
  private source: Int32Array;
  private target: Int32Array;
  private question: Int32Array;
  private length = 0;

  constructor(capacity = 1024) {
    const size = Math.max(1, capacity);
    this.source = new Int32Array(size);
    this.target = new Int32Array(size);
    this.question = new Int32Array(size);
  }

  /** `source` names `target` on `question` (indexes into the input's employees and questions). */
  push(source: number, target: number, question: number): void {
    if (this.length === this.source.length) this.grow(this.length * 2);
    this.source[this.length] = source;
    this.target[this.length] = target;
    this.question[this.length++] = question;
  }

  get count(): number {
    return this.length;
  }

  /** The columns at their exact length (copied when the builder over-allocated, so no spare capacity stays alive). */
  build(): NominationColumns {
    if (this.length !== this.source.length) this.grow(this.length);
    return { source: this.source, target: this.target, question: this.question };
  }

  private grow(size: number): void {
    const copy = (from: Int32Array): Int32Array => {
      const to = new Int32Array(size);
      to.set(from.subarray(0, Math.min(this.length, size)));
      return to;
    };
    this.source = copy(this.source);
    this.target = copy(this.target);
    this.question = copy(this.question);
  }
}

/** No nominations at all. */
export function emptyNominations(): NominationColumns {
  return { source: new Int32Array(0), target: new Int32Array(0), question: new Int32Array(0) };
}

/** A nomination written with ids, as hand-made fixtures and uploaded files name people. */
export interface NominationByIds {
  questionId: string;
  sourceId: string;
  targetId: string;
}

/**
 * Columns from nominations written with ids, for small hand-made inputs (tests, fixtures, an
 * uploaded workbook): each id becomes the index of its first employee or question. An unknown id
 * becomes −1, which the engine drops with the warning it always gave for unknown ids.
 */
export function nominationsByIds(employees: readonly Pick<Employee, 'id'>[], questions: readonly Pick<Question, 'id'>[], nominations: readonly NominationByIds[]): NominationColumns {
  const employeeIndex = firstIndexes(employees);
  const questionIndex = firstIndexes(questions);
  const columns = new NominationColumnsBuilder(nominations.length);
  for (const nomination of nominations) {
    columns.push(employeeIndex.get(nomination.sourceId) ?? -1, employeeIndex.get(nomination.targetId) ?? -1, questionIndex.get(nomination.questionId) ?? -1);
  }
  return columns.build();
}

/** The 360 block's columns (types.ts, `Leadership360Input`) from choices written with ids, as `nominationsByIds` makes the survey's. */
export function leadershipNominationsByIds(employees: readonly Pick<Employee, 'id'>[], items: readonly Pick<LeadershipItem, 'id'>[], nominations: readonly LeadershipNomination[]): NominationColumns {
  return nominationsByIds(
    employees,
    items,
    nominations.map(({ itemId, sourceId, leaderId }) => ({ questionId: itemId, sourceId, targetId: leaderId })),
  );
}

/** The nominations back as ids, in column order (tests that rename or filter an input). Out-of-range indexes give undefined ids. */
export function nominationIds(employees: readonly Pick<Employee, 'id'>[], questions: readonly Pick<Question, 'id'>[], columns: NominationColumns): { questionId: string | undefined; sourceId: string | undefined; targetId: string | undefined }[] {
  return Array.from(columns.source, (source, i) => ({ questionId: questions[columns.question[i]!]?.id, sourceId: employees[source]?.id, targetId: employees[columns.target[i]!]?.id }));
}

function firstIndexes(list: readonly { id: string }[]): Map<string, number> {
  const indexes = new Map<string, number>();
  list.forEach((item, i) => {
    if (!indexes.has(item.id)) indexes.set(item.id, i);
  });
  return indexes;
}
