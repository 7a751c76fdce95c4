import { forbidden } from '../../errors/api-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';

export const ORGANIZATION_ADMIN_PERMISSION = 'organization_admin';

/** Creating, renaming and archiving organisations is for platform administrators only. */
export function requirePlatformAdmin(auth: AuthContext): AuthContext {
  if (!auth.user.canChangeOrganization) throw forbidden();
  return auth;
}

/** Managing the current organisation (settings, logo, users) needs organization_admin there. */
export function requireOrganizationAdmin(auth: AuthContext): AuthContext {
  if (!auth.permissions.includes(ORGANIZATION_ADMIN_PERMISSION)) throw forbidden();
  return auth;
}
