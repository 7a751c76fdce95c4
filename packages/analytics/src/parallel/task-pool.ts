import { Worker } from 'node:worker_threads';
import type { TaskKind, TaskRequest, TaskResult } from './analysis-tasks.ts';
import type { TaskWorkerReply, TaskWorkerRequest } from './task-worker-messages.ts';

// From source (tsx, vitest) the worker is a .ts file that tsx loads; in the built server
// (apps/server/dist, scripts/build-server.ts) it is a .js bundle beside this code's bundle.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './task-worker.ts' : './task-worker.js', import.meta.url);
const WORKER_EXEC_ARGV = FROM_SOURCE ? ['--import', 'tsx'] : [];
/** Claim slots per shared buffer; an analysis submits about a hundred tasks. */
const CLAIM_SLOTS = 1024;

interface Pending {
  kind: TaskKind;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * A fixed set of worker threads that take the analysis' independent tasks in the order they are
 * submitted, each worker the next task as soon as it is free. Tasks are pure calls of the engine
 * (analysis-tasks.ts), so where one runs never changes its result. The first failure stops every
 * worker and fails every task still waiting: an analysis with a missing piece has no use.
 *
 * Every task is posted to every worker at once, and a worker claims one with an atomic
 * compare-and-swap on a shared slot before it runs it (task-worker.ts); the others pass it by.
 * So a worker that finishes goes straight on to the next unclaimed task in its own inbox, without
 * waiting for this thread to hand it one: this thread runs the analysis' long synchronous steps
 * (the reports, the graph data) while the pool works, and a worker that had to wait for it sat
 * idle for seconds at a time (docs/benchmarks.md, *Workers that take the next task themselves*).
 */
export class TaskPool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** One claim slot per task, CLAIM_SLOTS to a shared buffer. */
  private readonly claims: Int32Array[] = [];
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
      this.startWorkers();
      const id = this.nextId++;
      const slot = id % CLAIM_SLOTS;
      if (slot === 0) this.claims.push(new Int32Array(new SharedArrayBuffer(CLAIM_SLOTS * Int32Array.BYTES_PER_ELEMENT)));
      this.pending.set(id, { kind, resolve: resolve as (value: unknown) => void, reject });
      const message: TaskWorkerRequest = { id, kind, request, claims: this.claims[this.claims.length - 1]!, slot };
      for (const worker of this.workers) worker.postMessage(message);
    });
  }

  /** How many of the tasks submitted so far a worker has taken (running or done). */
  taken(): number {
    let count = 0;
    for (let id = 0; id < this.nextId; id++) count += Atomics.load(this.claims[Math.floor(id / CLAIM_SLOTS)]!, id % CLAIM_SLOTS);
    return count;
  }

  /** Stops every worker; tasks still waiting fail. Resolves once the threads are gone. */
  async close(): Promise<void> {
    this.closed = true;
    this.failAll(new Error('the analysis task pool was closed before this task ran'));
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private startWorkers(): void {
    while (this.workers.length < this.size) {
      const worker = new Worker(WORKER_URL, { execArgv: WORKER_EXEC_ARGV, ...(this.heapMb === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: this.heapMb } }) });
      this.workers.push(worker);
      worker.on('message', (reply: TaskWorkerReply) => this.settle(reply));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (!this.closed) this.fail(new Error(`an analysis worker stopped with code ${code}`));
      });
    }
  }

  private settle(reply: TaskWorkerReply): void {
    const task = this.pending.get(reply.id);
    if (!task) return;
    this.pending.delete(reply.id);
    if (reply.ok) task.resolve(reply.result);
    else task.reject(new Error(`analysis task ${task.kind} failed in a worker: ${reply.error}`));
  }

  private fail(error: Error): void {
    if (this.failure || this.closed) return;
    this.failure = error;
    this.failAll(error);
    void Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private failAll(error: Error): void {
    for (const task of this.pending.values()) task.reject(error);
    this.pending.clear();
  }
}
