import { getPriority, setPriority } from 'node:os';

/**
 * Moves the calling thread (on Linux a thread's nice value is its own; threads it starts later
 * inherit it) back to `nice`. Only ever further back: a process started at a higher nice value
 * keeps it (as root, setting 10 would raise a process started at 15). Where the system refuses
 * (another platform), the thread stays at its priority.
 */
export function lowerThreadPriority(nice: number | undefined): void {
  if (nice === undefined || nice <= getPriority()) return;
  try {
    setPriority(nice);
  } catch {
    // Not permitted here: the thread goes on at its priority.
  }
}
