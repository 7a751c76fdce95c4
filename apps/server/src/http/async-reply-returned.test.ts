import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER_SRC = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `reply.send(…)`, `reply.code(200).type('x').send(…)`: a chain that starts at `reply` and ends in send. */
function isReplySend(expression: ts.Expression, replyName: string): boolean {
  if (!ts.isCallExpression(expression) || !ts.isPropertyAccessExpression(expression.expression)) return false;
  if (expression.expression.name.text !== 'send') return false;
  let root: ts.Expression = expression.expression.expression;
  while (ts.isCallExpression(root) || ts.isPropertyAccessExpression(root)) root = ts.isCallExpression(root) ? root.expression : root.expression;
  return ts.isIdentifier(root) && root.text === replyName;
}

/**
 * An async handler or hook that calls reply.send() as a bare statement, without returning (or
 * awaiting) the reply. Fastify then takes the handler's resolved `undefined` as the answer: once
 * the compressor works asynchronously (a large body), the reply ends empty (issue 35, point 1).
 */
function unreturnedSends(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visitFunction = (fn: ts.FunctionLikeDeclaration) => {
    const isAsync = fn.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword) ?? false;
    const replyParam = fn.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === 'reply');
    if (!isAsync || !replyParam || !fn.body || !ts.isBlock(fn.body)) return;
    const walk = (node: ts.Node): void => {
      if (ts.isFunctionLike(node)) return; // its own visit judges a nested function
      if (ts.isExpressionStatement(node) && isReplySend(node.expression, 'reply')) {
        found.push(`${relative(SERVER_SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      }
      ts.forEachChild(node, walk);
    };
    ts.forEachChild(fn.body, walk);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) visitFunction(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('async route handlers and hooks', () => {
  it('return the reply whenever they send one, so that an asynchronously compressed body is not cut off', () => {
    const files = sourceFiles(SERVER_SRC);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(unreturnedSends)).toEqual([]);
  });

  it('finds the pattern it looks for', () => {
    // The check itself, on the shape the dev mailbox had before its fix.
    const broken = ts.createSourceFile('x.ts', "app.get('/x', async (_request, reply) => { reply.type('text/html').send('x'); });", ts.ScriptTarget.Latest, true);
    let statement: ts.ExpressionStatement | undefined;
    const find = (node: ts.Node): void => {
      if (!statement && ts.isExpressionStatement(node) && ts.isCallExpression(node.expression) && ts.isPropertyAccessExpression(node.expression.expression) && node.expression.expression.name.text === 'send') statement = node;
      ts.forEachChild(node, find);
    };
    find(broken);
    expect(statement && isReplySend(statement.expression, 'reply')).toBe(true);
  });
});
