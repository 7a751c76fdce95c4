import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The embedded database is one process's files: a second server on the same DATA_DIR would
 * corrupt them. A lock file holding the owner's process id keeps the second one out with a clear
 * message; a lock left by a process that no longer runs (a crash, a kill -9) is taken over.
 * The lock sits beside the directory (`data.lock` for `data`): PGlite creates its database only
 * in an empty directory.
 */
export function lockPathOf(dataDir: string): string {
  return `${resolve(dataDir)}.lock`;
}

export function lockDataDir(dataDir: string): () => void {
  const path = lockPathOf(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by another server (process ${owner}). Stop that server, or give this one another DATA_DIR, or use PostgreSQL (DATABASE_URL) to run several instances.`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}: remove ${path} if no server is running.`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs under another user, which still counts as running.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
