import { describe, expect, it } from 'vitest';
import { forbiddenOnFirstLoad, GRAPH_LIBRARIES, type TGuardChunk } from '../../build/chunk-guard.ts';

const chunk = (fileName: string, moduleIds: string[], extra: Partial<TGuardChunk> = {}): TGuardChunk => ({ fileName, isEntry: false, imports: [], moduleIds, ...extra });
const SIGMA = '/repo/node_modules/sigma/dist/sigma.esm.js';
const GRAPHOLOGY = '/repo/node_modules/graphology/dist/graphology.mjs';

describe('the chunk guard of the build', () => {
  const take = '/repo/apps/web/src/features/instant-survey/take-survey-page.tsx';
  const graphTab = '/repo/apps/web/src/features/instant-survey/details/graph-tab.tsx';

  it('passes a build where sigma and graphology come only with the graph tab', () => {
    const chunks = [
      chunk('index.js', ['/repo/node_modules/react-dom/index.js'], { isEntry: true }),
      chunk('take.js', [take], { imports: ['index.js'] }),
      chunk('graph-tab.js', [graphTab, SIGMA, GRAPHOLOGY], { imports: ['index.js'] }),
    ];
    expect(forbiddenOnFirstLoad(chunks, ['src/features/instant-survey/take-survey-page.tsx'], GRAPH_LIBRARIES)).toEqual({});
  });

  it('names the page that would load sigma through a shared chunk', () => {
    const chunks = [
      chunk('index.js', [], { isEntry: true }),
      chunk('shared.js', [SIGMA]),
      chunk('take.js', [take], { imports: ['index.js', 'shared.js'] }),
    ];
    expect(forbiddenOnFirstLoad(chunks, ['src/features/instant-survey/take-survey-page.tsx'], GRAPH_LIBRARIES)).toEqual({ 'src/features/instant-survey/take-survey-page.tsx': ['sigma/dist/sigma.esm.js'] });
  });

  it('names the entry when graphology is in it', () => {
    const chunks = [chunk('index.js', [GRAPHOLOGY], { isEntry: true })];
    expect(forbiddenOnFirstLoad(chunks, [], GRAPH_LIBRARIES)).toEqual({ entry: ['graphology/dist/graphology.mjs'] });
  });

  it('fails loudly when a guarded page is no longer a chunk of its own', () => {
    expect(() => forbiddenOnFirstLoad([chunk('index.js', [], { isEntry: true })], ['src/features/auth/login-page.tsx'], GRAPH_LIBRARIES)).toThrow(/no chunk/);
  });
});
