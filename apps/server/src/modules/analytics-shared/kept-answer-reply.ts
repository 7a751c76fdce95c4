import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TLocale } from '@ona/contracts';
import type { AnswerEncoding } from '../../plugins/kept-answers.ts';
import type { AnalyticsAccess } from './analytics-access.ts';

/**
 * Everything an analysis answer depends on. The run is immutable; the engagement's data version
 * changes with any employee, unit, question, leadership item, leader code or engagement write;
 * level and own employee make the caller's scope (who they see); the rest is the request's.
 */
export interface AnswerKey {
  /** Which answer (one per route), e.g. 'retention'. */
  answer: string;
  access: AnalyticsAccess;
  /** The run the answer is built from; null for answers read live (with `variant` saying what of). */
  runId: number | null;
  locale: TLocale;
  /** Whatever else the answer varies by: query parameters, a report id, the privacy minimum… */
  variant?: readonly unknown[];
}

/**
 * Bump when an answer is built differently with the same contract, so that instances of a new
 * release never take an older release's answers from the shared tier.
 */
// 2: withheld figures carry their reason (difference protection, docs/privacy/difference-protection.md).
const ANSWER_FORMAT = 2;

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('base64url');

export function keptAnswerKey(key: AnswerKey): string {
  const { engagement, level, ownEmployeeId } = key.access;
  return sha256(JSON.stringify([ANSWER_FORMAT, key.answer, engagement.id, engagement.dataVersion, key.runId, level, ownEmployeeId, key.locale, key.variant ?? []]));
}

/** The ETag of one encoding of the answer: a compressed copy is another representation (RFC 9110 §8.8.3). */
export function representationTag(etag: string, encoding: AnswerEncoding | null): string {
  return encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
}

/**
 * If-None-Match lists the ETag of any encoding of the answer (weak comparison, RFC 9110
 * §13.1.2), or is `*`.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const base = (tag: string) => tag.trim().replace(/^W\//, '').replace(/-(?:br|gzip)"$/, '"');
  return header.split(',').some((tag) => tag.trim() === '*' || base(tag) === etag);
}

function preferredEncoding(request: FastifyRequest): AnswerEncoding | null {
  const header = request.headers['accept-encoding'];
  if (!header || request.headers['x-no-compression'] !== undefined) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  return weight('gzip') > 0 ? 'gzip' : null;
}

/** Smaller answers go out as they are (the compression plugin's threshold). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Sends an analysis answer built once per key: 304 when the caller's If-None-Match holds its
 * ETag (found without building anything), else the kept JSON, compressed once per encoding. Call it
 * after authentication and the access check: the key holds the caller's scope, never replaces it.
 * `build` returns the answer as its 200 contract describes it; it is serialised by the route's
 * compiled serializer.
 */
export async function sendKeptAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  key: AnswerKey,
  build: () => Promise<unknown> | unknown,
): Promise<FastifyReply> {
  const cacheKey = keptAnswerKey(key);
  const ifNoneMatch = request.headers['if-none-match'];
  const wanted = preferredEncoding(request);
  reply.header('cache-control', 'private, no-cache').header('vary', 'Authorization, Accept-Language, Accept-Encoding');
  if (ifNoneMatch) {
    const etag = await app.keptAnswers.etagOf(cacheKey);
    if (etag && matchesIfNoneMatch(ifNoneMatch, etag)) return reply.code(304).header('etag', representationTag(etag, wanted)).send();
  }
  const answer = await app.keptAnswers.getOrBuild(cacheKey, async () => {
    // The route's compiled serializer of its 200 answer (Fastify's types allow objects only; a
    // list is an answer too).
    const serialize = reply.serializeInput.bind(reply) as (input: unknown, httpStatus: string) => string;
    const body = Buffer.from(serialize(await build(), '200'));
    return { body, etag: `"${sha256(body).slice(0, 32)}"` };
  });
  const encoding = answer.body.length >= COMPRESS_FROM_BYTES ? wanted : null;
  reply.header('etag', representationTag(answer.etag, encoding));
  if (matchesIfNoneMatch(ifNoneMatch, answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(answer.body);
  const encoded = await app.keptAnswers.encoded(answer, cacheKey, encoding);
  return reply.header('content-encoding', encoding).send(encoded);
}
