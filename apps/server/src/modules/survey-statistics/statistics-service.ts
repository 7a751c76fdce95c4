import { protectSums, type FigureSum, type Protection } from '@ona/analytics';
import { ANSWER_COUNT_LEGEND, type TSurveyStatistics } from '@ona/contracts';
import type { AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { withheldReason } from '../analytics-shared/privacy.ts';
import { unitTree } from '../analytics-shared/unit-tree.ts';
import type { ResponseFacts } from './statistics-repository.ts';

const rate = (answered: number, participants: number) => (participants > 0 ? answered / participants : null);

/**
 * Fill statistics over the employees the caller sees: overall, per unit (directly and with
 * sub-units) and per day. Counts and rates of a group with fewer respondents than the minimum are
 * withheld, and so are those that would give such a group away by difference: a unit's figures add
 * up (its direct members plus its sub-units), so the withheld parts under each shown total must
 * hold no respondent or at least the minimum (protectSums, docs/privacy/difference-protection.md).
 */
export function surveyStatistics(scope: AnalyticsScope, facts: ResponseFacts, minGroupSize: number): TSurveyStatistics {
  const seen = scope.employees.filter((e) => scope.visible.has(e.id));
  const isHigh = (id: number) => (facts.nominationsGiven.get(id) ?? 0) >= ANSWER_COUNT_LEGEND.highMin;
  const respondentCount = (people: readonly { id: number }[]) => people.filter((p) => facts.respondedOn.has(p.id)).length;
  const tally = (people: readonly { id: number }[], protection: Protection) => {
    const respondents = people.filter((p) => facts.respondedOn.has(p.id));
    const withheld = protection.withheld;
    return {
      participants: people.length,
      withheld,
      reason: withheldReason(protection, minGroupSize),
      answered: withheld ? null : respondents.length,
      rate: withheld ? null : rate(respondents.length, people.length),
      high: withheld ? null : respondents.filter((p) => isHigh(p.id)).length,
      low: withheld ? null : respondents.filter((p) => !isHigh(p.id)).length,
      finished: withheld ? null : respondents.filter((p) => facts.finished.has(p.id)).length,
    };
  };

  const tree = unitTree(scope.units);
  const directOf = (unitId: number) => seen.filter((e) => e.unitId === unitId);
  const subtreeOf = (unitId: number) => {
    const below = tree.subtreeOf(unitId);
    return seen.filter((e) => e.unitId !== null && below.has(e.unitId));
  };
  const unitIds = new Set(scope.units.map((unit) => unit.id));
  const sizes = new Map<string, number>([['overall', respondentCount(seen)]]);
  const sums: FigureSum<string>[] = [];
  for (const unit of scope.units) {
    sizes.set(`direct:${unit.id}`, respondentCount(directOf(unit.id)));
    sizes.set(`subtree:${unit.id}`, respondentCount(subtreeOf(unit.id)));
    sums.push({ total: `subtree:${unit.id}`, parts: [`direct:${unit.id}`, ...tree.childrenOf(unit.id).map((child) => `subtree:${child}`)], unshownRemainder: 0 });
  }
  const roots = scope.units.filter((unit) => unit.parentId === null || !unitIds.has(unit.parentId));
  const rootCovered = roots.reduce((total, unit) => total + (sizes.get(`subtree:${unit.id}`) ?? 0), 0);
  sums.push({ total: 'overall', parts: roots.map((unit) => `subtree:${unit.id}`), unshownRemainder: (sizes.get('overall') ?? 0) - rootCovered });
  const decisions = protectSums(sizes, sums, minGroupSize);
  const decision = (id: string): Protection => decisions.get(id) ?? { withheld: true, reason: 'group_below_minimum' };

  const units = scope.units
    .map((unit) => {
      const direct = tally(directOf(unit.id), decision(`direct:${unit.id}`));
      const subtree = tally(subtreeOf(unit.id), decision(`subtree:${unit.id}`));
      return {
        id: unit.id,
        name: unit.name,
        parent: unit.parentId,
        participant_count: direct.participants,
        answered_count: direct.answered,
        response_rate: direct.rate,
        subtree_participant_count: subtree.participants,
        subtree_answered_count: subtree.answered,
        subtree_response_rate: subtree.rate,
        low_answer_count: direct.low,
        high_answer_count: direct.high,
        withheld: direct.withheld,
        withheld_reason: direct.reason,
        subtree_withheld: subtree.withheld,
        subtree_withheld_reason: subtree.reason,
      };
    })
    // A subtree or self view lists only the units where the caller sees someone.
    .filter((u) => scope.level === 'all_access' || u.subtree_participant_count > 0);

  const overall = tally(seen, decision('overall'));
  const perDay = new Map<string, number>();
  for (const e of seen) {
    const day = facts.respondedOn.get(e.id);
    if (day) perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  let cumulative = 0;
  const overTime = overall.withheld
    ? []
    : [...perDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, answered]) => ({ date, answered, cumulative: (cumulative += answered) }));

  return {
    engagement: { id: scope.engagement.id, name: scope.engagement.name, default_language: scope.engagement.defaultLanguage, participant_count: scope.employees.length },
    fill_statistics: {
      participant_count: overall.participants,
      answered_count: overall.answered,
      finished_count: overall.finished,
      response_rate: overall.rate,
      withheld: overall.withheld,
      withheld_reason: overall.reason,
      legend: { low: [0, ANSWER_COUNT_LEGEND.lowMax], high_from: ANSWER_COUNT_LEGEND.highMin },
      low_answer_count: overall.low,
      high_answer_count: overall.high,
      units,
      over_time: overTime,
    },
  };
}
