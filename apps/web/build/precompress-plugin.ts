import type { Plugin } from 'vite';
import { precompressTree } from './precompress.ts';

/** The `.br` and `.gz` twins of the client's build (precompress.ts). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'ona-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await precompressTree(outDir);
    },
  };
}
