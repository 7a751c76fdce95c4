import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { protectAgainstEarlierRequests, protectFilteredGroup, protectSums, protectWithinPopulation, symmetricDifferenceSize, type FigureSum } from './difference-protection.ts';

const people = (from: number, to: number) => new Set(Array.from({ length: to - from + 1 }, (_, i) => from + i));

describe('protectWithinPopulation (the brief rule on counts)', () => {
  it('shows a group of at least the minimum whose complement is empty or at least the minimum', () => {
    expect(protectWithinPopulation(5, 5, 5)).toEqual({ withheld: false, reason: null });
    expect(protectWithinPopulation(5, 10, 5)).toEqual({ withheld: false, reason: null });
  });

  it('withholds a group below the minimum', () => {
    expect(protectWithinPopulation(4, 40, 5)).toEqual({ withheld: true, reason: 'group_below_minimum' });
  });

  it('withholds a group that leaves out between one and minimum − 1 respondents of its population', () => {
    expect(protectWithinPopulation(9, 10, 5)).toEqual({ withheld: true, reason: 'difference_below_minimum' });
    expect(protectWithinPopulation(6, 10, 5)).toEqual({ withheld: true, reason: 'difference_below_minimum' });
  });

  it('refuses a group larger than its population and a minimum below one', () => {
    expect(() => protectWithinPopulation(6, 5, 5)).toThrow(/inside its population/);
    expect(() => protectWithinPopulation(6, 10, 0)).toThrow(/at least 1/);
  });
});

describe('protectFilteredGroup (a filter against the groups its view shows)', () => {
  const population = people(1, 20);
  const unitA = people(1, 8);

  it('two filters that differ by one person: the first is shown, the second withheld', () => {
    expect(protectFilteredGroup(unitA, [population, unitA], 5)).toEqual({ withheld: false, reason: null });
    const unitAPlusOne = new Set([...unitA, 9]);
    expect(protectFilteredGroup(unitAPlusOne, [population, unitA], 5)).toEqual({ withheld: true, reason: 'difference_below_minimum' });
    const unitAMinusOne = people(1, 7);
    expect(protectFilteredGroup(unitAMinusOne, [population, unitA], 5)).toEqual({ withheld: true, reason: 'difference_below_minimum' });
  });

  it('of two nested units a few respondents apart, shows the larger and withholds the smaller', () => {
    const parent = people(1, 12);
    const child = people(1, 9);
    expect(protectFilteredGroup(parent, [population, parent, child], 5)).toEqual({ withheld: false, reason: null });
    expect(protectFilteredGroup(child, [population, parent, child], 5)).toEqual({ withheld: true, reason: 'difference_below_minimum' });
  });

  it('withholds the whole view minus one person', () => {
    expect(protectFilteredGroup(people(1, 19), [population], 5)).toEqual({ withheld: true, reason: 'difference_below_minimum' });
  });

  it('says a small group is below the minimum before anything else', () => {
    expect(protectFilteredGroup(people(1, 4), [people(1, 5)], 5)).toEqual({ withheld: true, reason: 'group_below_minimum' });
  });

  it('any shown filter differs from every reference group by 0 or at least the minimum', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 31 }), fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 30 })), { maxLength: 4 }), fc.integer({ min: 1, max: 6 }), (group, references, minimum) => {
        const sets = references.map((r) => new Set(r));
        const decision = protectFilteredGroup(new Set(group), sets, minimum);
        if (decision.withheld) return;
        expect(group.length).toBeGreaterThanOrEqual(minimum);
        const isReference = sets.some((reference) => symmetricDifferenceSize(new Set(group), reference) === 0);
        for (const reference of sets) {
          if (isReference && reference.size <= group.length) continue;
          const difference = symmetricDifferenceSize(new Set(group), reference);
          expect(difference === 0 || difference >= minimum).toBe(true);
        }
      }),
    );
  });
});

describe('protectAgainstEarlierRequests (a hand-picked list against what the same reader was shown before)', () => {
  const six = new Set([1, 2, 3, 4, 5, 6]);
  it('withholds two hand-picked lists that differ by one person', () => {
    expect(protectAgainstEarlierRequests(new Set([...six, 7]), [six], 5)).toEqual({ withheld: true, reason: 'differs_from_earlier_request' });
    expect(protectAgainstEarlierRequests(new Set([1, 2, 3, 4, 5]), [six], 5)).toEqual({ withheld: true, reason: 'differs_from_earlier_request' });
  });
  it('shows the same list again and lists at least the minimum apart', () => {
    expect(protectAgainstEarlierRequests(new Set(six), [six], 5)).toEqual({ withheld: false, reason: null });
    expect(protectAgainstEarlierRequests(new Set([4, 5, 6, 7, 8, 9]), [six], 3)).toEqual({ withheld: false, reason: null });
    expect(protectAgainstEarlierRequests(new Set([...six, 7]), [], 5)).toEqual({ withheld: false, reason: null });
  });
  it('withholds exactly when some earlier group is more than none and fewer than the minimum apart', () => {
    const group = fc.uniqueArray(fc.integer({ min: 0, max: 20 }), { maxLength: 15 }).map((ids) => new Set(ids));
    fc.assert(
      fc.property(group, fc.array(group, { maxLength: 4 }), fc.integer({ min: 1, max: 6 }), (asked, earlier, minimum) => {
        const revealing = earlier.some((shown) => {
          const apart = symmetricDifferenceSize(asked, shown);
          return apart > 0 && apart < minimum;
        });
        expect(protectAgainstEarlierRequests(asked, earlier, minimum).withheld).toBe(revealing);
      }),
    );
  });
});

