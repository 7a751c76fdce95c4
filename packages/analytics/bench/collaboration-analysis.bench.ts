/**
 * Issue 33: "the analysis with the collaboration network added". The same synthetic journey
 * (syntheticOrganisation, seed 42) analysed without and with a collaboration network, each in a
 * process of its own so that each peak resident set is its own (getrusage maxRSS never goes down).
 * The network: everyone tied to 4-8 people of their unit and, one in four, to 1-3 people elsewhere
 * (mail with other teams), weights as the tie rule keeps them; every employee covered.
 *   npx tsx packages/analytics/bench/collaboration-analysis.bench.ts [employees…]   (default 1000 5000)
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runAnalysis } from '../src/index.ts';
import type { AnalysisInput, CollaborationTieInput } from '../src/index.ts';
import { syntheticOrganisation } from '../src/testing/synthetic.ts';

/** A small seeded generator (mulberry32): the same network for the same size. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function withCollaboration(input: AnalysisInput): AnalysisInput {
  const random = seeded(33);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const byUnit = new Map<string, string[]>();
  for (const e of input.employees) byUnit.set(e.unitId, [...(byUnit.get(e.unitId) ?? []), e.id]);
  const everyone = input.employees.map((e) => e.id);
  const ties = new Map<string, CollaborationTieInput>();
  const tie = (a: string, b: string) => {
    if (a === b) return;
    const [source, target] = a < b ? [a, b] : [b, a];
    const interactions = 2 + Math.floor(random() * 20);
    const fromSource = Math.floor(random() * interactions);
    ties.set(`${source}|${target}`, { source, target, interactions, fromSource, fromTarget: interactions - fromSource, met: Math.floor(random() * 4) });
  };
  for (const e of input.employees) {
    const unit = byUnit.get(e.unitId) ?? [];
    for (let k = 4 + Math.floor(random() * 5); k > 0; k--) tie(e.id, pick(unit));
    if (random() < 0.25) for (let k = 1 + Math.floor(random() * 3); k > 0; k--) tie(e.id, pick(everyone));
  }
  return { ...input, collaboration: { fromWeek: '2026-11-02', toWeek: '2026-11-30', coveredEmployeeIds: everyone, ties: [...ties.values()] } };
}

const [variant, sizeArg] = process.argv.slice(2);
if (variant === '--variant-without' || variant === '--variant-with') {
  const survey = syntheticOrganisation({ employees: Number(sizeArg), seed: 42, with360: true });
  const input = variant === '--variant-with' ? withCollaboration(survey) : survey;
  const started = performance.now();
  const result = runAnalysis(input, {}, undefined, { clock: () => performance.now() });
  const ms = performance.now() - started;
  // The collaboration network's measures are computed in the metrics step, beside the survey's networks.
  const metricsStep = result.timings.find((t) => t.step === 'metrics')?.ms ?? null;
  console.log(JSON.stringify({ ms, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), ties: input.collaboration?.ties.length ?? 0, metricsStepMs: metricsStep, nominations: input.nominations.source.length }));
} else {
  const sizes = process.argv.slice(2).filter((a) => /^\d+$/.test(a)).map(Number);
  console.log(`load average at the start: ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  for (const size of sizes.length > 0 ? sizes : [1000, 5000]) {
    for (const which of ['without', 'with'] as const) {
      const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), `--variant-${which}`, String(size)], { encoding: 'utf8', maxBuffer: 1 << 24 });
      if (child.status !== 0) throw new Error(`the ${which} run of ${size} failed: ${child.stderr}`);
      const figures = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { ms: number; peakRssMb: number; ties: number; metricsStepMs: number | null; nominations: number };
      console.log(`${size} employees, ${which} collaboration (${figures.ties} ties, ${figures.nominations} nominations): ${(figures.ms / 1000).toFixed(1)} s${figures.metricsStepMs === null ? '' : ` (metrics step ${(figures.metricsStepMs / 1000).toFixed(1)} s)`}, peak RSS ${figures.peakRssMb} MB`);
    }
  }
  console.log(`load average at the end: ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
}
