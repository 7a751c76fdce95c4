import fc from 'fast-check';

/**
 * Property tests draw new cases on every run where a developer runs them (that is how they find
 * counterexamples: see run-analysis.test.ts). On CI they draw the same cases every time (a fixed
 * seed, FAST_CHECK_SEED to try another), so that a run's result depends on the code alone; a
 * counterexample found locally is pinned as a test of its own.
 */
if (process.env.CI) fc.configureGlobal({ seed: Number(process.env.FAST_CHECK_SEED ?? 20_261_126) });
