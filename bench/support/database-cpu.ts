import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds spent so far by the PostgreSQL backends connected to `database` (a local server whose
 * processes this user can read in /proc; null otherwise). A backend's title names its database
 * (`postgres: <user> <database> <client> <state>`), so the figure leaves out other databases'
 * work on a shared server. Backends that ended meanwhile drop out of the sum: measure while the
 * servers' pools stay open.
 */
export function databaseCpuSeconds(database: string): number | null {
  let ticks = 0;
  let found = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!title.startsWith('postgres: ') || !title.split(' ').includes(database)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      found = true;
    } catch {
      // The process ended while it was being read.
    }
  }
  return found ? ticks / CLOCK_TICKS_PER_SECOND : null;
}
