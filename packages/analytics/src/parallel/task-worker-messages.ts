import type { TaskKind } from './analysis-tasks.ts';

/** A task sent to every pool worker (task-pool.ts); `request` is the task's request (analysis-tasks.ts). */
export interface TaskWorkerRequest {
  id: number;
  kind: TaskKind;
  request: unknown;
  /** Shared by every worker's copy of the message: the worker that sets it from 0 to 1 runs the task. */
  claim: Int32Array;
}

/** A worker's answer to one task. */
export type TaskWorkerReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };
