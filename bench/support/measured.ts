/**
 * Runs `run` once and reports its CPU (user + system, this process) and how much the heap grew
 * across it, after a garbage collection first when the process runs with --expose-gc (null
 * without: the growth would mix in garbage from before).
 */
export function measured<T>(run: () => T): { value: T; cpuMs: number; heapBytes: number | null } {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heap = process.memoryUsage().heapUsed;
  const cpu = process.cpuUsage();
  const value = run();
  const used = process.cpuUsage(cpu);
  return { value, cpuMs: Math.round((used.user + used.system) / 1000), heapBytes: gc ? process.memoryUsage().heapUsed - heap : null };
}
