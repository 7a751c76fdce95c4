import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { isDbIdText, ZInstantSocketHello, type TInstantSocketHello, type TInstantSocketMessage } from '@ona/contracts';
import { ApiError } from '../../errors/api-error.ts';
import { loadSessionCaller } from '../sessions/session-caller.ts';
import { hashSecretToken } from '../auth/secret-token.ts';
import { INSTANT_ADMIN_PERMISSION, participantForToken } from './instant-auth.ts';
import { surveyChannel } from './live.ts';
import * as repo from './repository.ts';

/** What this module needs of a `ws` socket (the package ships no types of its own). */
interface TLiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer | string) => void): void;
  on(event: 'close', listener: () => void): void;
}

const OPEN = 1;
/**
 * Per address: a browser cannot send a token with the upgrade request, so the address is all
 * there is to count by, and a room of phones behind one NAT shares it. 300 phones connecting and
 * reconnecting after a Wi-Fi hiccup stay far below this; a socket that does not authenticate
 * within AUTH_TIMEOUT_MS is closed, so a flood of idle sockets does not pile up either.
 */
const LIVE_CONNECTS_PER_ADDRESS_PER_MINUTE = 2000;
const AUTH_TIMEOUT_MS = 10_000;
// Application close codes (4000–4999) that mirror the HTTP statuses.
const CLOSE_UNAUTHENTICATED = 4401;
const CLOSE_FORBIDDEN = 4403;
const CLOSE_NOT_FOUND = 4404;
// RFC 6455 1013 "Try Again Later": the client reconnects with its back-off.
const CLOSE_TRY_AGAIN_LATER = 1013;

type TRole = 'host' | 'participant';

const notFound = () => new ApiError(404, 'not_found', 'errors.not_found');

/**
 * Host: a login token of an instant-survey admin of the survey's organisation, with the survey's
 * numeric id (or its public id); participant: their instant token, with the public id only (the
 * sequential id never admits a participant).
 */
async function authorise(app: FastifyInstance, pathId: string, hello: TInstantSocketHello): Promise<{ role: TRole; surveyId: number; publicId: string }> {
  if (hello.token) {
    const survey = isDbIdText(pathId) ? await repo.findSurveyById(app.db, Number(pathId)) : await repo.findSurveyByPublicId(app.db, pathId);
    if (!survey) throw notFound();
    const membership = await loadSessionCaller(app.db, hashSecretToken(hello.token), app.clock());
    if (membership.organizationId !== survey.organizationId) throw new ApiError(404, 'not_found', 'errors.not_found');
    if (!membership.permissions.includes(INSTANT_ADMIN_PERMISSION)) throw new ApiError(403, 'permission_denied', 'errors.permission_denied');
    return { role: 'host', surveyId: survey.id, publicId: survey.publicId };
  }
  if (hello.instant_token) {
    const survey = await repo.findSurveyByPublicId(app.db, pathId);
    if (!survey) throw notFound();
    const participant = await participantForToken(app, hello.instant_token);
    if (participant.surveyId !== survey.id) throw new ApiError(403, 'other_survey_token', 'instant.errors.other_survey_token');
    return { role: 'participant', surveyId: survey.id, publicId: survey.publicId };
  }
  throw new ApiError(401, 'not_authenticated', 'errors.not_authenticated');
}

/** A refusal mirrors its HTTP status; anything else (database or Redis away) asks the client to come back. */
const closeCodeFor = (err: unknown) => {
  if (err instanceof SyntaxError) return CLOSE_UNAUTHENTICATED;
  if (!(err instanceof ApiError)) return CLOSE_TRY_AGAIN_LATER;
  return err.statusCode === 403 ? CLOSE_FORBIDDEN : err.statusCode === 404 ? CLOSE_NOT_FOUND : CLOSE_UNAUTHENTICATED;
};

/**
 * /ws/instant-survey/{id}/ ({id}: the public id for participants, the numeric or public id for hosts): one socket per survey and page. Browsers cannot send headers on a
 * websocket, and tokens do not belong in URLs (they end up in logs), so the first message carries
 * the token; the server answers `ready` once the subscription is live, then forwards every
 * `new_user`, `answer` and `state` message of the survey, and sends `refetch` when its
 * subscription was gone for a while and is live again.
 */
export const instantSurveySocketRoutes: FastifyPluginAsync = async (app) => {
  app.get('/ws/instant-survey/:id/', { websocket: true, config: { rateLimit: { max: LIVE_CONNECTS_PER_ADDRESS_PER_MINUTE, timeWindow: '1 minute' } } }, (raw: TLiveSocket, request) => {
    const socket = raw;
    const pathId = String((request.params as { id?: string }).id ?? '');
    let unsubscribe: (() => void) | null = null;
    let closed = false;
    let authorising = false;
    // A client that never said who it is is refused; one whose hello is still being checked (a slow
    // database or Redis) is asked to come back, since a 44xx close makes it give up for good.
    const timer = setTimeout(
      () => (authorising ? socket.close(CLOSE_TRY_AGAIN_LATER, 'try again later') : socket.close(CLOSE_UNAUTHENTICATED, 'authentication timeout')),
      AUTH_TIMEOUT_MS,
    );

    socket.on('close', () => {
      closed = true;
      clearTimeout(timer);
      unsubscribe?.();
    });
    if (pathId === '' || pathId.length > 64) {
      socket.close(CLOSE_NOT_FOUND, 'not found');
      return;
    }
    socket.on('message', (data) => {
      if (unsubscribe || authorising) return; // Clients only speak once; anything later is ignored.
      authorising = true;
      void (async () => {
        try {
          const parsed = ZInstantSocketHello.safeParse(JSON.parse(String(data)));
          if (!parsed.success) throw new ApiError(401, 'not_authenticated', 'errors.not_authenticated');
          const { role, surveyId, publicId } = await authorise(app, pathId, parsed.data);
          if (closed) return;
          const refetch: TInstantSocketMessage = { type: 'refetch', survey: role === 'host' ? surveyId : publicId };
          const stop = await app.realtime.subscribe(
            surveyChannel(surveyId, role),
            (payload) => {
              if (socket.readyState === OPEN) socket.send(payload);
            },
            {
              // Messages of the while the subscription was gone are lost: the page reloads instead.
              resumed: () => {
                if (socket.readyState === OPEN) socket.send(JSON.stringify(refetch));
              },
              // Deaf for good on this instance: the client reconnects with back-off (and reloads then).
              lost: () => {
                if (!closed) socket.close(CLOSE_TRY_AGAIN_LATER, 'try again later');
              },
            },
          );
          if (closed) {
            stop();
            return;
          }
          unsubscribe = stop;
          clearTimeout(timer);
          socket.send(JSON.stringify({ type: 'ready', role }));
        } catch (err) {
          if (!(err instanceof ApiError) && !(err instanceof SyntaxError)) request.log.error({ err }, 'live socket authorisation failed');
          if (!closed) socket.close(closeCodeFor(err), err instanceof ApiError || err instanceof SyntaxError ? 'not allowed' : 'try again later');
        }
      })();
    });
  });
};
