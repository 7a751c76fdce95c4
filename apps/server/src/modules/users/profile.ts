import type { TUserProfile } from '@ona/contracts';
import type { AuthContext } from '../../plugins/auth.ts';

export function toUserProfile(auth: Omit<AuthContext, 'tokenId'>): TUserProfile {
  return {
    id: auth.user.id,
    name: auth.user.name,
    email: auth.user.email,
    can_change_organization: auth.user.canChangeOrganization,
    available_organizations: auth.user.canChangeOrganization
      ? auth.availableOrganizations
      : auth.availableOrganizations.filter((o) => o.id === auth.organizationId),
    organization: { id: auth.organizationId, name: auth.organizationName },
    permissions: auth.permissions,
  };
}
