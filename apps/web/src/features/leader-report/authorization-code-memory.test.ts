import { describe, expect, it } from 'vitest';
import { codeMemory, type TCodeStorage } from './authorization-code-memory.ts';

function mapStorage(): TCodeStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

describe('codeMemory', () => {
  it('recalls an accepted code for the same user, engagement and report only', () => {
    const storage = mapStorage();
    const memory = codeMemory(() => storage);
    memory.remember(7, 3, 42, 'DEMOLEAD');
    expect(memory.recall(7, 3, 42)).toBe('DEMOLEAD');
    expect(memory.recall(8, 3, 42)).toBeNull();
    expect(memory.recall(7, 4, 42)).toBeNull();
    expect(memory.recall(7, 3, 43)).toBeNull();
  });

  it('forgets one report’s code and keeps the others', () => {
    const storage = mapStorage();
    const memory = codeMemory(() => storage);
    memory.remember(7, 3, 42, 'AAAAAAAA');
    memory.remember(7, 3, 43, 'BBBBBBBB');
    memory.forget(7, 3, 42);
    expect(memory.recall(7, 3, 42)).toBeNull();
    expect(memory.recall(7, 3, 43)).toBe('BBBBBBBB');
  });

  it('leaves no trace in storage once every code is forgotten', () => {
    const storage = mapStorage();
    const memory = codeMemory(() => storage);
    memory.remember(7, 3, 42, 'AAAAAAAA');
    memory.forgetAll();
    expect(storage.entries.size).toBe(0);
  });

  it('treats unreadable stored data as no codes rather than failing', () => {
    const storage = mapStorage();
    storage.entries.set('leaderReport.codes', '{not json');
    expect(codeMemory(() => storage).recall(7, 3, 42)).toBeNull();
    storage.entries.set('leaderReport.codes', JSON.stringify({ '7:3:42': 12345678 }));
    expect(codeMemory(() => storage).recall(7, 3, 42)).toBeNull();
  });

  it('works without storage (private mode): nothing is remembered, nothing throws', () => {
    const memory = codeMemory(() => null);
    memory.remember(7, 3, 42, 'DEMOLEAD');
    expect(memory.recall(7, 3, 42)).toBeNull();
  });
});
