import Graph from 'graphology';
import { useEffect, useMemo, useRef, useState } from 'react';
import Sigma from 'sigma';
import { forceLayout, initialPosition } from './force-layout.ts';

export type TGraphPerson = { id: number; name: string };
export type TGraphTie = { source: number; target: number; weight: number; mutual: boolean };

const COLORS = { node: '#4263eb', mutualNode: '#e8590c', isolated: '#adb5bd', edge: '#ced4da', mutualEdge: '#e8590c' };

type TPositions = Map<string, { x: number; y: number }>;

/**
 * The live graph of who chose whom (sigma.js on graphology). The graphology graph is derived from
 * the survey and only patched when it changes, positions continue from the previous layout, so
 * the picture grows as people join and answer instead of jumping. Where the browser has no WebGL
 * the same layout is drawn as SVG.
 */
export function LiveNetworkGraph({ people, ties, height = 480 }: { people: TGraphPerson[]; ties: TGraphTie[]; height?: number }) {
  const container = useRef<HTMLDivElement>(null);
  const graph = useMemo(() => new Graph({ type: 'directed', multi: false, allowSelfLoops: false }), []);
  const renderer = useRef<Sigma | null>(null);
  const [webgl, setWebgl] = useState(true);
  const [positions, setPositions] = useState<TPositions>(new Map());

  useEffect(() => {
    if (!container.current) return undefined;
    try {
      renderer.current = new Sigma(graph, container.current, { renderEdgeLabels: false, labelRenderedSizeThreshold: 0, defaultEdgeType: 'arrow', allowInvalidContainer: true });
    } catch {
      setWebgl(false);
    }
    return () => {
      renderer.current?.kill();
      renderer.current = null;
    };
  }, [graph]);

  useEffect(() => {
    const wanted = new Set(people.map((p) => String(p.id)));
    graph.forEachNode((node) => {
      if (!wanted.has(node)) graph.dropNode(node);
    });
    const inDegree = new Map<number, number>();
    const mutualPeople = new Set<number>();
    for (const tie of ties) {
      inDegree.set(tie.target, (inDegree.get(tie.target) ?? 0) + tie.weight);
      if (tie.mutual) {
        mutualPeople.add(tie.source);
        mutualPeople.add(tie.target);
      }
    }
    const tied = new Set(ties.flatMap((t) => [t.source, t.target]));
    people.forEach((person, index) => {
      const key = String(person.id);
      const attributes = {
        label: person.name,
        size: 6 + 3 * Math.sqrt(inDegree.get(person.id) ?? 0),
        color: mutualPeople.has(person.id) ? COLORS.mutualNode : tied.has(person.id) ? COLORS.node : COLORS.isolated,
      };
      if (graph.hasNode(key)) graph.mergeNodeAttributes(key, attributes);
      else {
        const partner = ties.find((t) => t.source === person.id || t.target === person.id);
        const other = partner ? String(partner.source === person.id ? partner.target : partner.source) : undefined;
        const neighbour = other && graph.hasNode(other) ? { x: graph.getNodeAttribute(other, 'x') as number, y: graph.getNodeAttribute(other, 'y') as number } : undefined;
        graph.addNode(key, { ...attributes, ...initialPosition(key, index, neighbour) });
      }
    });
    graph.clearEdges();
    for (const tie of ties) {
      const [source, target] = [String(tie.source), String(tie.target)];
      if (!graph.hasNode(source) || !graph.hasNode(target)) continue;
      graph.addDirectedEdge(source, target, { size: tie.mutual ? 3 : 1.5, color: tie.mutual ? COLORS.mutualEdge : COLORS.edge, type: 'arrow' });
    }
    const laidOut = forceLayout(
      graph.mapNodes((id, a) => ({ id, x: a.x as number, y: a.y as number })),
      ties.map((t) => ({ source: String(t.source), target: String(t.target), weight: t.weight })),
      { iterations: 80 },
    );
    for (const [id, p] of laidOut) graph.mergeNodeAttributes(id, p);
    renderer.current?.refresh();
    setPositions(laidOut);
  }, [graph, people, ties]);

  const mutualCount = ties.filter((t) => t.mutual && t.source < t.target).length;
  return (
    <div
      data-testid="live-graph"
      data-renderer={webgl ? 'webgl' : 'svg'}
      data-node-count={people.length}
      data-edge-count={ties.length}
      data-mutual-count={mutualCount}
      style={{ position: 'relative', width: '100%', height, background: '#fff', borderRadius: 12 }}
    >
      <div ref={container} style={{ position: 'absolute', inset: 0, display: webgl ? 'block' : 'none' }} />
      {!webgl && <SvgGraph people={people} ties={ties} positions={positions} />}
    </div>
  );
}

function SvgGraph({ people, ties, positions }: { people: TGraphPerson[]; ties: TGraphTie[]; positions: TPositions }) {
  const points = [...positions.values()];
  const minX = Math.min(...points.map((p) => p.x), -1);
  const maxX = Math.max(...points.map((p) => p.x), 1);
  const minY = Math.min(...points.map((p) => p.y), -1);
  const maxY = Math.max(...points.map((p) => p.y), 1);
  const scale = (p: { x: number; y: number } | undefined) => ({ x: 40 + (((p?.x ?? 0) - minX) / (maxX - minX)) * 720, y: 30 + (((p?.y ?? 0) - minY) / (maxY - minY)) * 420 });
  return (
    <svg viewBox="0 0 800 480" width="100%" height="100%" role="img">
      {ties.map((tie) => {
        const a = scale(positions.get(String(tie.source)));
        const b = scale(positions.get(String(tie.target)));
        return <line key={`${tie.source}-${tie.target}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke={tie.mutual ? COLORS.mutualEdge : COLORS.edge} strokeWidth={tie.mutual ? 3 : 1.5} />;
      })}
      {people.map((person) => {
        const p = scale(positions.get(String(person.id)));
        return (
          <g key={person.id}>
            <circle cx={p.x} cy={p.y} r={7} fill={COLORS.node} />
            <text x={p.x + 10} y={p.y + 4} fontSize={12}>
              {person.name}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
