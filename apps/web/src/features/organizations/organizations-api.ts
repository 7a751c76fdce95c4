import { ZUserProfile, type TUserProfile } from '@ona/contracts';
import { apiRequest } from '../../shared/api/api-client.ts';

/** Answers the updated user (spec §4): its organisation is now the chosen one. */
export function setOrganization(organization: number): Promise<TUserProfile> {
  return apiRequest('/users/me/set-organization/', ZUserProfile, { method: 'POST', body: { organization } });
}
