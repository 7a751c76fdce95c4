/**
 * The 18 named unit colours of the graph (spec §3, §9), assigned cyclically by unit index. Chosen
 * to stay distinguishable next to each other on a white canvas; the graph module reads this list.
 */
export const GRAPH_PALETTE = [
  { name: 'indigo', hex: '#4c6ef5' },
  { name: 'coral', hex: '#ff6b6b' },
  { name: 'teal', hex: '#12b886' },
  { name: 'amber', hex: '#fab005' },
  { name: 'violet', hex: '#7950f2' },
  { name: 'sky', hex: '#15aabf' },
  { name: 'orange', hex: '#fd7e14' },
  { name: 'pink', hex: '#e64980' },
  { name: 'lime', hex: '#82c91e' },
  { name: 'navy', hex: '#1c3f8c' },
  { name: 'brick', hex: '#c92a2a' },
  { name: 'forest', hex: '#2b8a3e' },
  { name: 'gold', hex: '#b08900' },
  { name: 'plum', hex: '#862e9c' },
  { name: 'ocean', hex: '#0b7285' },
  { name: 'rust', hex: '#d9480f' },
  { name: 'slate', hex: '#495057' },
  { name: 'olive', hex: '#5c7a29' },
] as const;

export type TGraphColorName = (typeof GRAPH_PALETTE)[number]['name'];

export function unitColor(unitIndex: number): (typeof GRAPH_PALETTE)[number] {
  const length = GRAPH_PALETTE.length;
  // Non-null: the modulo keeps the index inside the fixed, non-empty palette.
  return GRAPH_PALETTE[((unitIndex % length) + length) % length]!;
}
