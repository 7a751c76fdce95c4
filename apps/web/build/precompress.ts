import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt|xml)$/;
/** Below this a compressed twin saves less than a packet; the server compresses such files on the fly anyway. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)])));
  return nested.flat();
}

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) twin next to every text file under `dir`, so
 * the server (@fastify/static with preCompressed) sends the smallest form without compressing
 * per request. Built in, no extra dependency: node:zlib does both. The client's build and the
 * site's (apps/site) both end with it.
 */
export async function precompressTree(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter((file) => TEXT_FILE.test(file));
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        gzipAsync(content, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
}
