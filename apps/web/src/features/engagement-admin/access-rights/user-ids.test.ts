import { describe, expect, it } from 'vitest';
import { parseUserIds } from './user-ids.ts';

describe('parseUserIds', () => {
  it('reads a comma-separated selection without duplicates', () => {
    expect(parseUserIds('3,5,3,8')).toEqual([3, 5, 8]);
  });

  it('treats a malformed or missing selection as none', () => {
    expect(parseUserIds(null)).toEqual([]);
    expect(parseUserIds('3,,5')).toEqual([]);
    expect(parseUserIds('a,b')).toEqual([]);
  });
});
