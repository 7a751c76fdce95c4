import { readFileSync } from 'node:fs';

/**
 * Where a server's CPU went: reads a `.cpuprofile` (node --cpu-prof) and prints the share of
 * self time by package (node_modules/<name>, the project's own files, Node's internals, idle and
 * garbage collection) and the 25 functions with the most self time.
 * Run: npx tsx bench/support/profile-summary.ts path/to/file.cpuprofile [--last=SECONDS] [--skip-last=SECONDS]
 */
type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile>');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
// --last=SECONDS: only the samples of the profile's last seconds (the load, not the start-up).
const lastArgument = process.argv.find((a) => a.startsWith('--last='));
const windowMicros = lastArgument ? Number(lastArgument.slice('--last='.length)) * 1e6 : Infinity;
// --skip-last=SECONDS: leaves out the profile's final seconds (e.g. the anchor's measurement, which
// the request-path bench runs after the profiled server's), so --last can pick an earlier window.
const skipArgument = process.argv.find((a) => a.startsWith('--skip-last='));
const skipMicros = skipArgument ? Number(skipArgument.slice('--skip-last='.length)) * 1e6 : 0;
let skipped = 0;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
let counted = 0;
for (let i = profile.samples.length - 1; i >= 0 && counted < windowMicros; i -= 1) {
  const id = profile.samples[i]!;
  const delta = profile.timeDeltas[i] ?? 0;
  if (skipped < skipMicros) {
    skipped += delta;
    continue;
  }
  counted += delta;
  self.set(id, (self.get(id) ?? 0) + delta);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

const packageOf = (node: ProfileNode): string => {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1] ?? url;
  if (url.startsWith('node:')) return 'node internals';
  return url.includes('/apps/') || url.includes('/packages/') ? 'project code' : url;
};
const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);
const packages = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, time] of self) {
  const node = byId.get(id);
  if (!node) continue;
  add(packages, packageOf(node), time);
  const where = node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(apps|packages)\//, '$1/');
  add(functions, `${node.callFrame.functionName || '(anonymous)'} ${where}:${node.callFrame.lineNumber + 1}`, time);
}
// Beside the share of all samples, the share of the busy ones: idle time is waiting (for the
// database, for a CPU held by other processes) and moves with the machine's load.
const busy = total - (packages.get('(idle)') ?? 0);
const share = (time: number) => `${((100 * time) / total).toFixed(1)} %`.padStart(7) + `${((100 * time) / busy).toFixed(1)} % of busy`.padStart(17);
console.log(`${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy`);
console.log('\nself time by package:');
for (const [name, time] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${share(time)}  ${name}`);
console.log('\nfunctions with the most self time:');
for (const [name, time] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${share(time)}  ${name}`);
