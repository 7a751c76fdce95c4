export type TLayoutNode = { id: string; x: number; y: number };
export type TLayoutEdge = { source: string; target: string; weight: number };

export type TForceOptions = { iterations: number; repulsion: number; attraction: number; gravity: number; maxStep: number };
export const FORCE_DEFAULTS: TForceOptions = { iterations: 120, repulsion: 1.2, attraction: 0.06, gravity: 0.02, maxStep: 0.5 };

/**
 * A small force-directed layout (repulsion between every pair, springs along ties, a pull to the
 * centre) that continues from the current positions: when people join or new choices arrive the
 * picture moves a little instead of being redrawn from scratch. Instant surveys have tens to a
 * few hundred people, where O(n²) per iteration is a few milliseconds.
 */
export function forceLayout(nodes: TLayoutNode[], edges: TLayoutEdge[], options: Partial<TForceOptions> = {}): Map<string, { x: number; y: number }> {
  const o = { ...FORCE_DEFAULTS, ...options };
  const n = nodes.length;
  const index = new Map(nodes.map((node, i) => [node.id, i]));
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  nodes.forEach((node, i) => {
    xs[i] = node.x;
    ys[i] = node.y;
  });
  const springs = edges.flatMap((e) => {
    const s = index.get(e.source);
    const t = index.get(e.target);
    return s === undefined || t === undefined || s === t ? [] : [[s, t, e.weight] as const];
  });
  const dx = new Float64Array(n);
  const dy = new Float64Array(n);
  for (let iteration = 0; iteration < o.iterations; iteration++) {
    const cooling = 1 - iteration / o.iterations;
    dx.fill(0);
    dy.fill(0);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        let ddx = (xs[i] ?? 0) - (xs[j] ?? 0);
        let ddy = (ys[i] ?? 0) - (ys[j] ?? 0);
        let d2 = ddx * ddx + ddy * ddy;
        if (d2 < 1e-6) {
          // Two people on one spot: nudge them apart deterministically.
          ddx = 0.01 * (i - j);
          ddy = 0.01;
          d2 = ddx * ddx + ddy * ddy;
        }
        const force = o.repulsion / d2;
        dx[i] = (dx[i] ?? 0) + ddx * force;
        dy[i] = (dy[i] ?? 0) + ddy * force;
        dx[j] = (dx[j] ?? 0) - ddx * force;
        dy[j] = (dy[j] ?? 0) - ddy * force;
      }
    }
    for (const [s, t, weight] of springs) {
      const ddx = (xs[t] ?? 0) - (xs[s] ?? 0);
      const ddy = (ys[t] ?? 0) - (ys[s] ?? 0);
      const d = Math.sqrt(ddx * ddx + ddy * ddy);
      const force = o.attraction * d * Math.min(3, weight);
      dx[s] = (dx[s] ?? 0) + (ddx / (d || 1)) * force;
      dy[s] = (dy[s] ?? 0) + (ddy / (d || 1)) * force;
      dx[t] = (dx[t] ?? 0) - (ddx / (d || 1)) * force;
      dy[t] = (dy[t] ?? 0) - (ddy / (d || 1)) * force;
    }
    for (let i = 0; i < n; i++) {
      const fx = (dx[i] ?? 0) - (xs[i] ?? 0) * o.gravity;
      const fy = (dy[i] ?? 0) - (ys[i] ?? 0) * o.gravity;
      const length = Math.sqrt(fx * fx + fy * fy);
      const step = Math.min(length, o.maxStep * cooling + 0.01);
      if (length > 0) {
        xs[i] = (xs[i] ?? 0) + (fx / length) * step;
        ys[i] = (ys[i] ?? 0) + (fy / length) * step;
      }
    }
  }
  return new Map(nodes.map((node, i) => [node.id, { x: xs[i] ?? 0, y: ys[i] ?? 0 }]));
}

/** A newcomer starts next to someone they are tied to (or on a circle), so growth looks continuous. */
export function initialPosition(id: string, index: number, neighbour: { x: number; y: number } | undefined): { x: number; y: number } {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  const angle = ((hash >>> 0) % 360) * (Math.PI / 180);
  if (neighbour) return { x: neighbour.x + Math.cos(angle) * 0.5, y: neighbour.y + Math.sin(angle) * 0.5 };
  const radius = 2 + Math.sqrt(index);
  return { x: Math.cos(angle) * radius, y: Math.sin(angle) * radius };
}
