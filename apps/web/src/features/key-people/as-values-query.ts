import type { TKeyPeopleAsValues } from '@ona/contracts';

/** The two groups of the as-values view as the user picked them. */
export type TAsValuesSelection = {
  sourceUsers: readonly number[];
  sourceUnits: readonly number[];
  targetUsers: readonly number[];
  targetUnits: readonly number[];
};

export type TAsValuesQuery = { su: number[]; tu: number[]; sun: number[]; tun: number[] };

export const EVERYONE_TO_EVERYONE: TAsValuesSelection = { sourceUsers: [], sourceUnits: [], targetUsers: [], targetUnits: [] };

const normalised = (ids: readonly number[]) => [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0).sort((a, b) => a - b);

/**
 * The query of GET …/key-people-analytics/as-values/ (spec §7: su, tu, sun, tun, each repeated).
 * Ids are de-duplicated and sorted, so the same groups picked in another order are one cache entry.
 * An empty side means everyone the caller sees (the server's reading).
 */
export function asValuesQuery(selection: TAsValuesSelection): TAsValuesQuery {
  return {
    su: normalised(selection.sourceUsers),
    tu: normalised(selection.targetUsers),
    sun: normalised(selection.sourceUnits),
    tun: normalised(selection.targetUnits),
  };
}

export function sameQuery(a: TAsValuesQuery, b: TAsValuesQuery): boolean {
  return (['su', 'tu', 'sun', 'tun'] as const).every((key) => a[key].length === b[key].length && a[key].every((id, index) => id === b[key][index]));
}

export type TRankedTarget = {
  rank: number;
  employee: { id: number; name: string };
  total: number;
  /** The questions this person was named on most, most first, at most `topCount`. */
  topQuestions: { questionId: number; kind: string; count: number }[];
};

/**
 * Targets ranked by nominations received from the source group. Equal totals share a rank
 * (1, 2, 2, 4), so two people named equally often never look as if one led.
 */
export function rankTargets(values: TKeyPeopleAsValues, locale: string, topCount = 3): TRankedTarget[] {
  const kindOf = new Map(values.questions.map((question) => [question.question_id, question.kind]));
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const sorted = [...values.targets].sort((a, b) => b.total - a.total || collator.compare(a.employee.name, b.employee.name) || a.employee.id - b.employee.id);
  let previousTotal: number | null = null;
  let previousRank = 0;
  return sorted.map((target, index) => {
    const rank = target.total === previousTotal ? previousRank : index + 1;
    previousTotal = target.total;
    previousRank = rank;
    const topQuestions = Object.entries(target.by_question)
      .map(([questionId, count]) => ({ questionId: Number(questionId), kind: kindOf.get(Number(questionId)) ?? questionId, count }))
      .filter((entry) => entry.count > 0)
      .sort((a, b) => b.count - a.count || a.questionId - b.questionId)
      .slice(0, topCount);
    return { rank, employee: target.employee, total: target.total, topQuestions };
  });
}

/**
 * Density as a percentage with two significant digits: between groups it is often far below 1%,
 * where a fixed decimal would show "0%" for a density that is not zero. Withheld (null) is '–'.
 */
export function formatDensity(density: number | null, locale: string): string {
  if (density === null) return '–';
  if (density === 0) return new Intl.NumberFormat(locale, { style: 'percent' }).format(0);
  return new Intl.NumberFormat(locale, { style: 'percent', maximumSignificantDigits: 2 }).format(density);
}
