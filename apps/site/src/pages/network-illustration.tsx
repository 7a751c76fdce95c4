/**
 * A small organisational network: three teams, their bridges and one isolated person. Drawn for
 * the home page's preview card; decorative, so hidden from assistive technology.
 */
const NODES: readonly { x: number; y: number; team: 0 | 1 | 2 | 3; r?: number }[] = [
  { x: 60, y: 60, team: 0, r: 9 }, { x: 30, y: 95, team: 0 }, { x: 95, y: 40, team: 0 }, { x: 90, y: 100, team: 0 }, { x: 40, y: 30, team: 0 },
  { x: 200, y: 55, team: 1, r: 9 }, { x: 235, y: 35, team: 1 }, { x: 240, y: 85, team: 1 }, { x: 175, y: 25, team: 1 }, { x: 205, y: 105, team: 1 },
  { x: 135, y: 150, team: 2, r: 11 }, { x: 100, y: 175, team: 2 }, { x: 170, y: 180, team: 2 }, { x: 140, y: 200, team: 2 },
  { x: 265, y: 170, team: 3 },
];
const EDGES: readonly [number, number][] = [
  [0, 1], [0, 2], [0, 3], [0, 4], [1, 3], [2, 4], [5, 6], [5, 7], [5, 8], [5, 9], [6, 7], [7, 9], [10, 11], [10, 12], [10, 13], [11, 13], [12, 13],
  [2, 8], [3, 10], [9, 10], [0, 5], [12, 14],
];
const TEAM_CLASS = ['node-a', 'node-b', 'node-c', 'node-risk'] as const;

export function NetworkIllustration() {
  return (
    <svg className="network" viewBox="0 0 290 220" aria-hidden="true" focusable="false">
      <g className="edges">
        {EDGES.map(([from, to]) => {
          const a = NODES[from]!;
          const b = NODES[to]!;
          return <line key={`${from}-${to}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} />;
        })}
      </g>
      {NODES.map((node, index) => (
        <circle key={index} className={TEAM_CLASS[node.team]} cx={node.x} cy={node.y} r={node.r ?? 6} />
      ))}
    </svg>
  );
}
