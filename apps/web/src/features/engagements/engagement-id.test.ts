import { describe, expect, it } from 'vitest';
import { parseEngagementId } from './engagement-id.ts';

describe('parseEngagementId', () => {
  it('reads a positive integer id', () => {
    expect(parseEngagementId('42')).toBe(42);
  });

  it.each([undefined, '', 'list', '0', '-3', '1.5', '99999999999', '3x'])('rejects %j', (raw) => {
    expect(parseEngagementId(raw)).toBeNull();
  });
});
