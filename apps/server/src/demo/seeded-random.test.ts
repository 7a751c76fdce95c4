import { describe, expect, it } from 'vitest';
import { createSeededRandom } from './seeded-random.ts';

describe('createSeededRandom', () => {
  it('repeats the same sequence for the same seed', () => {
    const first = createSeededRandom(42);
    const second = createSeededRandom(42);
    expect(Array.from({ length: 5 }, () => first.next())).toEqual(Array.from({ length: 5 }, () => second.next()));
  });

  it('gives forks that do not depend on how much of the parent was used', () => {
    const fresh = createSeededRandom(7);
    const used = createSeededRandom(7);
    used.next();
    used.int(1, 10);
    expect(fresh.fork('answers').next()).toBe(used.fork('answers').next());
    expect(fresh.fork('answers').next()).not.toBe(fresh.fork('people').next());
  });

  it('keeps integers within both bounds and shuffles without losing items', () => {
    const random = createSeededRandom(3);
    const draws = Array.from({ length: 1000 }, () => random.int(3, 9));
    expect(Math.min(...draws)).toBe(3);
    expect(Math.max(...draws)).toBe(9);
    expect(random.shuffled([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
