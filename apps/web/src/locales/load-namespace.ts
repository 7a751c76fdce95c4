import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';
import { namespaceFile } from './namespace-files.ts';

/**
 * One lazy chunk per language and namespace (Vite turns each JSON file into its own module): a
 * participant in Hungarian fetches the Hungarian common and instant-survey texts and nothing else.
 */
const LOADERS = import.meta.glob<{ default: ResourceKey }>(['./*/*.json']);


/** The i18next backend: reads a namespace of a language from its chunk; ja and pl lack most files and get {} (English fills in). */
export const onDemandBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = LOADERS[`./${language}/${namespaceFile(namespace)}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
