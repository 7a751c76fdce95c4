import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.ts';
import { requireAuth, type AuthContext } from '../../plugins/auth.ts';
import { hashSecretToken } from '../auth/secret-token.ts';
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

export type TParticipantContext = NonNullable<Awaited<ReturnType<typeof repo.findParticipantByToken>>>['participant'];

/** The participant of `Authorization: InstantToken <token>` or of a token sent over the socket. */
export async function participantForToken(app: FastifyInstance, token: string): Promise<TParticipantContext> {
  const now = Date.now();
  const found = await repo.findParticipantByToken(app.db, hashSecretToken(token), new Date(now - TOKEN_IDLE_MS));
  if (!found) throw new ApiError(401, 'invalid_token', 'instant.errors.invalid_instant_token');
  if (now - found.lastUsedAt.getTime() > TOUCH_AFTER_MS) await repo.touchToken(app.db, found.tokenId);
  return found.participant;
}

/** The participant of this request, who must belong to `surveyId` (another survey's token: 403). */
export async function requireParticipant(app: FastifyInstance, request: FastifyRequest, surveyId: number): Promise<TParticipantContext> {
  const match = /^InstantToken\s+(\S+)$/.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new ApiError(401, 'not_authenticated', 'instant.errors.invalid_instant_token');
  const participant = await participantForToken(app, match[1]);
  if (participant.surveyId !== surveyId) throw new ApiError(403, 'other_survey_token', 'instant.errors.other_survey_token');
  return participant;
}
