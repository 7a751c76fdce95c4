/** A column name compared without case, spaces, dots, dashes or underscores: `SenderAddress`, `sender_address` and `Sender address` are one. */
export const headerKey = (name: string) => name.replace(/^\uFEFF/, '').toLowerCase().replace(/[^a-z0-9]/g, '');

/** The index of the first column whose name is one of `names` (any spelling headerKey folds), or -1. */
export function columnOf(header: readonly string[], names: readonly string[]): number {
  const keys = header.map(headerKey);
  for (const name of names) {
    const at = keys.indexOf(headerKey(name));
    if (at >= 0) return at;
  }
  return -1;
}

/** The separator of a delimited text: the one of `,` `;` tab its first line holds most of. */
export function delimiterOf(firstLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}
