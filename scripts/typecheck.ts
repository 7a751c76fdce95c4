import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';

/**
 * `npm run typecheck`: every TypeScript project checked, as many at once as the machine has cores.
 * Each `tsc` is single-threaded, so on two cores two projects at a time halve the wait of the
 * one-after-another chain this replaces; the output of each project is printed whole, in order.
 */
// The node-side projects (packages, server, scripts, benchmarks) have the same options and import
// one another: one program (tsconfig.node.json) checks each of their files once, where nine
// separate runs checked the contracts and the server several times over (179 s of CPU measured).
// The client, the site and the browser tests add the DOM and JSX: projects of their own. Largest
// first, so that the two cores finish together.
const PROJECTS = ['tsconfig.node.json', 'apps/web', 'e2e', 'apps/site'];
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function check(project: string): Promise<{ project: string; code: number; output: string }> {
  return new Promise((done) => {
    let output = '';
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
    child.on('close', (code) => done({ project, code: code ?? 1, output }));
  });
}

const queue = [...PROJECTS];
const results: Awaited<ReturnType<typeof check>>[] = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), PROJECTS.length) }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
  }),
);
let failed = false;
for (const project of PROJECTS) {
  const result = results.find((r) => r.project === project);
  if (!result || result.code !== 0) {
    failed = true;
    console.error(`tsc -p ${project} failed:\n${result?.output ?? ''}`);
  }
}
process.exit(failed ? 1 : 0);
