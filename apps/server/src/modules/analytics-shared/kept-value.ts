import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { keptAnswerKey, type AnswerKey } from './kept-answer-reply.ts';

/**
 * A computed part of an analysis answer (the rows of an export, brokerage with other groups, the
 * what-changed figures) kept in the store of the analysis answers (memory, and Redis when set) by
 * the same key: it is rebuilt exactly when a kept answer would be — a new run, a data-version
 * write, another scope, language or variant. Its `answer` name must differ from every route's, so
 * that a value is never sent as an HTTP answer. Kept as JSON: every caller gets the parsed copy
 * (the first one too), so that no caller sees a value another could change, and a value that does
 * not survive JSON (a Date, NaN) shows at once rather than on the second request.
 */
export async function keptValue<T>(app: FastifyInstance, key: AnswerKey, build: () => Promise<T> | T): Promise<T> {
  const kept = await app.keptAnswers.getOrBuild(keptAnswerKey(key), async () => {
    const body = Buffer.from(JSON.stringify(await build()));
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
  });
  return JSON.parse(kept.body.toString('utf8')) as T;
}
