import { createHash } from 'node:crypto';
import { compareWaves, type NetworkKey, type WaveComparison, type WaveSnapshot } from '@ona/analytics';
import { LRUCache } from 'lru-cache';
import type { ComparisonSides } from './comparison-sides.ts';

/**
 * Engine comparisons by the two runs compared, the network of the metrics, and what the engine
 * reads from the records beside the runs (matching keys, question keys, unit names and tree),
 * so that an edited e-mail or a renamed unit makes a new entry. A finished run never changes:
 * a comparison is computed once for every reader (it holds nothing withheld from anyone; the
 * views cut each reader's part). A few entries: the comparisons being looked at now.
 * Kept beside the later run's stored analysis (latest-result.ts keeps those per database), so
 * that two databases whose runs share ids (the API tests open many in one process) never share one.
 */
const byLaterRun = new WeakMap<object, LRUCache<string, WaveComparison>>();

function fingerprint(snapshot: WaveSnapshot): string {
  const hash = createHash('sha1');
  for (const [id, key] of snapshot.personKeys) hash.update(`${id}\u0000${key}\u0001`);
  hash.update('\u0002');
  for (const [id, key] of snapshot.questionKeys) hash.update(`${id}\u0000${key}\u0001`);
  hash.update('\u0002');
  for (const unit of snapshot.input.units) hash.update(`${unit.id}\u0000${unit.name}\u0000${unit.parentId ?? ''}\u0001`);
  hash.update('\u0002');
  for (const employee of snapshot.input.employees) hash.update(`${employee.id}\u0000${employee.name}\u0001`);
  return hash.digest('hex');
}

export function cachedComparison(sides: ComparisonSides, network: NetworkKey | null): WaveComparison {
  const key = [sides.then.stored.runId, sides.now.stored.runId, network ?? '', fingerprint(sides.then.snapshot), fingerprint(sides.now.snapshot)].join('|');
  let cache = byLaterRun.get(sides.now.stored);
  if (!cache) {
    cache = new LRUCache<string, WaveComparison>({ max: 4 });
    byLaterRun.set(sides.now.stored, cache);
  }
  const cached = cache.get(key);
  if (cached) return cached;
  const comparison = compareWaves(sides.then.snapshot, sides.now.snapshot, network ? { network } : {});
  cache.set(key, comparison);
  return comparison;
}
