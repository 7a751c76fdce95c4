/**
 * A part's value with its long lists of numbers as raw float64 bytes beside a JSON skeleton, for
 * the parts that are almost all numbers: a network's metrics, 24 columns of 100,000 people.
 * JSON.stringify spends most of its time turning each double into its shortest decimal text
 * (and JSON.parse turning it back): 0.9–1.5 s for one network of 100,000 people against 0.1 s
 * for the bytes, 23 networks a run (2026-12-04, docs/analysis-result-parts.md, "Numbers as
 * bytes"). node:v8's serialize was as fast but hands back a fresh buffer per part (the external
 * memory that made the analysis thread collect its whole heap over and over, partCompressor in
 * result-parts.ts) and keeps -0, NaN and undefined where JSON has 0, null and nothing.
 *
 * The value read back is the value JSON would give, exactly: only arrays of finite numbers are
 * moved (an array holding a NaN, an Infinity or anything else stays in the JSON), -0 is written
 * as 0 (as JSON writes it), and the lists come back as plain arrays.
 *
 * Layout: byte 0 is NUL (a JSON text never starts with it), bytes 1–4 the skeleton's length in
 * bytes (uint32, little-endian), then the skeleton (UTF-8 JSON), zeros up to a multiple of 8,
 * then every moved list's numbers one after another (float64, little-endian). In the skeleton a
 * moved list is the object {"\u0000f64": [start, length]} (start counted in numbers).
 */

const MARK = '\u0000f64';
/** Shorter lists stay in the JSON: a marker costs about as much as a few numbers. */
const MIN_MOVED_LENGTH = 16;
const HEADER_BYTES = 5;

/** Whether an encoded value (decompressed) is in this layout rather than JSON text. */
export const isNumberColumnsLayout = (bytes: Uint8Array): boolean => bytes.length >= HEADER_BYTES && bytes[0] === 0;

const isMovable = (list: unknown[]): list is number[] => {
  if (list.length < MIN_MOVED_LENGTH) return false;
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item !== 'number' || !Number.isFinite(item)) return false;
  }
  return true;
};

/**
 * Writes `value` into `scratch` (grown when too small; the caller keeps the buffer for the next
 * part) and answers the bytes written, a view of the returned buffer.
 */
export function encodeNumberColumns(value: unknown, scratch: Buffer<ArrayBuffer>): { bytes: Buffer; scratch: Buffer<ArrayBuffer> } {
  const lists: number[][] = [];
  let numbers = 0;
  // The skeleton: the value with every movable list replaced by its marker. Objects are copied
  // (shallowly, as they are walked), never changed: the value belongs to the caller.
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      if (isMovable(node)) {
        const marker = { [MARK]: [numbers, node.length] };
        lists.push(node);
        numbers += node.length;
        return marker;
      }
      return node.map(walk);
    }
    if (node === null || typeof node !== 'object' || typeof (node as { toJSON?: unknown }).toJSON === 'function') return node;
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(node)) copy[key] = walk((node as Record<string, unknown>)[key]);
    return copy;
  };
  const skeleton = JSON.stringify(walk(value)) ?? 'null';
  const skeletonBytes = Buffer.byteLength(skeleton, 'utf8');
  const numbersAt = align8(HEADER_BYTES + skeletonBytes);
  const total = numbersAt + numbers * 8;
  scratch = grownScratch(scratch, total);
  scratch[0] = 0;
  scratch.writeUInt32LE(skeletonBytes, 1);
  scratch.write(skeleton, HEADER_BYTES, skeletonBytes, 'utf8');
  scratch.fill(0, HEADER_BYTES + skeletonBytes, numbersAt);
  // The buffer's own offset into its ArrayBuffer is 0 (allocUnsafeSlow), so numbersAt, a multiple
  // of 8, is an aligned place for a Float64Array (little-endian on every platform Node supports
  // but s390x, where the DataView path below keeps the bytes the same).
  const out = littleEndian ? new Float64Array(scratch.buffer, scratch.byteOffset + numbersAt, numbers) : null;
  const view = out ? null : new DataView(scratch.buffer, scratch.byteOffset + numbersAt, numbers * 8);
  let at = 0;
  for (const list of lists) {
    for (let i = 0; i < list.length; i++) {
      // -0 as 0, as JSON writes it: the value read back equals JSON's.
      const x = list[i]! === 0 ? 0 : list[i]!;
      if (out) out[at++] = x;
      else view!.setFloat64(8 * at++, x, true);
    }
  }
  return { bytes: scratch.subarray(0, total), scratch };
}

/** The value of bytes written by encodeNumberColumns. */
export function decodeNumberColumns(bytes: Buffer): unknown {
  if (!isNumberColumnsLayout(bytes)) throw new Error('not a number-columns part');
  const skeletonBytes = bytes.readUInt32LE(1);
  const numbersAt = align8(HEADER_BYTES + skeletonBytes);
  if (HEADER_BYTES + skeletonBytes > bytes.length || (bytes.length - numbersAt) % 8 !== 0) throw new Error('a number-columns part is cut short');
  const skeleton = JSON.parse(bytes.toString('utf8', HEADER_BYTES, HEADER_BYTES + skeletonBytes)) as unknown;
  const count = (bytes.length - numbersAt) / 8;
  // A copy when the bytes do not sit at an aligned place of their buffer (a slice of Node's pool).
  const aligned = littleEndian && (bytes.byteOffset + numbersAt) % 8 === 0;
  const numbers = aligned ? new Float64Array(bytes.buffer, bytes.byteOffset + numbersAt, count) : readFloat64s(bytes, numbersAt, count);
  const fill = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) node[i] = fill(node[i]);
      return node;
    }
    if (node === null || typeof node !== 'object') return node;
    const record = node as Record<string, unknown>;
    const mark = record[MARK];
    if (Array.isArray(mark) && Object.keys(record).length === 1) {
      const [start, length] = mark as [number, number];
      if (!Number.isInteger(start) || !Number.isInteger(length) || start < 0 || start + length > count) throw new Error('a number-columns part points past its numbers');
      const list: number[] = [];
      for (let i = start, end = start + length; i < end; i++) list.push(numbers[i]!);
      return list;
    }
    for (const key of Object.keys(record)) record[key] = fill(record[key]);
    return record;
  };
  return fill(skeleton);
}

/**
 * The caller's reused buffer, or a larger one when `bytes` do not fit: at least double (up to
 * 256 MB a step), so that a run's growing parts reallocate a few times, not once per part.
 */
export function grownScratch(scratch: Buffer<ArrayBuffer>, bytes: number): Buffer<ArrayBuffer> {
  return scratch.length >= bytes ? scratch : Buffer.allocUnsafeSlow(Math.max(bytes, Math.min(scratch.length * 2, 256 * 1024 * 1024)));
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;
const littleEndian = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;

function readFloat64s(bytes: Buffer, at: number, count: number): Float64Array {
  const numbers = new Float64Array(count);
  for (let i = 0; i < count; i++) numbers[i] = bytes.readDoubleLE(at + 8 * i);
  return numbers;
}
