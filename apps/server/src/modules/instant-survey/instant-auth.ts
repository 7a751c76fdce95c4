import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.ts';
import { requireAuth, type AuthContext } from '../../plugins/auth.ts';
import { hashSecretToken } from '../auth/secret-token.ts';
import type { TKeptParticipant } from './kept-participant.ts';
import * as repo from './repository.ts';

export const INSTANT_ADMIN_PERMISSION = 'instant_survey_admin';
/** Instant tokens expire after 14 idle days like login tokens (DECISIONS.md). */
const TOKEN_IDLE_MS = 14 * 24 * 3600 * 1000;
/** Writing last_used_at on every save would double the writes of a busy survey for nothing. */
const TOUCH_AFTER_MS = 60 * 1000;

/** The signed-in host; without `instant_survey_admin` in the current organisation: 403. */
export function requireInstantAdmin(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (!auth.permissions.includes(INSTANT_ADMIN_PERMISSION)) throw new ApiError(403, 'permission_denied', 'instant.errors.not_instant_admin');
  return auth;
}

export type TAuthorizationKind = 'token' | 'instant' | 'none';

export function authorizationKind(request: FastifyRequest): TAuthorizationKind {
  const header = request.headers.authorization ?? '';
  if (/^InstantToken\s+\S+$/.test(header)) return 'instant';
  if (/^Token\s+\S+$/.test(header)) return 'token';
  return 'none';
}

/** The participant row and the public id of their survey (what participant answers and live messages carry). */
export type TParticipantContext = NonNullable<Awaited<ReturnType<typeof repo.findParticipantByToken>>>['participant'] & { surveyPublicId: string };

/** The participant of a live instant token (by its hash), or null for an unknown or idle one. */
async function findLiveParticipant(app: FastifyInstance, tokenHash: string): Promise<TParticipantContext | null> {
  const now = Date.now();
  const found = await repo.findParticipantByToken(app.db, tokenHash, new Date(now - TOKEN_IDLE_MS));
  if (!found) return null;
  if (now - found.lastUsedAt.getTime() > TOUCH_AFTER_MS) await repo.touchToken(app.db, found.tokenId);
  return { ...found.participant, surveyPublicId: found.surveyPublicId };
}

/** The participant behind `Authorization: InstantToken <token>` or a token sent over the socket. */
export async function participantForToken(app: FastifyInstance, token: string): Promise<TParticipantContext> {
  const participant = await findLiveParticipant(app, hashSecretToken(token));
  if (!participant) throw new ApiError(401, 'invalid_token', 'instant.errors.invalid_instant_token');
  return participant;
}

const instantTokenOf = (request: FastifyRequest) => /^InstantToken\s+(\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;

/** Who a participant is, as kept: what a save needs (kept-participant.ts). */
const keptParticipantOf = (participant: TParticipantContext): TKeptParticipant | null =>
  participant.joinedAt === null
    ? null
    : { id: participant.id, name: participant.name, surveyId: participant.surveyId, surveyPublicId: participant.surveyPublicId, joinedAt: participant.joinedAt };

// The rate limiter and the handler both need the request's participant: one lookup serves both.
const participantsOfRequests = new WeakMap<FastifyRequest, Promise<TParticipantContext | null>>();
const keptParticipantsOfRequests = new WeakMap<FastifyRequest, Promise<TKeptParticipant | null>>();

/** The request's memo in `memo`, loaded by `load` the first time it is asked for. */
function oncePerRequest<T>(memo: WeakMap<FastifyRequest, Promise<T>>, request: FastifyRequest, load: () => Promise<T>): Promise<T> {
  let found = memo.get(request);
  if (!found) {
    found = load();
    memo.set(request, found);
  }
  return found;
}

/** The participant row of the request's token, read from the database (once per request). */
function freshParticipantOfRequest(app: FastifyInstance, request: FastifyRequest, tokenHash: string): Promise<TParticipantContext | null> {
  return oncePerRequest(participantsOfRequests, request, () => findLiveParticipant(app, tokenHash));
}

/**
 * The participant behind the request's InstantToken, or null without a valid one, with their
 * progress as stored now (looked up once per request): for the routes that show progress.
 */
export function participantOfRequest(app: FastifyInstance, request: FastifyRequest): Promise<TParticipantContext | null> {
  const token = instantTokenOf(request);
  return token ? freshParticipantOfRequest(app, request, hashSecretToken(token)) : Promise.resolve(null);
}

/**
 * Who the request's participant is (no progress), from the instant participant cache when it is
 * there (docs/request-path.md): what the rate limiter and a save need. A miss reads the row once
 * for the whole request (a later participantOfRequest takes the same read).
 */
export function keptParticipantOfRequest(app: FastifyInstance, request: FastifyRequest): Promise<TKeptParticipant | null> {
  return oncePerRequest(keptParticipantsOfRequests, request, () => lookUpKeptParticipant(app, request));
}

async function lookUpKeptParticipant(app: FastifyInstance, request: FastifyRequest): Promise<TKeptParticipant | null> {
  const token = instantTokenOf(request);
  if (!token) return null;
  const tokenHash = hashSecretToken(token);
  const cache = app.callerCache.instantParticipants;
  return cache.get(tokenHash) ?? (await cache.remember(tokenHash, () => freshParticipantOfRequest(app, request, tokenHash), (found) => (found ? keptParticipantOf(found) : null)));
}

/**
 * Rate-limit key of participant calls: a valid instant token counts per participant, anything
 * else per address. A room of phones behind one NAT shares an address, and each phone that has
 * joined is a known person; a made-up token gets no bucket of its own, so it cannot be used to
 * dodge the per-address limit.
 */
export async function participantOrAddressKey(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const participant = await keptParticipantOfRequest(app, request);
  return participant ? `instant-participant:${participant.id}` : `address:${request.ip}`;
}

/** The participant of this request, who must belong to the survey of `surveyPublicId` (another survey's token: 403). */
export async function requireParticipant(app: FastifyInstance, request: FastifyRequest, surveyPublicId: string): Promise<TParticipantContext> {
  return ofSurvey(request, await participantOfRequest(app, request), surveyPublicId);
}

/** As requireParticipant, but only who they are (kept a few seconds; no progress): for a save. */
export async function requireKeptParticipant(app: FastifyInstance, request: FastifyRequest, surveyPublicId: string): Promise<TKeptParticipant> {
  return ofSurvey(request, await keptParticipantOfRequest(app, request), surveyPublicId);
}

function ofSurvey<P extends { surveyPublicId: string }>(request: FastifyRequest, participant: P | null, surveyPublicId: string): P {
  if (!instantTokenOf(request)) throw new ApiError(401, 'not_authenticated', 'instant.errors.invalid_instant_token');
  if (!participant) throw new ApiError(401, 'invalid_token', 'instant.errors.invalid_instant_token');
  if (participant.surveyPublicId !== surveyPublicId) throw new ApiError(403, 'other_survey_token', 'instant.errors.other_survey_token');
  return participant;
}
