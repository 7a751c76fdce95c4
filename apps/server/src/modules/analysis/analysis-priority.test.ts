import { readFileSync, readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runAnalysisInWorker } from './run-in-worker.ts';
import { NominationColumnsBuilder, type AnalysisInput } from '@ona/analytics';

/** A thread's nice value: field 19 of /proc/…/stat (the 17th after the command's closing bracket). */
const niceOf = (statPath: string): number => {
  const stat = readFileSync(statPath, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};

/**
 * The nice values of this process's threads now. A thread listed may end before its stat is read
 * (a worker of another test file finishing): it is left out, not an error (CI, 2026-12-04: ENOENT).
 */
const threadNices = (): number[] =>
  readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      return [niceOf(`/proc/self/task/${tid}/stat`)];
    } catch {
      return [];
    }
  });

/** A small organisation: 30 people in one unit, each naming the next two. */
function smallOrganisation(): AnalysisInput {
  const nominations = new NominationColumnsBuilder();
  for (let v = 0; v < 30; v++) {
    nominations.push(v, (v + 1) % 30, 0);
    nominations.push(v, (v + 2) % 30, 0);
  }
  return {
    units: [{ id: 'u', name: 'Unit', parentId: null }],
    employees: Array.from({ length: 30 }, (_, i) => ({ id: String(i), name: `Person ${i}`, unitId: 'u', leaderId: i === 0 ? null : '0', hasAnswered: true })),
    questions: [{ id: 'q', category: 'work_info', kind: 'advice', label: 'Whom do you ask for advice?' }],
    nominations: nominations.build(),
  };
}

// Linux keeps a nice value per thread (what ANALYSIS_NICE relies on); elsewhere there is nothing to see.
describe.runIf(process.platform === 'linux')('ANALYSIS_NICE: the analysis thread steps back, the calling thread keeps its priority', () => {
  it('runs the analysis on a thread with the given nice value while the caller’s stays as it was', async () => {
    const callerBefore = niceOf('/proc/thread-self/stat');
    const seenWhileRunning: number[][] = [];
    const parts = await runAnalysisInWorker(
      smallOrganisation(),
      () => {
        // Called while the analysis thread lives (it posts its progress and goes on).
        seenWhileRunning.push(threadNices());
      },
      { nice: callerBefore + 7 > 19 ? 19 : callerBefore + 7 },
    );
    expect(parts.length).toBeGreaterThan(0);
    expect(seenWhileRunning.length).toBeGreaterThan(0);
    const wanted = Math.min(19, callerBefore + 7);
    expect(seenWhileRunning.every((nices) => nices.includes(wanted))).toBe(true);
    expect(niceOf('/proc/thread-self/stat')).toBe(callerBefore);
  });

  it('never brings the analysis forward: asked for less than the caller’s nice value, it keeps the caller’s', async () => {
    // This test's thread steps back first (always permitted); the analysis thread inherits that.
    const caller = Math.max(niceOf('/proc/thread-self/stat'), 4);
    setPriority(caller);
    const atAsked = () => threadNices().filter((nice) => nice === caller - 3).length;
    const before = atAsked();
    const seen: number[] = [];
    await runAnalysisInWorker(smallOrganisation(), () => void seen.push(atAsked()), { nice: caller - 3 });
    expect(seen.length).toBeGreaterThan(0);
    // No thread more at the lower value than before the run (another thread of the process may be there already).
    expect(seen.every((count) => count <= before)).toBe(true);
  });
});
