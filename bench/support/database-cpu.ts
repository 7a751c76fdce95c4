import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds spent so far by each PostgreSQL backend connected to `database`, by process id (a
 * local server whose processes this user can read in /proc; empty otherwise). A backend's title
 * names its database (`postgres: <user> <database> <client> <state>`), so other databases' work on
 * a shared server is left out.
 */
export function databaseBackendsCpu(database: string): Map<number, number> {
  const backends = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!title.startsWith('postgres: ') || !title.split(' ').includes(database)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      backends.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND);
    } catch {
      // The process ended while it was being read.
    }
  }
  return backends;
}

/**
 * The CPU seconds the backends spent between two readings: those that started meanwhile count
 * from zero; those that ended meanwhile (a pool closing idle connections) are left out, so the
 * figure may be a little low, never negative. Null when no backend could be read.
 */
export function databaseCpuBetween(before: Map<number, number>, after: Map<number, number>): number | null {
  if (after.size === 0) return null;
  let seconds = 0;
  for (const [pid, cpu] of after) seconds += cpu - (before.get(pid) ?? 0);
  return seconds;
}
