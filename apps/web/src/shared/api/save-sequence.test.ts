import { describe, expect, it } from 'vitest';
import { SaveSequence } from './save-sequence.ts';

function memoryStore() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe('SaveSequence', () => {
  it('follows the clock but always grows, also when the clock stands still or goes back', () => {
    let now = 1_000;
    const sequence = new SaveSequence(() => now, memoryStore());
    expect([sequence.next(), sequence.next()]).toEqual([1_000, 1_001]);
    now = 500;
    expect(sequence.next()).toBe(1_002);
    now = 5_000;
    expect(sequence.next()).toBe(5_000);
  });

  it('continues above the last number after a reload and above what the server reports as stored', () => {
    const store = memoryStore();
    const before = new SaveSequence(() => 2_000, store);
    before.next();
    before.next();
    const reloaded = new SaveSequence(() => 1_000, store);
    expect(reloaded.next()).toBe(2_002);
    reloaded.observe(9_000);
    reloaded.observe(null);
    expect(reloaded.next()).toBe(9_001);
  });
});
