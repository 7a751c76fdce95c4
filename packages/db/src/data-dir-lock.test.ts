import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, lockPathOf } from './data-dir-lock.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ona-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
    rmSync(lockPathOf(dir), { force: true });
  }
});

describe('lockDataDir', () => {
  it('keeps the lock beside the directory, which PGlite needs empty to create its database', () => {
    expect(lockPathOf('/srv/ona/data')).toBe('/srv/ona/data.lock');
  });

  it('writes the owner’s process id and removes the lock when released', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(readFileSync(lockPathOf(dir), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockPathOf(dir))).toBe(false);
  });

  it('refuses a directory that a running process holds, saying what to do', async () => {
    const dir = freshDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(lockPathOf(dir), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(`in use by another server (process ${other.pid})`);
      expect(() => lockDataDir(dir)).toThrow(/another DATA_DIR|DATABASE_URL/);
    } finally {
      other.kill();
      await new Promise((resolve) => other.once('exit', resolve));
    }
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = freshDir();
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(lockPathOf(dir), String(gone.pid));
    const release = lockDataDir(dir);
    expect(readFileSync(lockPathOf(dir), 'utf8')).toBe(String(process.pid));
    release();
  });
});

describe('createDb on a data directory', () => {
  it('opens an empty directory, refuses a second opening while the first is open, and opens again after close', async () => {
    const { createDb } = await import('./create-db.ts');
    const dir = freshDir();
    const first = await createDb({ dataDir: dir });
    // The same process stands in for a second server here: the lock is per directory, not per process.
    writeFileSync(lockPathOf(dir), String(process.ppid));
    await expect(createDb({ dataDir: dir })).rejects.toThrow(/in use by another server/);
    writeFileSync(lockPathOf(dir), String(process.pid));
    await first.close();
    expect(existsSync(lockPathOf(dir))).toBe(false);
    const again = await createDb({ dataDir: dir });
    await again.close();
  });
});
