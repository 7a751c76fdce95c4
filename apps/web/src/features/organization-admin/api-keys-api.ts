import { ZApiKey, ZApiKeyCreated, type TApiKey, type TApiKeyCreate, type TApiKeyCreated } from '@ona/contracts';
import { apiRequest, apiSend } from '../../shared/api/api-client.ts';

export const apiKeysQueryKey = ['organization-admin', 'api-keys'] as const;

export const fetchApiKeys = (): Promise<TApiKey[]> => apiRequest('/organization/api-keys/', ZApiKey.array());
export const createApiKey = (body: TApiKeyCreate): Promise<TApiKeyCreated> => apiRequest('/organization/api-keys/', ZApiKeyCreated, { method: 'POST', body });
export const revokeApiKey = (id: number): Promise<void> => apiSend(`/organization/api-keys/${id}/`, { method: 'DELETE' });
