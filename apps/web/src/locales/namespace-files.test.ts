import { describe, expect, it } from 'vitest';
import { namespaceFile } from './namespace-files.ts';
import { NAMESPACES } from './resources.ts';

const FILES = Object.keys(import.meta.glob('./*/*.json'));

describe('namespaceFile', () => {
  it('names the JSON file the on-demand loader fetches for every namespace, in every complete language', () => {
    for (const language of ['en', 'hu', 'de', 'ru']) {
      for (const namespace of NAMESPACES) expect(FILES).toContain(`./${language}/${namespaceFile(namespace)}.json`);
    }
  });
});
