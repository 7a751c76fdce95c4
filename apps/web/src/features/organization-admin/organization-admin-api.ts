import {
  LOGO_UPLOAD_FIELD,
  ZCurrentOrganization,
  ZDetailResponse,
  ZOrganizationListItem,
  ZOrganizationUser,
  ZOrganizationUserInvited,
  type TCurrentOrganization,
  type TCurrentOrganizationPatch,
  type TOrganizationCreate,
  type TOrganizationListItem,
  type TOrganizationPatch,
  type TOrganizationUser,
  type TOrganizationUserInvite,
  type TOrganizationUserInvited,
  type TOrganizationUserPatch,
  ZSessionsEnded,
  ZSignInPolicy,
  ZConfidentialitySettings,
  ZPrivacyNotice,
  type TConfidentialityPatch,
  type TConfidentialitySettings,
  type TPrivacyNotice,
  type TSessionsEnded,
  type TSignInPolicy,
  type TSignInPolicyPatch,
} from '@ona/contracts';
import { apiRequest, apiUploadRequest } from '../../shared/api/api-client.ts';

export const organizationQueryKey = ['organization-admin', 'organization'] as const;
export const organizationUsersQueryKey = (q: string) => ['organization-admin', 'users', q] as const;
export const platformOrganizationsQueryKey = ['organization-admin', 'platform'] as const;

export const fetchOrganization = (): Promise<TCurrentOrganization> => apiRequest('/organization/', ZCurrentOrganization);
export const updateOrganization = (body: TCurrentOrganizationPatch): Promise<TCurrentOrganization> =>
  apiRequest('/organization/', ZCurrentOrganization, { method: 'PATCH', body });
export function uploadLogo(file: File): Promise<TCurrentOrganization> {
  const form = new FormData();
  form.append(LOGO_UPLOAD_FIELD, file);
  return apiUploadRequest('/organization/logo/', form, ZCurrentOrganization, 'PUT');
}
export const removeLogo = (): Promise<TCurrentOrganization> => apiRequest('/organization/logo/', ZCurrentOrganization, { method: 'DELETE' });

export const fetchOrganizationUsers = (q: string): Promise<TOrganizationUser[]> =>
  apiRequest('/organization/users/', ZOrganizationUser.array(), { query: { q: q || undefined } });
export const inviteUser = (body: TOrganizationUserInvite): Promise<TOrganizationUserInvited> =>
  apiRequest('/organization/users/', ZOrganizationUserInvited, { method: 'POST', body });
export const updateUser = (id: number, body: TOrganizationUserPatch): Promise<TOrganizationUser> =>
  apiRequest(`/organization/users/${id}/`, ZOrganizationUser, { method: 'PATCH', body });
export const resendInvitation = (id: number): Promise<{ detail: string }> =>
  apiRequest(`/organization/users/${id}/resend-invitation/`, ZDetailResponse, { method: 'POST' });

export const fetchPlatformOrganizations = (): Promise<TOrganizationListItem[]> => apiRequest('/organizations/', ZOrganizationListItem.array());
export const createOrganization = (body: TOrganizationCreate): Promise<TOrganizationListItem> =>
  apiRequest('/organizations/', ZOrganizationListItem, { method: 'POST', body });
export const patchOrganization = (id: number, body: TOrganizationPatch): Promise<TOrganizationListItem> =>
  apiRequest(`/organizations/${id}/`, ZOrganizationListItem, { method: 'PATCH', body });

/** Ends every session of a member: each of their devices is signed out at once. */
export const endMemberSessions = (id: number): Promise<TSessionsEnded> => apiRequest(`/organization/users/${id}/end-sessions/`, ZSessionsEnded, { method: 'POST' });

export const signInPolicyQueryKey = ['organization-admin', 'sign-in-policy'] as const;
export const fetchSignInPolicy = (): Promise<TSignInPolicy> => apiRequest('/organization/sign-in-policy/', ZSignInPolicy);
export const updateSignInPolicy = (body: TSignInPolicyPatch): Promise<TSignInPolicy> => apiRequest('/organization/sign-in-policy/', ZSignInPolicy, { method: 'PATCH', body });

export const confidentialityQueryKey = ['organization-admin', 'confidentiality'] as const;
export const fetchConfidentiality = (): Promise<TConfidentialitySettings> => apiRequest('/organization/confidentiality/', ZConfidentialitySettings);
export const updateConfidentiality = (body: TConfidentialityPatch): Promise<TConfidentialitySettings> =>
  apiRequest('/organization/confidentiality/', ZConfidentialitySettings, { method: 'PATCH', body });

export const privacyNoticeQueryKey = ['organization-admin', 'privacy-notice'] as const;
export const fetchPrivacyNotice = (): Promise<TPrivacyNotice> => apiRequest('/organization/privacy-notice/', ZPrivacyNotice);
export const savePrivacyNotice = (text: string): Promise<TPrivacyNotice> => apiRequest('/organization/privacy-notice/', ZPrivacyNotice, { method: 'POST', body: { text } });
