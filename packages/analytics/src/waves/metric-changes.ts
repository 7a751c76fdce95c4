import type { NetworkKey, PersonMetricId } from '../metrics/person-metrics.ts';
import { PERSON_METRIC_IDS, networkKeys, personMetricTable } from '../metrics/person-metrics.ts';
import type { MetricChange, PersonChange, WaveResult } from './wave-types.ts';

/** The networks both analyses have metrics for, in the later analysis's order. */
export function commonNetworkKeys(then: Pick<WaveResult, 'metrics'>, now: Pick<WaveResult, 'metrics'>): NetworkKey[] {
  const earlier = new Set(networkKeys(then));
  return networkKeys(now).filter((key) => earlier.has(key));
}

const finite = (value: number | null | undefined): number | null => (value === null || value === undefined || !Number.isFinite(value) ? null : value);

/**
 * Each person's metrics of one network then and now. Community numbers are labels of two
 * separate partitions, so they get no difference. Throws when either analysis lacks the network.
 */
export function addMetricChanges(people: PersonChange[], then: WaveResult, now: WaveResult, network: NetworkKey): void {
  const thenTable = personMetricTable(then, network);
  const nowTable = personMetricTable(now, network);
  if (!thenTable || !nowTable) throw new Error(`Both analyses need the network ${network}; compare one of ${commonNetworkKeys(then, now).join(', ')}.`);
  for (const person of people) {
    const metrics: Partial<Record<PersonMetricId, MetricChange>> = {};
    for (const id of PERSON_METRIC_IDS) {
      const before = person.then ? finite(thenTable.columns[id]?.[person.then.index]) : null;
      const after = person.now ? finite(nowTable.columns[id]?.[person.now.index]) : null;
      metrics[id] = { then: before, now: after, change: id === 'community' || before === null || after === null ? null : after - before };
    }
    person.metrics = metrics;
  }
}
