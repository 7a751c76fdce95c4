import { tables } from '@ona/db';
import type { TLocale } from '@ona/contracts';
import type { DbExecutor } from '../engagement-admin/db-executor.ts';

/**
 * Every permission of DECISIONS.md: the first administrator runs the organisation, its journeys
 * and its instant surveys, and (can_change_organization) the platform itself.
 */
export const FIRST_ADMINISTRATOR_PERMISSIONS = ['engagement_admin', 'instant_survey_admin', 'organization_admin'];

/** The languages an organisation's journeys can start in; anything else starts in Hungarian. */
export type TOrganizationLanguage = 'hu' | 'en' | 'de' | 'ru';
export const ORGANIZATION_LANGUAGES: readonly TOrganizationLanguage[] = ['hu', 'en', 'de', 'ru'];

export function organizationLanguageFor(locale: TLocale | string): TOrganizationLanguage {
  return (ORGANIZATION_LANGUAGES as readonly string[]).includes(locale) ? (locale as TOrganizationLanguage) : 'hu';
}

/**
 * Inside the caller's transaction: the first organisation and its administrator, a member with
 * every permission. `passwordHash` is UNSET_PASSWORD_HASH when the password comes later by link.
 */
export async function insertFirstAdministrator(
  tx: DbExecutor,
  input: { organizationName: string; language: TOrganizationLanguage; name: string; email: string; passwordHash: string },
) {
  const [organization] = await tx
    .insert(tables.organizations)
    .values({ name: input.organizationName, defaultLanguage: input.language })
    .returning();
  if (!organization) throw new Error('the organisation was not stored');
  const [user] = await tx
    .insert(tables.users)
    .values({ email: input.email, name: input.name, passwordHash: input.passwordHash, canChangeOrganization: true, currentOrganizationId: organization.id })
    .returning();
  if (!user) throw new Error('the administrator was not stored');
  await tx.insert(tables.memberships).values({ userId: user.id, organizationId: organization.id, permissions: FIRST_ADMINISTRATOR_PERMISSIONS });
  return { organization, user };
}
