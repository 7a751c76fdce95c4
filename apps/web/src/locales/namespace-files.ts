import type { TNamespace } from './resources.ts';

/** `instantSurvey` → `instant-survey`, `analytics360` → `analytics-360`: the JSON file of a namespace. */
export function namespaceFile(namespace: string): string {
  return namespace.replace(/([a-z])(?=[A-Z0-9])/g, '$1-').toLowerCase();
}

export type { TNamespace };
