import { describe, expect, it } from 'vitest';
import { decodeNumberColumns, encodeNumberColumns, isNumberColumnsLayout } from './number-columns.ts';

const column = (length: number, at: (i: number) => number) => Array.from({ length }, (_, i) => at(i));
/** What the same value reads back as through JSON, the layout every other part keeps. */
const throughJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
const roundTrip = (value: unknown, scratch = Buffer.allocUnsafeSlow(0)) => decodeNumberColumns(Buffer.from(encodeNumberColumns(value, scratch).bytes));

describe('a part written as number columns', () => {
  it('reads back exactly as its JSON would: long finite lists as bytes, everything else as JSON', () => {
    const value = {
      network: 'work',
      nodeCount: 40,
      // Doubles that need all 17 digits, integers, a minus zero (JSON writes 0), tiny and huge values.
      pagerank: column(40, (i) => (i === 3 ? -0 : 1 / (i + 3) + 1e-17 * i)),
      inDegree: column(40, (i) => i * 2),
      extremes: column(20, (i) => (i % 2 ? Number.MAX_VALUE : Number.MIN_VALUE) * (i % 3 ? 1 : -1)),
      // A list with a NaN or an Infinity is left to JSON, which writes null for them.
      withNaN: column(30, (i) => (i === 7 ? Number.NaN : i)),
      withInfinity: column(30, (i) => (i === 0 ? Number.POSITIVE_INFINITY : i)),
      // Short lists, lists of texts and of objects, nulls and undefined members, as JSON has them.
      short: [1.5, 2.5],
      names: column(20, (i) => i).map((i) => `person ${i}`),
      rows: [{ id: 1, values: column(20, (i) => i / 7) }, { id: 2, values: null, gone: undefined }],
      mixed: [...column(20, (i) => i), 'text'],
      betweenness: null,
      nested: { deeper: { list: column(16, (i) => -i / 3) } },
    };
    const read = roundTrip(value);
    expect(read).toStrictEqual(throughJson(value));
    expect(JSON.stringify(read)).toBe(JSON.stringify(value));
    // -0 comes back as JSON's 0, not as -0.
    expect(Object.is((read as { pagerank: number[] }).pagerank[3], 0)).toBe(true);
  });

  it('moves the long lists out of the JSON: the bytes are about 8 a number, not the digits', () => {
    const value = { columns: column(10_000, (i) => Math.sqrt(i + 0.5)) };
    const { bytes } = encodeNumberColumns(value, Buffer.allocUnsafeSlow(0));
    expect(isNumberColumnsLayout(bytes)).toBe(true);
    expect(bytes.length).toBeLessThan(10_000 * 8 + 64);
    expect(JSON.stringify(value).length).toBeGreaterThan(10_000 * 15);
    expect(roundTrip(value)).toStrictEqual(throughJson(value));
  });

  it('reuses the caller’s buffer from part to part and reads each part right', () => {
    let scratch = Buffer.allocUnsafeSlow(0);
    const large = { a: column(5_000, (i) => i / 3) };
    const small = { b: column(100, (i) => -i), label: 'ä ő я' };
    const first = encodeNumberColumns(large, scratch);
    scratch = first.scratch;
    const firstCopy = Buffer.from(first.bytes);
    const second = encodeNumberColumns(small, scratch);
    expect(second.scratch).toBe(scratch);
    expect(decodeNumberColumns(Buffer.from(second.bytes))).toStrictEqual(throughJson(small));
    expect(decodeNumberColumns(firstCopy)).toStrictEqual(throughJson(large));
  });

  it('reads bytes that sit at an unaligned place of their buffer', () => {
    const value = { a: column(64, (i) => i * 0.1) };
    const bytes = encodeNumberColumns(value, Buffer.allocUnsafeSlow(0)).bytes;
    const shifted = Buffer.alloc(bytes.length + 3);
    bytes.copy(shifted, 3);
    expect(decodeNumberColumns(shifted.subarray(3))).toStrictEqual(throughJson(value));
  });

  it('refuses bytes cut short, and JSON text', () => {
    const bytes = Buffer.from(encodeNumberColumns({ a: column(64, (i) => i) }, Buffer.allocUnsafeSlow(0)).bytes);
    expect(() => decodeNumberColumns(bytes.subarray(0, bytes.length - 4))).toThrow(/cut short/);
    expect(() => decodeNumberColumns(bytes.subarray(0, 6))).toThrow(/cut short/);
    expect(() => decodeNumberColumns(Buffer.from('{"a":1}'))).toThrow(/not a number-columns part/);
  });
});
