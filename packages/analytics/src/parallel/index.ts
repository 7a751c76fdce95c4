// A separate entry point: it needs node:worker_threads, which the main entry never loads eagerly.
export { betweennessParallel, betweennessManyParallel } from './betweenness-parallel.ts';
export type { ParallelOptions } from './betweenness-parallel.ts';
