import { gzipSync, zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runAnalysis } from '@ona/analytics';
import { krackhardtOrganisation } from '../../../../../packages/analytics/src/testing/krackhardt-organisation.ts';
import { decodeNumberColumns } from './number-columns.ts';
import { joinResult, partValue, splitResult } from './result-parts.ts';

// The Krackhardt high-tech managers (21 people) through the whole engine: a real result, every section present.
const result = runAnalysis(krackhardtOrganisation());
const asStoredToday = JSON.parse(JSON.stringify(result)) as unknown;

describe('an analysis result stored in parts', () => {
  it('reads back equal to the whole, as one jsonb value stores it today', () => {
    const parts = splitResult(result);
    expect(joinResult(parts)).toStrictEqual(asStoredToday);
    expect(JSON.stringify(joinResult(parts))).toBe(JSON.stringify(result));
  });

  it('reads back equal with lists paged small, each network’s metrics a part of its own', () => {
    const parts = splitResult(result, 4);
    expect(JSON.stringify(joinResult(parts))).toBe(JSON.stringify(result));
    const employeePages = parts.filter((p) => p.path.join('.') === 'employees');
    expect(employeePages.map((p) => p.page)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(parts.some((p) => p.path.join('.') === 'metrics.work' && p.page === null)).toBe(true);
    const kinds = parts.filter((p) => p.path[0] === 'metrics' && p.path[1] === 'byKind').map((p) => p.path[2]);
    expect(kinds).toEqual(Object.keys(result.metrics.byKind));
  });

  it('gives a page only the parts it needs: the metrics of one network alone', () => {
    const parts = splitResult(result);
    const work = parts.filter((p) => p.path[0] === 'metrics' && p.path[1] === 'work');
    // The keyed objects beside it come back empty: a record with only the networks asked for.
    expect(joinResult(work)).toStrictEqual({ metrics: { work: JSON.parse(JSON.stringify(result.metrics.work)), byKind: {}, byCategory: {} } });
  });

  it('keeps each part compressed (Zstandard), the metrics as number columns and the rest as JSON, and an empty list as one empty page', () => {
    const parts = splitResult({ ...result, reports360: [] });
    for (const part of parts) {
      const bytes = zstdDecompressSync(part.body);
      if (part.path[0] === 'metrics') expect(decodeNumberColumns(bytes)).toStrictEqual(partValue(part.body));
      else expect(JSON.parse(bytes.toString('utf8'))).toStrictEqual(partValue(part.body));
    }
    expect(parts.filter((p) => p.path[0] === 'metrics').map((p) => zstdDecompressSync(p.body)[0])).toEqual(parts.filter((p) => p.path[0] === 'metrics').map(() => 0));
    expect(parts.filter((p) => p.path.join('.') === 'reports360')).toEqual([expect.objectContaining({ page: 0 })]);
    expect(joinResult(parts).reports360).toEqual([]);
  });

  it('reads a part stored gzip-compressed, as runs before Zstandard were', () => {
    const [first] = splitResult(result);
    const value = partValue(first!.body);
    expect(partValue(gzipSync(Buffer.from(JSON.stringify(value), 'utf8')))).toStrictEqual(value);
  });

  it('refuses a page size that is not a whole number of at least one', () => {
    expect(() => splitResult(result, 0)).toThrow(/itemsPerPage/);
  });
});
