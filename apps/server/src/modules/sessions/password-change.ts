import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PASSWORD_MIN_LENGTH, type TPasswordChange } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { ApiError, badRequest, type FieldErrors } from '../../errors/api-error.ts';
import { hashPassword, hasPassword, verifyPassword } from '../auth/password-hash.ts';
import { clearLoginFailures, takeLoginAttempt } from '../auth/repository.ts';
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from '../auth/service.ts';
import type { SessionCaller } from './session-caller.ts';
import { endSessionsOfUsers } from './session-repository.ts';

/**
 * A new password for the signed-in user. The current password is checked and counted like a
 * login (a stolen session must not guess it), and every other session of the user ends: whoever
 * held the old password is signed out everywhere but here.
 */
export async function changePassword(app: FastifyInstance, request: FastifyRequest, caller: SessionCaller, body: TPasswordChange): Promise<number> {
  const fieldErrors: FieldErrors = {};
  if (body.new_password1.length < PASSWORD_MIN_LENGTH) fieldErrors['new_password1'] = ['errors.password_too_short'];
  if (body.new_password1 !== body.new_password2) fieldErrors['new_password2'] = ['errors.passwords_do_not_match'];
  if (Object.keys(fieldErrors).length > 0) throw new ApiError(400, 'validation_error', 'errors.validation_failed', fieldErrors, { min: PASSWORD_MIN_LENGTH });
  const attempt = await takeLoginAttempt(app.db, caller.user.email, new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS), LOGIN_FAILURE_LIMIT);
  if (!attempt.allowed) throw new ApiError(429, 'too_many_requests', 'errors.too_many_logins');
  const [user] = await app.db.select().from(tables.users).where(eq(tables.users.id, caller.user.id));
  if (!user || !hasPassword(user.passwordHash) || !(await verifyPassword(body.current_password, user.passwordHash))) {
    throw badRequest('wrong_current_password', 'sessions.errors.wrong_current_password');
  }
  await clearLoginFailures(app.db, caller.user.email);
  const passwordHash = await hashPassword(body.new_password1);
  // The new password, the other sessions ended and the audit entry commit together (docs/audit-log.md).
  const ended = await app.audit.change(request, async (tx) => {
    await tx.update(tables.users).set({ passwordHash }).where(eq(tables.users.id, user.id));
    return endSessionsOfUsers(tx, [user.id], app.clock(), caller.tokenId);
  });
  await app.callerCache.forget({ users: [user.id] });
  return ended;
}
