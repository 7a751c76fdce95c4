/**
 * Difference protection: the privacy minimum applied not only to each aggregate alone but to
 * what two shown aggregates reveal together. docs/privacy/difference-protection.md gives the
 * reasoning; in short:
 *
 * - A group's figure is withheld when fewer than `minimum` respondents stand behind it
 *   (`group_below_minimum`, the rule every aggregate already had).
 * - A filtered group G shown beside a larger shown group R of the same view (the view's whole
 *   population, a unit, a parent unit) is withheld when 0 < |G Δ R| < minimum: subtracting one
 *   figure from the other would describe the few respondents in between
 *   (`difference_below_minimum`). For G inside R this is the complement R \ G; the symmetric
 *   difference also covers a filter that adds a few people to a unit.
 * - Where shown figures add up (a unit = its direct members + its sub-units), the parts withheld
 *   under one total must together hold 0 or at least `minimum` respondents, and a withheld total
 *   must not be the sum of shown parts; further parts are withheld until that holds
 *   (`protects_withheld_group`, the secondary suppression of statistical disclosure control).
 *
 * Pure: sets and counts in, decisions out; no I/O, no clock.
 */

/** Why a figure is withheld; the same codes travel in the API (contracts ZWithheldReasonCode). */
export type WithholdingReason = 'group_below_minimum' | 'difference_below_minimum' | 'protects_withheld_group' | 'differs_from_earlier_request';

export type Protection = { withheld: false; reason: null } | { withheld: true; reason: WithholdingReason };

export const SHOWN: Protection = { withheld: false, reason: null };
const withheldFor = (reason: WithholdingReason): Protection => ({ withheld: true, reason });

function assertMinimum(minimum: number): void {
  if (!Number.isInteger(minimum) || minimum < 1) throw new Error(`minimum is ${minimum}; use a whole number of respondents, at least 1.`);
}

/** |a Δ b|: the respondents in exactly one of the two groups. */
export function symmetricDifferenceSize<K>(a: ReadonlySet<K>, b: ReadonlySet<K>): number {
  let size = 0;
  for (const key of a) if (!b.has(key)) size++;
  for (const key of b) if (!a.has(key)) size++;
  return size;
}

/**
 * The decision for one filtered group, given the respondents behind it and the respondent sets
 * of the groups the same view shows anyway (its whole population, its units: the reference
 * groups). A reference group equal to the filtered one reveals nothing new; one that differs by
 * fewer than `minimum` respondents would, so the filtered figure is withheld. A filter that is
 * itself one of the reference groups yields only to larger ones: of two nested units that differ
 * by a few respondents the larger stays shown and the smaller is withheld, which is enough to
 * keep the difference unknown (reference groups are nested or disjoint, and two disjoint shown
 * groups differ by at least twice the minimum).
 */
export function protectFilteredGroup<K>(respondents: ReadonlySet<K>, referenceGroups: Iterable<ReadonlySet<K>>, minimum: number): Protection {
  assertMinimum(minimum);
  if (respondents.size < minimum) return withheldFor('group_below_minimum');
  const references = [...referenceGroups];
  const isReference = references.some((group) => symmetricDifferenceSize(respondents, group) === 0);
  for (const group of references) {
    if (isReference && group.size <= respondents.size) continue;
    const difference = symmetricDifferenceSize(respondents, group);
    if (difference > 0 && difference < minimum) return withheldFor('difference_below_minimum');
  }
  return SHOWN;
}

/**
 * The decision for a free filter (a hand-picked list of people) against the groups the same
 * reader was shown before on the same journey (the server's per-reader query log): withheld when
 * it differs from one of them by more than none and fewer than `minimum` respondents
 * (`differs_from_earlier_request`), as the two answers side by side would describe the few people
 * in between. An identical group reveals nothing new. Call it for a group the stateless rules
 * show; a withheld group is never logged, so it cannot block a later one.
 */
