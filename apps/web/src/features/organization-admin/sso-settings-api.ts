import { ZSsoRound, ZSsoSettings, type TSsoRound, type TSsoSettings, type TSsoSettingsUpdate } from '@ona/contracts';
import { apiRequest } from '../../shared/api/api-client.ts';

export const ssoSettingsQueryKey = ['organization-admin', 'sso'] as const;

export const fetchSsoSettings = (): Promise<TSsoSettings> => apiRequest('/organization/sso/', ZSsoSettings);
export const saveSsoSettings = (body: TSsoSettingsUpdate): Promise<TSsoSettings> => apiRequest('/organization/sso/', ZSsoSettings, { method: 'PUT', body });
export const startSsoTest = (): Promise<TSsoRound> => apiRequest('/organization/sso/test/', ZSsoRound, { method: 'POST' });