describe('protectSums (figures that add up, such as a unit tree)', () => {
  it('withholds the direct members of a unit whose only sub-unit is withheld, so the sub-unit is not total minus direct', () => {
    // Unit U: 12 direct respondents and a sub-unit C of 3; U's subtree shows 15.
    const sizes = new Map([['subtree:U', 15], ['direct:U', 12], ['subtree:C', 3]]);
    const sums: FigureSum<string>[] = [{ total: 'subtree:U', parts: ['direct:U', 'subtree:C'], unshownRemainder: 0 }];
    const decisions = protectSums(sizes, sums, 5);
    expect(decisions.get('subtree:C')).toEqual({ withheld: true, reason: 'group_below_minimum' });
    expect(decisions.get('direct:U')).toEqual({ withheld: true, reason: 'difference_below_minimum' });
    expect(decisions.get('subtree:U')).toEqual({ withheld: false, reason: null });
  });

  it('withholds the smallest shown sibling when one withheld part could be worked out from the others', () => {
    const sizes = new Map([['total', 30], ['a', 10], ['b', 8], ['c', 3], ['d', 9]]);
    const decisions = protectSums(sizes, [{ total: 'total', parts: ['a', 'b', 'c', 'd'], unshownRemainder: 0 }], 5);
    expect(decisions.get('c')?.reason).toBe('group_below_minimum');
    expect(decisions.get('b')).toEqual({ withheld: true, reason: 'protects_withheld_group' });
    expect(decisions.get('a')?.withheld).toBe(false);
    expect(decisions.get('d')?.withheld).toBe(false);
  });

  it('counts respondents no part shows (people without a unit) as withheld', () => {
    const sizes = new Map([['all', 22], ['root', 20]]);
    const decisions = protectSums(sizes, [{ total: 'all', parts: ['root'], unshownRemainder: 2 }], 5);
    expect(decisions.get('root')).toEqual({ withheld: true, reason: 'difference_below_minimum' });
    expect(decisions.get('all')?.withheld).toBe(false);
  });

  it('keeps a withheld total from being the sum of its shown parts', () => {
    // U is withheld for its parent's sake; its two parts of 6 and 7 would add up to it.
    const sizes = new Map([['P', 16], ['U', 13], ['x', 3], ['u1', 6], ['u2', 7]]);
    const sums: FigureSum<string>[] = [
      { total: 'P', parts: ['U', 'x'], unshownRemainder: 0 },
      { total: 'U', parts: ['u1', 'u2'], unshownRemainder: 0 },
    ];
    const decisions = protectSums(sizes, sums, 5);
    expect(decisions.get('U')?.withheld).toBe(true);
    expect(decisions.get('u1')).toEqual({ withheld: true, reason: 'protects_withheld_group' });
    expect(decisions.get('u2')?.withheld).toBe(false);
  });

  it('no shown total minus its shown parts leaves between one and minimum − 1 respondents', () => {
    // Random two-level trees: a root over units, each unit over its direct members and sub-units.
    const tree = fc.record({
      remainder: fc.integer({ min: 0, max: 6 }),
      units: fc.array(fc.record({ direct: fc.integer({ min: 0, max: 12 }), children: fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 3 }) }), { minLength: 1, maxLength: 4 }),
      minimum: fc.integer({ min: 1, max: 6 }),
    });
    fc.assert(
      fc.property(tree, ({ remainder, units, minimum }) => {
        const sizes = new Map<string, number>();
        const sums: FigureSum<string>[] = [];
        units.forEach((unit, i) => {
          const children = unit.children.map((size, j) => {
            sizes.set(`c${i}.${j}`, size);
            return `c${i}.${j}`;
          });
          sizes.set(`d${i}`, unit.direct);
          sizes.set(`u${i}`, unit.direct + unit.children.reduce((a, b) => a + b, 0));
          sums.push({ total: `u${i}`, parts: [`d${i}`, ...children], unshownRemainder: 0 });
        });
        sizes.set('root', remainder + units.reduce((total, _, i) => total + (sizes.get(`u${i}`) ?? 0), 0));
        sums.push({ total: 'root', parts: units.map((_, i) => `u${i}`), unshownRemainder: remainder });
        const decisions = protectSums(sizes, sums, minimum);
        for (const [id, size] of sizes) if (size < minimum) expect(decisions.get(id)?.withheld).toBe(true);
        for (const sum of sums) {
          const hidden = sum.unshownRemainder + sum.parts.filter((id) => decisions.get(id)?.withheld).reduce((total, id) => total + (sizes.get(id) ?? 0), 0);
          if (!decisions.get(sum.total)?.withheld) expect(hidden === 0 || hidden >= minimum).toBe(true);
        }
      }),
    );
  });
});
