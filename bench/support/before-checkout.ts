import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * An export of another commit (`git archive`) to run beside this checkout, for "before" figures
 * from the same run. Its node_modules links every installed package of this checkout except the
 * workspace packages (@ona/*), which point at the export's own, so that its server runs its own
 * code throughout. Returns the directory and the commit measured.
 */
export function exportCommit(ref: string, label: string): { dir: string; commit: string } {
  const commit = execFileSync('git', ['rev-parse', ref], { encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `ona-bench-${label}-${commit.slice(0, 10)}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C ${JSON.stringify(dir)}`]);
  const modules = resolve('node_modules');
  mkdirSync(join(dir, 'node_modules/@ona'), { recursive: true });
  for (const entry of readdirSync(modules)) {
    if (entry !== '@ona') symlinkSync(join(modules, entry), join(dir, 'node_modules', entry));
  }
  const workspaces: [string, string][] = [['analytics', 'packages/analytics'], ['contracts', 'packages/contracts'], ['db', 'packages/db'], ['server', 'apps/server'], ['web', 'apps/web']];
  for (const [name, path] of workspaces) symlinkSync(join(dir, path), join(dir, 'node_modules/@ona', name));
  return { dir, commit };
}
