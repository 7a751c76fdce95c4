import { describe, expect, it } from 'vitest';
import { foldRanges, type EmployeeRange } from './analysis-input.ts';

const ranges: EmployeeRange[] = [
  { from: null, to: 10 },
  { from: 10, to: 20 },
  { from: 20, to: null },
];

/** A query builder's behaviour: its statement runs on every then(), as Drizzle's does. */
function statement(range: EmployeeRange, log: string[], fail = false): PromiseLike<number[]> {
  return {
    then(onFulfilled, onRejected) {
      log.push(`read ${range.from}`);
      const result = fail ? Promise.reject(new Error(`range ${range.from} failed`)) : Promise.resolve([range.from ?? 0]);
      return result.then(onFulfilled, onRejected);
    },
  };
}

describe('the answers read a range ahead', () => {
  it('runs each range’s statement once, sends the next before folding this one, and folds in range order', async () => {
    const log: string[] = [];
    await foldRanges(ranges, (range) => statement(range, log), (rows) => log.push(`fold ${rows[0]}`));
    expect(log).toEqual(['read null', 'read 10', 'fold 0', 'read 20', 'fold 10', 'fold 20']);
  });

  it('rejects with the fold’s error, the read already sent left handled', async () => {
    const log: string[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const folding = foldRanges(
        ranges,
        (range) => statement(range, log, range.from === 10),
        () => {
          throw new Error('a row names no employee');
        },
      );
      await expect(folding).rejects.toThrow('a row names no employee');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('rejects with a read’s error', async () => {
    await expect(foldRanges(ranges, (range) => statement(range, [], range.from === 20), () => undefined)).rejects.toThrow('range 20 failed');
  });
});
