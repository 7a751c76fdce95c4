/**
 * One ForceAtlas2 iteration of graphology-layout-forceatlas2 on its flat matrices (the package's
 * own `iterate.js`, which its `forceAtlas2()` calls in a loop; the package ships no types for it).
 * Node rows of 10 float32s (x, y, dx, dy, old dx, old dy, mass, convergence, size, fixed), edge
 * rows of 3 (source row offset, target row offset, weight).
 */
declare module 'graphology-layout-forceatlas2/iterate.js' {
  import type { ForceAtlas2Settings } from 'graphology-layout-forceatlas2';
  export default function iterate(settings: Required<ForceAtlas2Settings>, nodes: Float32Array, edges: Float32Array): void;
}

declare module 'graphology-layout-forceatlas2/defaults.js' {
  import type { ForceAtlas2Settings } from 'graphology-layout-forceatlas2';
  const defaults: Required<ForceAtlas2Settings>;
  export default defaults;
}
