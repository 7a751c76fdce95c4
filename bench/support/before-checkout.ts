import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * An export of another commit (`git archive`) to run beside this checkout, for "before" figures
 * from the same run. With the same package-lock.json, its node_modules links every installed
 * package of this checkout except the workspace packages (@ona/*), which point at the export's
 * own, so that its server runs its own code throughout; with another, it gets an install of its
 * own (`npm ci`). Returns the directory and the commit measured.
 */
export function exportCommit(ref: string, label: string): { dir: string; commit: string } {
  const commit = execFileSync('git', ['rev-parse', ref], { encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `ona-bench-${label}-${commit.slice(0, 10)}`);
  const installedMarker = join(dir, '.bench-installed');
  // An export that got its own install (below) is kept for the next run of the same commit.
  if (existsSync(installedMarker)) return { dir, commit };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C ${JSON.stringify(dir)}`]);
  if (readFileSync(join(dir, 'package-lock.json'), 'utf8') !== readFileSync('package-lock.json', 'utf8')) {
    // Other dependencies than this checkout's (a package added or removed since): links would
    // leave the export without some of its own, so it installs them (from npm's cache when it can).
    execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: dir, stdio: 'inherit' });
    writeFileSync(installedMarker, commit);
    return { dir, commit };
  }
  const modules = resolve('node_modules');
  mkdirSync(join(dir, 'node_modules/@ona'), { recursive: true });
  for (const entry of readdirSync(modules)) {
    if (entry !== '@ona') symlinkSync(join(modules, entry), join(dir, 'node_modules', entry));
  }
  const workspaces: [string, string][] = [['analytics', 'packages/analytics'], ['contracts', 'packages/contracts'], ['db', 'packages/db'], ['server', 'apps/server'], ['web', 'apps/web']];
  for (const [name, path] of workspaces) {
    symlinkSync(join(dir, path), join(dir, 'node_modules/@ona', name));
    linkWorkspaceModules(resolve(path, 'node_modules'), join(dir, path, 'node_modules'));
  }
  return { dir, commit };
}

/**
 * npm installs a package inside a workspace (apps/server/node_modules/lru-cache) when the root
 * holds another version of it or none; `git archive` carries no node_modules, so without these
 * links the export's server fails on the first such import. Scoped folders are linked as a whole.
 */
function linkWorkspaceModules(installed: string, exported: string): void {
  if (!existsSync(installed)) return;
  mkdirSync(exported, { recursive: true });
  for (const entry of readdirSync(installed)) {
    if (entry === '.bin' || existsSync(join(exported, entry))) continue;
    symlinkSync(join(installed, entry), join(exported, entry));
  }
}
