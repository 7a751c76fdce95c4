import type { FastifyInstance } from 'fastify';
import { PASSWORD_MIN_LENGTH, type TLocale, type TPasswordResetConfirm } from '@ona/contracts';
import { ApiError, badRequest, type FieldErrors } from '../../errors/api-error.ts';
import { translate } from '../../i18n/translate.ts';
import { loadMembershipContext, requireUsableMembership, type MembershipContext } from '../users/membership.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, hasPassword, verifyPassword } from './password-hash.ts';
import * as repo from './repository.ts';
import { refusePasswordWhenSsoRequired } from '../sso/sign-in-service.ts';
import { hashSecretToken, newSecretToken } from './secret-token.ts';
import { afterRightPassword } from '../mfa/second-factor-service.ts';
import type { SignInClient } from '../sessions/session-service.ts';
import { recordSignIn } from '../audit/sign-in-audit.ts';

export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const RESET_LINK_LIFETIME_HOURS = 24;
/** Reset e-mails per account (per e-mail address typed, known or not) within RESET_REQUEST_WINDOW_MS. */
export const RESET_REQUESTS_PER_ACCOUNT = 3;
export const RESET_REQUEST_WINDOW_MS = 60 * 60 * 1000;

export async function login(app: FastifyInstance, email: string, password: string, client: SignInClient) {
  const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
  // The attempt is counted as a failure until the password proves right.
  const attempt = await repo.takeLoginAttempt(app.db, email, since, LOGIN_FAILURE_LIMIT);
  if (!attempt.allowed) throw new ApiError(429, 'too_many_requests', 'errors.too_many_logins');
  const user = await repo.findUserByEmail(app.db, email);
  // An account without a password yet is checked against the dummy too, so timing does not tell it apart.
  const usable = user !== undefined && hasPassword(user.passwordHash);
  const valid = await verifyPassword(password, usable ? user.passwordHash : DUMMY_PASSWORD_HASH);
  if (!user || !usable || !valid || !user.isActive) {
    if (user) await recordSignIn(app, app.db, user.id, 'failure', client, { method: 'password' });
    throw badRequest('invalid_credentials', 'errors.invalid_credentials');
  }
  await repo.clearLoginFailures(app.db, email);
  let membership: MembershipContext;
  try {
    // The right password of someone who works nowhere any more (organisations archived, memberships deactivated): no token.
    membership = requireUsableMembership(await loadMembershipContext(app.db, user));
    await refusePasswordWhenSsoRequired({ app }, user.id);
  } catch (error) {
    // A right password refused all the same is a failed sign-in of a known account: on record, with why.
    if (error instanceof ApiError) await recordSignIn(app, app.db, user.id, 'failure', client, { method: 'password', reason: error.code });
    throw error;
  }
  // A session now, or a second factor first (modules/mfa).
  return { signIn: await afterRightPassword(app, user, membership, client), user, membership };
}

/**
 * Sends a one-time link; answers the same whether or not the account exists. Beyond the
 * per-address limit of the route, at most RESET_REQUESTS_PER_ACCOUNT e-mails an hour go to one
 * address however many clients ask (mail bombing): the request is counted per e-mail address
 * typed, known or not, and the account looked up either way, so neither the answer nor the work
 * tells whether the account exists; over the limit the e-mail is simply not queued.
 */
export async function requestPasswordReset(app: FastifyInstance, email: string, locale: TLocale, resetPage: string) {
  const request = await repo.takePasswordResetRequest(app.db, email, new Date(Date.now() - RESET_REQUEST_WINDOW_MS), RESET_REQUESTS_PER_ACCOUNT);
  const user = await repo.findUserByEmail(app.db, email);
  if (!request.allowed || !user || !user.isActive) return;
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + RESET_LINK_LIFETIME_HOURS * 3600 * 1000);
  await repo.insertPasswordReset(app.db, user.id, hashSecretToken(token), expiresAt);
  const link = `${resetPage}?uid=${user.id}&token=${encodeURIComponent(token)}`;
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key, { name: user.name, hours: RESET_LINK_LIFETIME_HOURS });
  const text = [t('emails.password_reset.greeting'), '', t('emails.password_reset.body'), '', link, '', t('emails.password_reset.ignore'), '', t('emails.password_reset.signature')].join('\n');
  app.mailer.sendInBackground({ to: user.email, subject: t('emails.password_reset.subject'), text });
}

export async function confirmPasswordReset(app: FastifyInstance, body: TPasswordResetConfirm) {
  const fieldErrors: FieldErrors = {};
  if (body.new_password1.length < PASSWORD_MIN_LENGTH) fieldErrors.new_password1 = ['errors.password_too_short'];
  if (body.new_password1 !== body.new_password2) fieldErrors.new_password2 = ['errors.passwords_do_not_match'];
  if (Object.keys(fieldErrors).length > 0) {
    throw new ApiError(400, 'validation_error', 'errors.validation_failed', fieldErrors, { min: PASSWORD_MIN_LENGTH });
  }
  const userId = Number(body.uid);
  const invalidLink = () => new ApiError(400, 'invalid_reset_link', 'errors.invalid_reset_link');
  if (!Number.isSafeInteger(userId) || userId <= 0) throw invalidLink();
  const now = new Date();
  const reset = await repo.findUsablePasswordReset(app.db, userId, hashSecretToken(body.token), now);
  if (!reset) throw invalidLink();
  const done = await repo.completePasswordReset(app.db, reset.id, userId, await hashPassword(body.new_password1), now);
  if (!done) throw invalidLink();
  // Every token of the user was revoked with the new password.
  await app.callerCache.forget({ users: [userId] });
}
