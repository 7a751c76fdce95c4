import { z } from 'zod';
import { tables, type Database } from '@ona/db';
import { UNSET_PASSWORD_HASH } from '../auth/password-hash.ts';
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';
import { insertFirstAdministrator, ORGANIZATION_LANGUAGES, type TOrganizationLanguage } from './first-administrator.ts';
import { anyUserExists, lockFirstAdministrator, voidSetupTokens } from './setup-tokens.ts';

/**
 * How long the printed password-set link works. Longer than a reset link's 24 hours: a scripted
 * install may hand the link on to the customer's administrator, who opens it days later.
 */
export const CREATE_ADMIN_LINK_LIFETIME_DAYS = 7;

const ZCreateAdminInput = z.object({
  email: z.email().max(254),
  organizationName: z.string().trim().min(1).max(200),
  name: z.string().trim().min(1).max(200).optional(),
  language: z.enum(ORGANIZATION_LANGUAGES as [TOrganizationLanguage, ...TOrganizationLanguage[]]).default('hu'),
});
/** As the command line gives it: plain strings, checked here. */
export interface TCreateAdminInput {
  email: string;
  organizationName: string;
  name?: string;
  language?: string;
}

/** A refusal the command line prints as it is (exit code 1). */
export class CreateAdminRefused extends Error {}

/**
 * `npm run create-admin`: the first organisation and its administrator, with no password yet and
 * every permission, and a one-time invitation link to the reset-confirm page that sets the password.
 * Refuses once any user exists; voids the set-up links the server printed.
 */
export async function createFirstAdministrator(db: Database, input: TCreateAdminInput, base: string, now = new Date()) {
  const parsed = ZCreateAdminInput.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`).join('; ');
    throw new CreateAdminRefused(`Invalid input: ${problems}`);
  }
  const { email, organizationName, language } = parsed.data;
  const name = parsed.data.name ?? email.split('@')[0] ?? email;
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + CREATE_ADMIN_LINK_LIFETIME_DAYS * 24 * 3600 * 1000);
  const created = await db.transaction(async (tx) => {
    await lockFirstAdministrator(tx);
    if (await anyUserExists(tx)) {
      throw new CreateAdminRefused('This installation already has users: create-admin only creates the first administrator. Sign in and invite further users from the web pages.');
    }
    const first = await insertFirstAdministrator(tx, { organizationName, language, name, email, passwordHash: UNSET_PASSWORD_HASH });
    await tx.insert(tables.passwordResets).values({ userId: first.user.id, tokenHash: hashSecretToken(token), expiresAt, purpose: 'invitation' });
    await voidSetupTokens(tx);
    return first;
  });
  const link = `${base.replace(/\/+$/, '')}/auth/confirm-reset-password.html?uid=${created.user.id}&token=${encodeURIComponent(token)}`;
  return { organization: created.organization, user: created.user, link, expiresAt };
}
