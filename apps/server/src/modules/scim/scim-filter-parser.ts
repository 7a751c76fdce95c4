import { ScimError } from './scim-error.ts';

/**
 * A SCIM filter (RFC 7644 §3.4.2.2) as a tree. Parsed here rather than by scimmy: scimmy turns a
 * filter into "or" of "and" objects keyed by attribute, which reads `not (a or b)` as
 * `not a or not b` and drops one of `emails co "x" and emails.value co "y"` (both shown by
 * scim-filter.test.ts; docs/directory-and-scim.md).
 */
export type TFilterValue = string | number | boolean | null;
export type TFilterNode =
  | { kind: 'compare'; path: string; op: string; value?: TFilterValue }
  | { kind: 'and' | 'or'; left: TFilterNode; right: TFilterNode }
  | { kind: 'not'; node: TFilterNode }
  /** `emails[type eq "work"]`, optionally followed by `.value co "x"` (its attribute then carries the prefix). */
  | { kind: 'valuePath'; path: string; filter: TFilterNode; then?: TFilterNode };

type TToken = { type: 'word' | 'string' | '(' | ')' | '[' | ']'; text: string; value?: string; at: number };

const invalid = (detail: string) => new ScimError(400, detail, 'invalidFilter');
const COMPARATORS = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'lt', 'ge', 'le']);
/** At most this many tokens: a filter is a lookup, not a program. */
const MAX_TOKENS = 400;

function tokenise(expression: string): TToken[] {
  const tokens: TToken[] = [];
  let i = 0;
  while (i < expression.length) {
    const char = expression.charAt(i);
    if (/\s/.test(char)) {
      i += 1;
    } else if ('()[]'.includes(char)) {
      tokens.push({ type: char as '(' | ')' | '[' | ']', text: char, at: i });
      i += 1;
    } else if (char === '"') {
      // A JSON string, escapes included.
      let end = i + 1;
      while (end < expression.length && expression.charAt(end) !== '"') end += expression.charAt(end) === '\\' ? 2 : 1;
      if (end >= expression.length) throw invalid(`Unterminated string at ${i + 1}`);
      const raw = expression.slice(i, end + 1);
      let value: string;
      try {
        value = JSON.parse(raw) as string;
      } catch {
        throw invalid(`Malformed string at ${i + 1}`);
      }
      tokens.push({ type: 'string', text: raw, value, at: i });
      i = end + 1;
    } else {
      const match = /^[^\s()[\]"]+/.exec(expression.slice(i));
      const text = match?.[0] ?? char;
      tokens.push({ type: 'word', text, at: i });
      i += text.length;
    }
    if (tokens.length > MAX_TOKENS) throw invalid('The filter is too long');
  }
  return tokens;
}

const ATTRIBUTE_PATH = /^(?:urn:[A-Za-z0-9:._-]+:)?[A-Za-z$][\w$-]*(?:\.[A-Za-z$][\w$-]*)?$/;

class Parser {
  private position = 0;
  constructor(private readonly tokens: TToken[]) {}

  private peek(): TToken | undefined {
    return this.tokens[this.position];
  }
  private next(): TToken {
    const token = this.tokens[this.position];
    if (!token) throw invalid('The filter ends too early');
    this.position += 1;
    return token;
  }
  private isWord(word: string): boolean {
    const token = this.peek();
    return token?.type === 'word' && token.text.toLowerCase() === word;
  }

  parse(): TFilterNode {
    const node = this.or();
    const rest = this.peek();
    if (rest) throw invalid(`Unexpected ${rest.text} at ${rest.at + 1}`);
    return node;
  }
  private or(): TFilterNode {
    let node = this.and();
    while (this.isWord('or')) {
      this.next();
      node = { kind: 'or', left: node, right: this.and() };
    }
    return node;
  }
  private and(): TFilterNode {
    let node = this.unary();
    while (this.isWord('and')) {
      this.next();
      node = { kind: 'and', left: node, right: this.unary() };
    }
    return node;
  }
  private unary(): TFilterNode {
    if (this.isWord('not')) {
      this.next();
      if (this.peek()?.type !== '(') throw invalid('not must be followed by a parenthesised filter');
      return { kind: 'not', node: this.group() };
    }
    if (this.peek()?.type === '(') return this.group();
    return this.comparison();
  }
  private group(): TFilterNode {
    this.next();
    const node = this.or();
    if (this.next().type !== ')') throw invalid('Missing )');
    return node;
  }
  private comparison(): TFilterNode {
    const token = this.next();
    if (token.type !== 'word' || !ATTRIBUTE_PATH.test(token.text)) throw invalid(`Expected an attribute at ${token.at + 1}, found ${token.text}`);
    if (this.peek()?.type === '[') {
      this.next();
      const filter = this.or();
      if (this.next().type !== ']') throw invalid('Missing ]');
      const after = this.peek();
      // `emails[type eq "work"].value eq "x"`: the sub-attribute comes as a word that starts with a dot.
      if (after?.type === 'word' && after.text.startsWith('.')) {
        this.next();
        const sub = after.text.slice(1);
        if (!/^[A-Za-z$][\w$-]*$/.test(sub)) throw invalid(`Bad sub-attribute ${after.text}`);
        return { kind: 'valuePath', path: token.text, filter, then: this.operation(sub) };
      }
      return { kind: 'valuePath', path: token.text, filter };
    }
    return this.operation(token.text);
  }
  private operation(path: string): TFilterNode {
    const operator = this.next();
    const op = operator.text.toLowerCase();
    if (operator.type !== 'word') throw invalid(`Expected an operator after ${path}`);
    if (op === 'pr') return { kind: 'compare', path, op };
    if (!COMPARATORS.has(op)) throw invalid(`Unknown operator ${operator.text}`);
    const value = this.peek();
    if (!value) throw invalid(`${path} ${operator.text} needs a value`);
    this.next();
    if (value.type === 'string') return { kind: 'compare', path, op, value: value.value ?? '' };
    if (value.type !== 'word') throw invalid(`${path} ${operator.text} needs a value`);
    const word = value.text.toLowerCase();
    if (word === 'true' || word === 'false') return { kind: 'compare', path, op, value: word === 'true' };
    if (word === 'null') return { kind: 'compare', path, op, value: null };
    if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value.text)) return { kind: 'compare', path, op, value: Number(value.text) };
    throw invalid(`Unexpected value ${value.text}; strings are quoted`);
  }
}

export function parseScimFilter(expression: string): TFilterNode {
  if (expression.trim() === '') throw invalid('The filter is empty');
  return new Parser(tokenise(expression)).parse();
}
