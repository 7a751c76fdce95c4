import { PASSWORD_MIN_LENGTH, type TLocale, type TSetupRequest } from '@ona/contracts';
import { tables, type Database } from '@ona/db';
import { ApiError, conflict, type FieldErrors } from '../../errors/api-error.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';
import { loadMembershipContext } from '../users/membership.ts';
import { insertFirstAdministrator, organizationLanguageFor } from './first-administrator.ts';
import { anyUserExists, isValidSetupToken, lockFirstAdministrator, voidSetupTokens } from './setup-tokens.ts';

const setupDone = () => conflict('setup_done', 'setup.done');
const invalidToken = () => new ApiError(400, 'invalid_setup_token', 'setup.invalid_token');

/** The same rules as a password reset: at least 8 characters, both the same. */
function checkPasswords(body: TSetupRequest): void {
  const fieldErrors: FieldErrors = {};
  if (body.password1.length < PASSWORD_MIN_LENGTH) fieldErrors.password1 = ['errors.password_too_short'];
  if (body.password1 !== body.password2) fieldErrors.password2 = ['errors.passwords_do_not_match'];
  if (Object.keys(fieldErrors).length > 0) {
    throw new ApiError(400, 'validation_error', 'errors.validation_failed', fieldErrors, { min: PASSWORD_MIN_LENGTH });
  }
}

/**
 * The set-up page's one call: with a printed set-up token, creates the first organisation (in the
 * language of the request when the product has it, else Hungarian), its first administrator and
 * a login token, voiding every set-up token, all in one transaction.
 */
export async function completeSetup(db: Database, body: TSetupRequest, locale: TLocale) {
  if (await anyUserExists(db)) throw setupDone();
  if (!(await isValidSetupToken(db, body.token))) throw invalidToken();
  checkPasswords(body);
  // scrypt takes a while: hashed before the transaction, which holds the first-administrator lock.
  const passwordHash = await hashPassword(body.password1);
  const loginToken = newSecretToken();
  const user = await db.transaction(async (tx) => {
    await lockFirstAdministrator(tx);
    // Checked again under the lock: a concurrent set-up or create-admin may have finished meanwhile.
    if (await anyUserExists(tx)) throw setupDone();
    if (!(await isValidSetupToken(tx, body.token))) throw invalidToken();
    const created = await insertFirstAdministrator(tx, {
      organizationName: body.organization_name,
      language: organizationLanguageFor(locale),
      name: body.name,
      email: body.email,
      passwordHash,
    });
    await tx.insert(tables.authTokens).values({ userId: created.user.id, tokenHash: hashSecretToken(loginToken) });
    await voidSetupTokens(tx);
    return created.user;
  });
  return { token: loginToken, user, membership: await loadMembershipContext(db, user) };
}
