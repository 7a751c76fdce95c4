import { ZDirectoryPeoplePage, ZPersonErasureResult, ZScimToken, ZScimTokenCreated, type TDirectoryPeoplePage, type TDirectoryPeopleQuery, type TPersonErasureRequest, type TPersonErasureResult, type TScimToken, type TScimTokenCreate, type TScimTokenCreated } from '@ona/contracts';
import { apiDownload, apiRequest, apiSend, type TDownloadedFile } from '../../shared/api/api-client.ts';

export const directoryPeopleQueryKey = (query: TDirectoryPeopleQuery) => ['organization-admin', 'directory', 'people', query] as const;
export const scimTokensQueryKey = ['organization-admin', 'scim-tokens'] as const;

export const fetchDirectoryPeople = (query: TDirectoryPeopleQuery, signal?: AbortSignal): Promise<TDirectoryPeoplePage> =>
  apiRequest('/organization/directory/people/', ZDirectoryPeoplePage, {
    query: { page: query.page, page_size: query.page_size, state: query.state, search: query.search || undefined },
    ...(signal ? { signal } : {}),
  });
export const fetchScimTokens = (): Promise<TScimToken[]> => apiRequest('/organization/scim-tokens/', ZScimToken.array());
export const createScimToken = (body: TScimTokenCreate): Promise<TScimTokenCreated> => apiRequest('/organization/scim-tokens/', ZScimTokenCreated, { method: 'POST', body });
export const revokeScimToken = (id: number): Promise<void> => apiSend(`/organization/scim-tokens/${id}/`, { method: 'DELETE' });

/** Data-subject requests (docs/privacy/data-subject-requests.md): everything held about a person, and their erasure. */
export const downloadPersonalData = (personId: number, format: 'json' | 'xlsx'): Promise<TDownloadedFile> =>
  apiDownload(`/organization/directory/people/${personId}/personal-data/${format === 'xlsx' ? 'export/' : ''}`, `personal-data.${format}`);
export const erasePerson = (personId: number, body: TPersonErasureRequest): Promise<TPersonErasureResult> =>
  apiRequest(`/organization/directory/people/${personId}/erasure/`, ZPersonErasureResult, { method: 'POST', body });
