import { Worker } from 'node:worker_threads';
import type { TaskKind, TaskRequest, TaskResult } from './analysis-tasks.ts';
import type { TaskWorkerReply, TaskWorkerRequest } from './task-worker-messages.ts';

// From source (tsx, vitest) the worker is a .ts file that tsx loads; in the built server
// (apps/server/dist, scripts/build-server.ts) it is a .js bundle beside this code's bundle.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './task-worker.ts' : './task-worker.js', import.meta.url);
const WORKER_EXEC_ARGV = FROM_SOURCE ? ['--import', 'tsx'] : [];

interface Pending {
  id: number;
  kind: TaskKind;
  request: unknown;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Tasks a worker holds at once: the one it runs and the next, waiting in its message queue. The
 * pool hands out tasks from this thread, which spends long stretches in synchronous steps of its
 * own (handing over the metrics, the reports); a worker that had to wait for it to take the next
 * task sat idle meanwhile (2026-12-03: both workers idle 10–15 s of a 100,000-person run while
 * the confidence resamples waited in the queue). With the next task already sent, a worker goes
 * on from one to the next without this thread. Two, not more: each held task is one a free
 * worker can no longer take, which unbalances the end of a run.
 */
const TASKS_HELD_PER_WORKER = 2;

/**
 * A fixed set of worker threads that take the analysis' independent tasks in the order they are
 * submitted, each worker the next task as soon as it is free (sent ahead, TASKS_HELD_PER_WORKER). Tasks are pure calls of the engine
 * (analysis-tasks.ts), so where one runs never changes its result. The first failure stops every
 * worker and fails every task still waiting: an analysis with a missing piece has no use.
 */
export class TaskPool {
  private readonly all: Worker[] = [];
  private readonly queue: Pending[] = [];
  /** The tasks each worker holds, in the order it runs them. */
  private readonly held = new Map<Worker, Pending[]>();
  private nextId = 0;
  private failure: Error | null = null;
  private closed = false;

  /**
   * `heapMb`: each worker's heap limit (Node's resourceLimits). A worker that reaches it ends
   * with ERR_WORKER_OUT_OF_MEMORY, which fails the pool's tasks with that error; without a limit
   * it would take the whole process down.
   */
  constructor(
    private readonly size: number,
    private readonly heapMb?: number,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`a task pool needs a whole number ≥ 1 of workers (got ${size})`);
  }

  run<K extends TaskKind>(kind: K, request: TaskRequest<K>): Promise<TaskResult<K>> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error('the analysis task pool is closed'));
    return new Promise<TaskResult<K>>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, kind, request, resolve: resolve as (value: unknown) => void, reject });
      this.startWorkers();
      this.dispatch();
    });
  }

  /** Stops every worker; tasks still waiting fail. Resolves once the threads are gone. */
  async close(): Promise<void> {
    this.closed = true;
    this.failAll(new Error('the analysis task pool was closed before this task ran'));
    await Promise.all(this.all.map((worker) => worker.terminate()));
  }

  private startWorkers(): void {
    while (this.all.length < this.size && this.all.length < this.queue.length + this.heldCount()) {
      const worker = new Worker(WORKER_URL, { execArgv: WORKER_EXEC_ARGV, ...(this.heapMb === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: this.heapMb } }) });
      this.all.push(worker);
      this.held.set(worker, []);
      worker.on('message', (reply: TaskWorkerReply) => this.settle(worker, reply));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (!this.closed) this.fail(new Error(`an analysis worker stopped with code ${code}`));
      });
    }
  }

  private heldCount(): number {
    let count = 0;
    for (const tasks of this.held.values()) count += tasks.length;
    return count;
  }

  /** Sends queued tasks to the workers holding the fewest, each up to TASKS_HELD_PER_WORKER. */
  private dispatch(): void {
    for (let holding = 0; holding < TASKS_HELD_PER_WORKER; holding++) {
      for (const worker of this.all) {
        const tasks = this.held.get(worker)!;
        if (tasks.length !== holding) continue;
        const task = this.queue.shift();
        if (!task) return;
        tasks.push(task);
        const message: TaskWorkerRequest = { id: task.id, kind: task.kind, request: task.request };
        worker.postMessage(message);
      }
    }
  }

  private settle(worker: Worker, reply: TaskWorkerReply): void {
    const tasks = this.held.get(worker);
    const task = tasks?.[0];
    if (!tasks || !task || task.id !== reply.id) return;
    tasks.shift();
    if (reply.ok) task.resolve(reply.result);
    else task.reject(new Error(`analysis task ${task.kind} failed in a worker: ${reply.error}`));
    this.dispatch();
  }

  private fail(error: Error): void {
    if (this.failure || this.closed) return;
    this.failure = error;
    this.failAll(error);
    void Promise.all(this.all.map((worker) => worker.terminate()));
  }

  private failAll(error: Error): void {
    for (const tasks of this.held.values()) for (const task of tasks.splice(0)) task.reject(error);
    for (const task of this.queue.splice(0)) task.reject(error);
  }
}
