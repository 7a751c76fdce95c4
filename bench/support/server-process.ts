import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** USER_HZ of Linux /proc/<pid>/stat: 100 on every architecture Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One server in a process of its own: from source (node with the tsx loader, so that the pid is the
 * server itself and a signal reaches it exactly once, as from an orchestrator) or, with
 * `compiled`, the bundle of `npm run build:server`.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  readonly base: string;

  constructor(
    private readonly options: {
      port: number;
      env: Record<string, string>;
      compiled?: boolean;
      onOutput?: (line: string) => void;
      /** The checkout to run (a "before" export of another commit); default the current directory. */
      cwd?: string;
      /** Another script than the server (a raw anchor), run with the tsx loader; it must answer GET /api/health/. */
      script?: string;
      /** Options for node itself, e.g. `--cpu-prof` (the profile is written when the process exits). */
      nodeArgs?: string[];
    },
  ) {
    this.base = `http://127.0.0.1:${options.port}/api`;
  }

  /** The server's process id while it runs (to read its memory from /proc). */
  /** How the process last ended ("code 1", "SIGKILL"), null while it runs or before it started. */
  lastExit: string | null = null;

  pid(): number | null {
    return this.child?.pid ?? null;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /**
   * CPU seconds (user + system) the server process has used so far, from /proc (Linux); null
   * elsewhere. CPU per request is what a change to the request path changes, and, unlike
   * requests per second, it hardly moves with the load of a shared machine.
   */
  cpuSeconds(): number | null {
    const pid = this.child?.pid;
    return pid ? (processStat(pid)?.cpuSeconds ?? null) : null;
  }

  /**
   * The process's peak resident memory so far in MB (VmHWM of /proc/<pid>/status, Linux; its
   * worker threads included), or null elsewhere.
   */
  /** The process's resident memory now in MB (VmRSS of /proc/<pid>/status, Linux), null when not running. */
  memoryMb(): number | null {
    const pid = this.child?.pid;
    if (!pid || !existsSync(`/proc/${pid}/status`)) return null;
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : null;
  }

  peakMemoryMb(): number | null {
    const pid = this.child?.pid;
    if (!pid || !existsSync(`/proc/${pid}/status`)) return null;
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : null;
  }

  /** Starts the server and resolves once its health check answers 200. */
  async start(): Promise<void> {
    // A server left running on the port (e.g. by a bench that failed) would answer the health
    // check below while this one fails to listen, and the bench would measure the wrong process.
    if (await fetch(`${this.base}/health/`).then(() => true, () => false)) throw new Error(`something already answers on port ${this.options.port}: stop it first`);
    const entry = this.options.compiled ? ['--enable-source-maps', 'apps/server/dist/server.js'] : ['--import', 'tsx', this.options.script ?? 'apps/server/src/server.ts'];
    if (this.options.compiled && !existsSync('apps/server/dist/server.js')) throw new Error('apps/server/dist/server.js is missing: run `npm run build:server` first');
    const child = spawn(process.execPath, [...(this.options.nodeArgs ?? []), ...entry], {
      cwd: this.options.cwd,
      env: { ...process.env, HOST: '127.0.0.1', LOAD_DEMO: 'false', LOG_LEVEL: 'error', TRUST_PROXY: 'true', REDIS_URL: '', ...this.options.env, PORT: String(this.options.port) },
      stdio: ['ignore', this.options.onOutput ? 'pipe' : 'ignore', 'inherit'],
      detached: true,
    });
    this.child = child;
    if (this.options.onOutput) {
      let rest = '';
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) this.options.onOutput?.(line);
      });
    }
    child.once('exit', (code, signal) => {
      this.lastExit = signal ?? `code ${code}`;
      if (this.child === child) this.child = null;
    });
    for (;;) {
      if (this.child !== child) throw new Error(`the server on port ${this.options.port} exited while starting`);
      try {
        if ((await fetch(`${this.base}/health/`)).status === 200) return;
      } catch {
        // not up yet
      }
      await pause(100);
    }
  }

  /**
   * Sends `signal` and resolves with the exit code once the process has ended. SIGKILL goes to the
   * whole process group (nothing of the server may survive); other signals to the server alone.
   */
  async stop(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child?.pid) return null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    process.kill(signal === 'SIGKILL' ? -child.pid : child.pid, signal);
    const code = await exited;
    this.child = null;
    return code;
  }
}

/**
 * A process's command name and CPU seconds so far (user + system) from /proc/<pid>/stat (Linux);
 * null when it is not there (another platform, or the process has ended).
 */
export function processStat(pid: number): { command: string; cpuSeconds: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  return { command: stat.slice(stat.indexOf('(') + 1, close), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND };
}
