import type { TGraphVisualization } from '@ona/contracts';
import type { TPositions } from './layout-positions.ts';

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

function rgb(hex: string): { r: number; g: number; b: number } {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(hex);
  return match ? { r: parseInt(match[1]!, 16), g: parseInt(match[2]!, 16), b: parseInt(match[3]!, 16) } : { r: 128, g: 128, b: 128 };
}

export type TGexfInput = {
  graph: TGraphVisualization;
  positions: TPositions;
  /** The colour each node is drawn with. */
  colorOf: (nodeId: number) => string;
  /** Node size as drawn (pixels at zoom 1). */
  sizeOf: (nodeId: number) => number;
  title: string;
};

/**
 * The current view as GEXF 1.3 (Gephi's format): nodes with the positions, colours and sizes on
 * screen and their unit, answers and key roles as attributes; directed edges with the questions
 * and whether the tie is mutual.
 */
export function toGexf({ graph, positions, colorOf, sizeOf, title }: TGexfInput): string {
  const unitName = new Map(graph.units.map((u) => [u.id, u.name] as const));
  const lines: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gexf xmlns="http://gexf.net/1.3" xmlns:viz="http://gexf.net/1.3/viz" version="1.3">',
    `  <meta><creator>ONA platform</creator><description>${escapeXml(title)}</description></meta>`,
    '  <graph defaultedgetype="directed" mode="static">',
    '    <attributes class="node">',
    '      <attribute id="unit" title="unit" type="string"/>',
    '      <attribute id="answer_count" title="answer_count" type="integer"/>',
    '      <attribute id="key_roles" title="key_roles" type="string"/>',
    '      <attribute id="given" title="given" type="integer"/>',
    '      <attribute id="received" title="received" type="integer"/>',
    '    </attributes>',
    '    <attributes class="edge">',
    '      <attribute id="mutual" title="mutual" type="boolean"/>',
    '      <attribute id="questions" title="questions" type="string"/>',
    '    </attributes>',
    '    <nodes>',
  ];
  for (const node of graph.employees) {
    const p = positions.get(node.id) ?? { x: 0, y: 0 };
    const c = rgb(colorOf(node.id));
    const roles = Object.entries(node.key_roles).filter(([, has]) => has).map(([role]) => role).join(',');
    lines.push(
      `      <node id="${node.id}" label="${escapeXml(node.label)}">`,
      '        <attvalues>',
      `          <attvalue for="unit" value="${escapeXml(node.unit === null ? '' : (unitName.get(node.unit) ?? ''))}"/>`,
      // A total withheld from the caller (null, below all_access) is left out, not written as 0.
      ...(node.answer_count === null ? [] : [`          <attvalue for="answer_count" value="${node.answer_count}"/>`]),
      `          <attvalue for="key_roles" value="${escapeXml(roles)}"/>`,
      `          <attvalue for="given" value="${node.given}"/>`,
      `          <attvalue for="received" value="${node.received}"/>`,
      '        </attvalues>',
      `        <viz:color r="${c.r}" g="${c.g}" b="${c.b}"/>`,
      `        <viz:position x="${p.x.toFixed(3)}" y="${p.y.toFixed(3)}" z="0"/>`,
      `        <viz:size value="${sizeOf(node.id).toFixed(2)}"/>`,
      `        <viz:shape value="${node.answer_count === 0 ? 'triangle' : 'disc'}"/>`,
      '      </node>',
    );
  }
  lines.push('    </nodes>', '    <edges>');
  graph.relations.forEach((edge, i) => {
    lines.push(
      `      <edge id="${i}" source="${edge.source}" target="${edge.target}" weight="${edge.questions.length}">`,
      `        <attvalues><attvalue for="mutual" value="${edge.mutual}"/><attvalue for="questions" value="${edge.questions.join(',')}"/></attvalues>`,
      '      </edge>',
    );
  });
  lines.push('    </edges>', '  </graph>', '</gexf>', '');
  return lines.join('\n');
}
