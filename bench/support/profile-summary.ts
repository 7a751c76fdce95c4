import { readFileSync } from 'node:fs';

/**
 * Where a server's CPU went: reads a `.cpuprofile` (node --cpu-prof) and prints the share of
 * self time by package (node_modules/<name>, the project's own files, Node's internals, idle and
 * garbage collection) and the 25 functions with the most self time.
 * Run: npx tsx bench/support/profile-summary.ts path/to/file.cpuprofile
 */
type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const file = process.argv[2];
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile>');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
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
const share = (time: number) => `${((100 * time) / total).toFixed(1)} %`;
console.log(`${(total / 1e6).toFixed(1)} s sampled`);
console.log('\nself time by package:');
for (const [name, time] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${share(time).padStart(7)}  ${name}`);
console.log('\nfunctions with the most self time:');
for (const [name, time] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${share(time).padStart(7)}  ${name}`);