export function protectAgainstEarlierRequests<K>(respondents: ReadonlySet<K>, earlierShown: Iterable<ReadonlySet<K>>, minimum: number): Protection {
  assertMinimum(minimum);
  for (const group of earlierShown) {
    const difference = symmetricDifferenceSize(respondents, group);
    if (difference > 0 && difference < minimum) return withheldFor('differs_from_earlier_request');
  }
  return SHOWN;
}

/**
 * The brief rule for a group G inside one larger shown group P, on counts alone: withheld when
 * |G| < minimum or 0 < |P \ G| < minimum. `groupRespondents` must count respondents of P.
 */
export function protectWithinPopulation(groupRespondents: number, populationRespondents: number, minimum: number): Protection {
  assertMinimum(minimum);
  if (groupRespondents < minimum) return withheldFor('group_below_minimum');
  const leftOut = populationRespondents - groupRespondents;
  if (leftOut < 0) throw new Error(`The group has ${groupRespondents} respondents but its population only ${populationRespondents}; pass a group inside its population.`);
  if (leftOut > 0 && leftOut < minimum) return withheldFor('difference_below_minimum');
  return SHOWN;
}

/** A shown total that is the sum of shown parts (plus respondents the view never shows apart). */
export type FigureSum<Id> = {
  total: Id;
  parts: readonly Id[];
  /** Respondents counted in the total but in no shown part (e.g. people without a unit). */
  unshownRemainder: number;
};

/**
 * Decisions for figures that add up, such as a unit tree: each figure by its own respondent
 * count first, then, until nothing changes, for every sum:
 * - a shown total whose withheld parts (with the unshown remainder) hold 0 < n < minimum
 *   respondents gets its smallest shown part withheld as well, or is withheld itself when no part
 *   is left, since total minus shown parts would give those n;
 * - a withheld total whose withheld parts hold fewer than `minimum` respondents and not all of it
 *   gets its smallest shown part withheld, so that the total cannot be added up from its parts.
 * Every step withholds one more figure, so the loop ends. Ties between equal parts go to the
 * first in `parts` order, so the result is deterministic.
 */
export function protectSums<Id>(respondents: ReadonlyMap<Id, number>, sums: readonly FigureSum<Id>[], minimum: number): Map<Id, Protection> {
  assertMinimum(minimum);
  const decisions = new Map<Id, Protection>();
  const sizeOf = (id: Id): number => {
    const size = respondents.get(id);
    if (size === undefined) throw new Error(`A sum names figure ${String(id)} without a respondent count; give every figure its count.`);
    return size;
  };
  for (const [id, size] of respondents) decisions.set(id, size < minimum ? withheldFor('group_below_minimum') : SHOWN);
  const isWithheld = (id: Id) => decisions.get(id)?.withheld === true;

  let changed = true;
  while (changed) {
    changed = false;
    for (const sum of sums) {
      const hidden = sum.unshownRemainder + sum.parts.filter(isWithheld).reduce((total, id) => total + sizeOf(id), 0);
      const shownParts = sum.parts.filter((id) => !isWithheld(id) && sizeOf(id) > 0);
      const totalWithheld = isWithheld(sum.total);
      const exposes = totalWithheld ? hidden < minimum && hidden < sizeOf(sum.total) : hidden > 0 && hidden < minimum;
      if (!exposes) continue;
      const smallest = shownParts.reduce<Id | null>((best, id) => (best === null || sizeOf(id) < sizeOf(best) ? id : best), null);
      // A shown total with one shown part left is exactly the complement rule (total − part = the few).
      if (smallest !== null) decisions.set(smallest, withheldFor(!totalWithheld && shownParts.length === 1 ? 'difference_below_minimum' : 'protects_withheld_group'));
      else if (!totalWithheld) decisions.set(sum.total, withheldFor('protects_withheld_group'));
      else continue;
      changed = true;
    }
  }
  return decisions;
}
