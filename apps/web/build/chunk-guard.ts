import type { Plugin } from 'vite';

/** What the guard needs of an output chunk (Rollup's OutputChunk has these fields). */
export type TGuardChunk = { fileName: string; isEntry: boolean; imports: readonly string[]; moduleIds: readonly string[] };

/** Libraries only a drawn graph needs (features/graph, graph/, the instant graph tab, the results-upload graph). */
export const GRAPH_LIBRARIES = /[/\\]node_modules[/\\](sigma|graphology[^/\\]*)[/\\]/;

/** Pages that must load without them: the entry and the participant-facing pages. */
export const LIGHT_PAGES = ['src/features/instant-survey/take-survey-page.tsx', 'src/features/survey/survey-question-page.tsx', 'src/features/auth/login-page.tsx'];

/** Every module a page's first render loads: the entry's static imports, then the page chunk's. */
function firstLoadModules(chunks: readonly TGuardChunk[], pageSource: string | null): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (chunk: TGuardChunk | undefined) => {
    if (!chunk || seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const next of chunk.imports) visit(byFile.get(next));
  };
  visit(chunks.find((chunk) => chunk.isEntry));
  if (pageSource) {
    const page = chunks.find((chunk) => chunk.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith(pageSource)));
    if (!page) throw new Error(`chunk guard: no chunk for ${pageSource} (is it still a lazy route?)`);
    visit(page);
  }
  return [...seen].flatMap((file) => byFile.get(file)?.moduleIds ?? []);
}

/** The forbidden modules each page (or the entry, as `entry`) would load; empty when all is well. */
export function forbiddenOnFirstLoad(chunks: readonly TGuardChunk[], pages: readonly string[], forbidden: RegExp): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const page of [null, ...pages]) {
    const hits = firstLoadModules(chunks, page).filter((id) => forbidden.test(id));
    if (hits.length > 0) found[page ?? 'entry'] = [...new Set(hits.map((id) => id.replace(/.*[/\\]node_modules[/\\]/, '')))];
  }
  return found;
}

/** Fails the build when sigma or graphology would load with the entry or a light page. */
export function chunkGuard(): Plugin {
  return {
    name: 'ona-chunk-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: TGuardChunk[] = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk' ? [{ fileName: output.fileName, isEntry: output.isEntry, imports: output.imports, moduleIds: output.moduleIds }] : [],
      );
      const found = forbiddenOnFirstLoad(chunks, LIGHT_PAGES, GRAPH_LIBRARIES);
      if (Object.keys(found).length > 0) this.error(`graph libraries on a first load that draws no graph: ${JSON.stringify(found)}`);
    },
  };
}
