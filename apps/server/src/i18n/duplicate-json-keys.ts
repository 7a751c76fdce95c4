/**
 * Keys that appear twice in one object of a JSON text. JSON.parse keeps the last one silently, so
 * a second `"col_kind"` added to a locale file would quietly change a text used elsewhere.
 */
export function duplicateJsonKeys(text: string): string[] {
  const duplicates: string[] = [];
  const stack: { keys: Set<string>; path: string; pendingKey: string | null }[] = [];
  let i = 0;
  const readString = (): string => {
    let out = '';
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++;
      out += text[i];
      i++;
    }
    i++;
    return out;
  };
  let lastString: string | null = null;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      lastString = readString();
      continue;
    }
    if (ch === ':' && lastString !== null) {
      const frame = stack.at(-1);
      if (frame) {
        if (frame.keys.has(lastString)) duplicates.push(`${frame.path}${lastString}`);
        frame.keys.add(lastString);
        frame.pendingKey = lastString;
      }
    } else if (ch === '{') {
      const parent = stack.at(-1);
      stack.push({ keys: new Set(), path: parent?.pendingKey ? `${parent.path}${parent.pendingKey}.` : (parent?.path ?? ''), pendingKey: null });
    } else if (ch === '}') stack.pop();
    if (ch !== ' ' && ch !== '\n' && ch !== '\r' && ch !== '\t') lastString = ch === ':' ? null : lastString;
    if (ch === ',' || ch === '{' || ch === '}' || ch === '[' || ch === ']') lastString = null;
    i++;
  }
  return duplicates;
}
