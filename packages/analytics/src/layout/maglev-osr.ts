import { setFlagsFromString } from 'node:v8';

/**
 * Turns off one optimisation of V8's mid-tier compiler (Maglev): hoisting the untagging of the
 * values a loop is entered with on stack replacement (OSR). graphology-layout-forceatlas2's
 * `iterate` is one function of some 800 lines called once per ForceAtlas2 iteration, so at
 * 100,000 people (5 iterations) its loops are only ever compiled on stack replacement; with this
 * optimisation on, V8 13.6 (Node 24) compiles them, deoptimises at the loop entry ("not a Number or
 * Oddball") and compiles them again, tens of thousands of times a run, leaving the loops in the
 * interpreter: the same 5 iterations took 4–5 CPU s in one run and 20–48 s in another (docs/
 * benchmarks.md, *ForceAtlas2's spread*). With the flag off every run is the fast case and the
 * positions are the same bit for bit. The flag is the process's (worker threads included); it
 * touches only Maglev's OSR entries, which is why it is set here rather than on the command line
 * of every process that runs the engine. Set once.
 */
let applied = false;
export function avoidMaglevOsrDeoptLoop(): void {
  if (applied) return;
  applied = true;
  setFlagsFromString('--no-maglev-hoist-osr-value-phi-untagging');
}
