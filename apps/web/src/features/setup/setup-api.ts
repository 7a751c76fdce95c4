import { ZSetupResponse, ZSetupStatus, type TSetupRequest, type TSetupResponse, type TSetupStatus } from '@ona/contracts';
import { apiRequest } from '../../shared/api/api-client.ts';

export function fetchSetupStatus(signal?: AbortSignal): Promise<TSetupStatus> {
  return apiRequest('/setup/', ZSetupStatus, { anonymous: true, ...(signal ? { signal } : {}) });
}

export function completeSetup(body: TSetupRequest): Promise<TSetupResponse> {
  return apiRequest('/setup/', ZSetupResponse, { method: 'POST', body, anonymous: true });
}

export const setupStatusQueryKey = ['setup'] as const;
