export { compareWaves, tieDiff } from './compare-waves.ts';
export type { CompareWavesOptions, TieDiffEdge, TieStatus } from './compare-waves.ts';
export { commonNetworkKeys } from './metric-changes.ts';
export { unitPaths } from './unit-paths.ts';
export type * from './wave-types.ts';
