import { SSO_MAPPABLE_PERMISSIONS } from '@ona/contracts';
import type { SsoConnection } from './repository.ts';
import { SsoRefusal } from './sso-refusal.ts';

/**
 * The address the identity provider vouches for: the configured claim, a syntactically plain
 * address, not marked unverified (`email_verified: false`; providers that never send the claim,
 * such as Entra ID, are taken at their word), and inside the organisation's allowed domains.
 */
export function readEmailClaims(claims: Record<string, unknown>, connection: Pick<SsoConnection, 'emailClaim' | 'allowedDomains'>): { email: string } {
  const value = claims[connection.emailClaim];
  if (typeof value !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(value.trim())) {
    throw new SsoRefusal('sso_email_missing', 'sso.errors.email_missing', { reason: `claim ${connection.emailClaim} is not an e-mail address` });
  }
  if (claims.email_verified === false || claims.email_verified === 'false') {
    throw new SsoRefusal('sso_email_unverified', 'sso.errors.email_unverified', { reason: `email_verified is false for ${value}` });
  }
  const email = value.trim().toLowerCase();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (!connection.allowedDomains.includes(domain)) {
    throw new SsoRefusal('sso_domain_not_allowed', 'sso.errors.domain_not_allowed', { reason: `${domain} is not among ${connection.allowedDomains.join(', ')}`, domain });
  }
  return { email };
}

/**
 * The permissions the groups claim grants, or null when no groups claim is configured (then the
 * permissions the administrator gave stay as they are).
 */
export function permissionsFromGroups(claims: Record<string, unknown>, connection: Pick<SsoConnection, 'groupsClaim' | 'groupPermissions'>): string[] | null {
  if (connection.groupsClaim === null) return null;
  const raw = claims[connection.groupsClaim];
  const groups = new Set(Array.isArray(raw) ? raw.filter((g): g is string => typeof g === 'string') : typeof raw === 'string' ? [raw] : []);
  const granted = new Set(connection.groupPermissions.filter((m) => groups.has(m.group)).flatMap((m) => m.permissions));
  return SSO_MAPPABLE_PERMISSIONS.filter((p) => granted.has(p));
}
