import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The two sweeps over every page take four minutes each, several times any other file. On a fresh
 * clone Vitest has no durations on record and orders files by size, which put the small
 * clipped-text file last: one worker ran it alone for four minutes after the other had finished.
 * Started first, one in each worker, the rest fills in beside them.
 */
const LONGEST = ['e2e/clipped-text.e2e.ts', 'e2e/accessibility.e2e.ts'];

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? LONGEST.length : index;
    };
    // Array.prototype.sort is stable: the other files keep the base order.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
