import { describe, expect, it } from 'vitest';
import { readSettings } from './env.ts';

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to 5 connections per instance', () => {
    expect(readSettings({}).DATABASE_POOL_SIZE).toBe(5);
  });

  it('takes a number of connections from the environment', () => {
    expect(readSettings({ DATABASE_POOL_SIZE: '4' }).DATABASE_POOL_SIZE).toBe(4);
  });

  it.each(['0', '-3', '2.5', 'many', '501'])('refuses %s and names the setting', (value) => {
    expect(() => readSettings({ DATABASE_POOL_SIZE: value })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
