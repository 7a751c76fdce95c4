import type { Digraph } from '../graph/digraph.ts';
import { hasEdge } from '../graph/digraph.ts';

export interface DegreeMetrics {
  inDegree: number[];
  outDegree: number[];
  /** Number of people with a tie in both directions. */
  mutual: number[];
  /** mutual / out-degree; null when the person named no one. */
  reciprocityOut: (number | null)[];
  /** mutual / in-degree; null when no one named the person. */
  reciprocityIn: (number | null)[];
  /** 2·mutual / (in + out), NetworkX's node reciprocity; null for an isolate. */
  reciprocity: (number | null)[];
  /** Distinct people tied in either direction. */
  undirectedDegree: number[];
}

export function degreeMetrics(graph: Digraph): DegreeMetrics {
  const n = graph.nodeCount;
  const inDegree = new Array<number>(n);
  const outDegree = new Array<number>(n);
  const mutual = new Array<number>(n);
  const reciprocityOut = new Array<number | null>(n);
  const reciprocityIn = new Array<number | null>(n);
  const reciprocity = new Array<number | null>(n);
  const undirectedDegree = new Array<number>(n);
  for (let v = 0; v < n; v++) {
    const out = graph.outOffsets[v + 1]! - graph.outOffsets[v]!;
    const inn = graph.inOffsets[v + 1]! - graph.inOffsets[v]!;
    let m = 0;
    for (let i = graph.outOffsets[v]!; i < graph.outOffsets[v + 1]!; i++) {
      if (hasEdge(graph, graph.outTargets[i]!, v)) m++;
    }
    inDegree[v] = inn;
    outDegree[v] = out;
    mutual[v] = m;
    reciprocityOut[v] = out > 0 ? m / out : null;
    reciprocityIn[v] = inn > 0 ? m / inn : null;
    reciprocity[v] = inn + out > 0 ? (2 * m) / (inn + out) : null;
    undirectedDegree[v] = inn + out - m;
  }
  return { inDegree, outDegree, mutual, reciprocityOut, reciprocityIn, reciprocity, undirectedDegree };
}
