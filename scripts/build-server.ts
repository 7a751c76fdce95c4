import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run build:server`: compiles the server to plain JavaScript in apps/server/dist, so that
 * `npm run serve` needs no TypeScript runner. The workspace packages (@ona/*, TypeScript source)
 * are bundled in, JSON locale files too; every other package stays an import of node_modules, so
 * that a production install (`npm ci --omit=dev`) brings exactly what the server needs.
 *
 * Each worker thread is an entry of its own; the code that starts one asks for `<name>.js` beside
 * its bundle when it runs compiled, and for the `.ts` file through tsx when it runs from source.
 * Files read at run time are copied beside the bundle at the same relative place.
 */
const root = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url));
const outdir = root('apps/server/dist');

/** Bare imports other than our own workspace packages are left to node_modules. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@ona/') ? undefined : { path: args.path, external: true }));
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    server: root('apps/server/src/server.ts'),
    // The analysis worker process (`npm run serve:worker`): analyses only, beside web instances.
    worker: root('apps/server/src/worker.ts'),
    'create-admin': root('apps/server/src/cli/create-admin.ts'),
    'analysis-worker': root('apps/server/src/modules/analysis/analysis-worker.ts'),
    'workbook-reader-worker': root('apps/server/src/modules/uploads/workbook-reader-worker.ts'),
    'betweenness-worker': root('packages/analytics/src/parallel/betweenness-worker.ts'),
    'task-worker': root('packages/analytics/src/parallel/task-worker.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
// create-db.ts migrates from `./migrations` beside the bundle; the demo reads `./krackhardt/*.csv`.
cpSync(root('packages/db/migrations'), `${outdir}/migrations`, { recursive: true });
cpSync(root('apps/server/src/demo/krackhardt'), `${outdir}/krackhardt`, { recursive: true });
console.log(`Server built into ${outdir}`);
