import { ZDirectoryPeoplePage, ZScimToken, ZScimTokenCreated, type TDirectoryPeoplePage, type TDirectoryPeopleQuery, type TScimToken, type TScimTokenCreate, type TScimTokenCreated } from '@ona/contracts';
import { apiRequest, apiSend } from '../../shared/api/api-client.ts';

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
