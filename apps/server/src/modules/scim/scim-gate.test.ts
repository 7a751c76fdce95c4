import { describe, expect, it } from 'vitest';
import { ScimError } from './scim-error.ts';
import { ScimGate } from './scim-gate.ts';

const deferred = () => {
  let release = () => {};
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
};

describe('the SCIM gate', () => {
  it('runs as many at once as it allows, lets the next wait in order, and refuses with 429 once the queue is full', async () => {
    const gate = new ScimGate(1, 1);
    const order: string[] = [];
    const first = deferred();
    const a = gate.run(async () => {
      order.push('a starts');
      await first.done;
      order.push('a ends');
    });
    const b = gate.run(async () => {
      order.push('b runs');
    });
    await expect(gate.run(async () => 'c')).rejects.toSatisfy((error) => error instanceof ScimError && error.status === 429);
    expect(order).toEqual(['a starts']);
    first.release();
    await Promise.all([a, b]);
    expect(order).toEqual(['a starts', 'a ends', 'b runs']);
    // Free again: the next runs at once.
    expect(await gate.run(async () => 'd')).toBe('d');
  });

  it('passes the turn on when work fails', async () => {
    const gate = new ScimGate(1, 5);
    const failing = gate.run(async () => {
      throw new Error('boom');
    });
    const next = gate.run(async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe('next');
  });
});
