import type { TEffectiveSignInPolicy } from './sign-in-policy.ts';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A session ends when unused for the idle time or, however busy, once its absolute lifetime is over. */
export function sessionLapsed(session: { createdAt: Date; lastUsedAt: Date }, policy: TEffectiveSignInPolicy, now: Date): boolean {
  if (now.getTime() - session.lastUsedAt.getTime() > policy.idleMinutes * MINUTE_MS) return true;
  return now.getTime() - session.createdAt.getTime() > policy.lifetimeDays * DAY_MS;
}
