import type { TUserProfile } from '@ona/contracts';
import type { AuthContext } from '../../plugins/auth.ts';

export function toUserProfile(auth: Omit<AuthContext, 'tokenId' | 'apiKeyId'>): TUserProfile {
  return {
    id: auth.user.id,
    name: auth.user.name,
    email: auth.user.email,
    can_change_organization: auth.user.canChangeOrganization,
    // Every organisation the user is an active member of (a user may belong to several).
    available_organizations: auth.availableOrganizations,
    organization: { id: auth.organizationId, name: auth.organizationName, default_language: auth.organizationLanguage },
    permissions: auth.permissions,
  };
}
