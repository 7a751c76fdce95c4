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

describe('analysis settings', () => {
  it('analyse in the server process by default, with a 4,096 MB heap for the analysis thread at nice 10', () => {
    expect(readSettings({})).toMatchObject({ ANALYSIS_IN_PROCESS: true, ANALYSIS_HEAP_MB: 4096, ANALYSIS_NICE: 10, WORKER_PORT: 8081 });
  });

  it('ANALYSIS_NICE=0 keeps the analysis at the process’s priority', () => {
    expect(readSettings({ ANALYSIS_NICE: '0' }).ANALYSIS_NICE).toBe(0);
  });

  it('ANALYSIS_IN_PROCESS=false leaves analyses to worker processes', () => {
    expect(readSettings({ ANALYSIS_IN_PROCESS: 'false' }).ANALYSIS_IN_PROCESS).toBe(false);
  });

  it.each([
    ['ANALYSIS_IN_PROCESS', 'no'],
    ['ANALYSIS_HEAP_MB', '8'],
    ['ANALYSIS_HEAP_MB', 'lots'],
    ['ANALYSIS_NICE', '20'],
    ['ANALYSIS_NICE', '-5'],
    ['WORKER_PORT', '70000'],
  ])('refuses %s=%s and names the setting', (name, value) => {
    expect(() => readSettings({ [name]: value })).toThrow(new RegExp(name));
  });
});
