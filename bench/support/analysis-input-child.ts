import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { NominationColumns } from '@ona/analytics';
import { createDb } from '@ona/db';
import { loadAnalysisInput } from '../../apps/server/src/modules/analysis/analysis-input.ts';

/**
 * One engagement's analysis input read as the analysis worker reads it, in a process of its own so
 * that its peak resident memory (VmHWM) is the read's; prints that, the heap still held by the
 * input, the CPU of the read, the counts and a hash per part (two runs of different code compare
 * by them). Run by bench/analysis-input-memory.bench.ts.
 */
const [url, engagementId] = process.argv.slice(2);
const handle = await createDb({ url: url!, poolSize: 2 });
globalThis.gc?.();
const base = process.memoryUsage();
const cpuBefore = process.cpuUsage();
const input = await loadAnalysisInput(handle.db, Number(engagementId));
const cpu = process.cpuUsage(cpuBefore);
globalThis.gc?.();
const held = process.memoryUsage();
const peakMb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 12);
const columnsHash = (prefix: unknown, columns: NominationColumns | undefined) => {
  const digest = createHash('sha256').update(JSON.stringify(prefix ?? null));
  if (columns) for (const column of [columns.source, columns.target, columns.question]) digest.update(Buffer.from(column.buffer, column.byteOffset, column.byteLength));
  return digest.digest('hex').slice(0, 12);
};
console.log(JSON.stringify({
  peakRssMb: Math.round(peakMb),
  heldHeapMb: Math.round((held.heapUsed - base.heapUsed) / 1048576),
  cpuS: Number(((cpu.user + cpu.system) / 1e6).toFixed(1)),
  employees: input.employees.length,
  nominations: input.nominations.source.length,
  leadershipNominations: input.leadership360?.nominations.source.length ?? 0,
  hashes: { employees: hash(input.employees), units: hash(input.units), questions: hash(input.questions), leadership: columnsHash(input.leadership360?.items, input.leadership360?.nominations), nominations: columnsHash(null, input.nominations) },
}));
await handle.close();
