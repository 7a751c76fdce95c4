import type { TaskKind } from './analysis-tasks.ts';

/**
 * A task sent to every pool worker; `request` is the task's request (analysis-tasks.ts). The
 * worker that reaches it first claims it by setting `claims[slot]` from 0 to 1 (task-pool.ts),
 * the others pass it by.
 */
export interface TaskWorkerRequest {
  id: number;
  kind: TaskKind;
  request: unknown;
  claims: Int32Array;
  slot: number;
}

/** A worker's answer to one task. */
export type TaskWorkerReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };
