/** The part of Vite's build manifest (build.manifest: true) that says which chunk loads which. */
export type TManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
export type TManifest = Record<string, TManifestChunk>;

/**
 * The files a page fetches before it can render: the entry's static imports, then the page's
 * module and its static imports (a lazy route is a dynamic import of the page's source file).
 * `pageSources` are source paths relative to apps/web, as the manifest keys them.
 */
export function pageFiles(manifest: TManifest, pageSources: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('the build manifest has no entry');
  visit(entry);
  for (const source of pageSources) visit(source);
  return [...seen].map((key) => manifest[key]?.file ?? key);
}
