import { describe, expect, it } from 'vitest';
import { decodeColumn, encodeColumn } from './graph-overview.ts';

describe('graph overview columns', () => {
  it('read back every typed array as written, beyond one slice of the encoder', () => {
    const ids = Int32Array.from({ length: 70_000 }, (_, i) => (i % 2 === 0 ? i : -i));
    expect(decodeColumn(encodeColumn(ids), Int32Array, ids.length)).toEqual(ids);
    const xs = Float32Array.from([0, -1.5, 3.25, 1e-7, 123456.789]);
    expect(decodeColumn(encodeColumn(xs), Float32Array, xs.length)).toEqual(xs);
    const flags = Uint8Array.from([0, 1, 255]);
    expect(decodeColumn(encodeColumn(flags), Uint8Array, 3)).toEqual(flags);
    // Node's encoder (the server's) writes the same text.
    expect(encodeColumn(ids)).toBe(Buffer.from(ids.buffer).toString('base64'));
  });

  it('refuses a column whose length is not the announced count', () => {
    expect(() => decodeColumn(encodeColumn(Uint32Array.from([1, 2, 3])), Uint32Array, 4)).toThrow(/12 bytes where 4 values of 4 bytes/);
  });
});
