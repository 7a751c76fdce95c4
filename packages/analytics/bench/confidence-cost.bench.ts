/**
 * Cost of the confidence step (rank stability by resampling) beside the whole analysis, in the
 * same process and run, on the synthetic organisations of analysis.bench.ts (80 % answered). Prints
 * the analysis' steps with the confidence step at the default resamples, then the time of one
 * resample of the work network and of all the other networks, from which any choice of
 * `confidence.repeats` / `networkRepeats` can be costed.
 *   npx tsx packages/analytics/bench/confidence-cost.bench.ts [sizes…]
 */
import { runAnalysis } from '../src/index.ts';
import { buildOrganisation } from '../src/graph/organisation.ts';
import { DEFAULT_OPTIONS } from '../src/options.ts';
import { rankStability } from '../src/confidence/rank-stability.ts';
import { syntheticOrganisation } from '../src/testing/synthetic.ts';
import { GRAPH_CATEGORIES, QUESTION_KINDS } from '../src/types.ts';

const sizes = process.argv.slice(2).filter((a) => /^\d+$/.test(a)).map(Number);
const seconds = (ms: number): string => (ms / 1000).toFixed(2);
const { repeats, networkRepeats } = DEFAULT_OPTIONS.confidence;

for (const size of sizes.length > 0 ? sizes : [1000, 5000]) {
  const input = syntheticOrganisation({ employees: size, seed: 42, with360: true, answerRate: 0.8 });
  const t0 = performance.now();
  const result = runAnalysis(input, {}, undefined, { clock: () => performance.now() });
  const total = performance.now() - t0;
  const step = result.timings.find((t) => t.step === 'confidence')!.ms;
  const rest = total - step;
  console.log(`\n== ${size} employees, response ${(result.confidence.response.rate * 100).toFixed(1)} %: analysis ${seconds(total)} s, of which confidence ${seconds(step)} s (${repeats} work / ${networkRepeats} network resamples) = +${((step / rest) * 100).toFixed(1)} % on the ${seconds(rest)} s without it`);
  const work = result.confidence.stability.work.centralities;
  console.log(`  work network: ${Object.entries(work).map(([c, s]) => `${c} ${s ? s.mean.toFixed(3) : '–'}`).join(', ')}`);
  const org = buildOrganisation(input);
  // Distinct graphs: a category asked through one kind is that kind's network, measured once.
  const others = [...new Set([
    ...QUESTION_KINDS.filter((k) => org.askedKinds.has(k)).map((k) => org.byKind.get(k)!),
    ...GRAPH_CATEGORIES.filter((c) => org.questions.some((q) => q.category === c)).map((c) => org.byCategory.get(c)!),
  ])];
  const time = (run: () => void): number => {
    const started = performance.now();
    run();
    return performance.now() - started;
  };
  // One resample costs (time with 2 resamples) − (time with 1): the full network's own vectors cancel out.
  const perResample = (graphs: typeof others): number =>
    time(() => graphs.forEach((g) => rankStability(g, org.answered, DEFAULT_OPTIONS, { dropShare: 0.2, repeats: 2, seed: 1 }))) -
    time(() => graphs.forEach((g) => rankStability(g, org.answered, DEFAULT_OPTIONS, { dropShare: 0.2, repeats: 1, seed: 1 })));
  const workMs = perResample([org.work]);
  const othersMs = perResample(others);
  if (size > DEFAULT_OPTIONS.confidence.networkMaxNodes) console.log(`  (above networkMaxNodes = ${DEFAULT_OPTIONS.confidence.networkMaxNodes} the run tests the work network only)`);
  console.log(`  one resample: work network ${seconds(workMs)} s (${((workMs / rest) * 100).toFixed(1)} % of the run), the ${others.length} distinct other networks ${seconds(othersMs)} s (${((othersMs / rest) * 100).toFixed(1)} %)`);
}
