import { ZRetentionPolicy, type TRetentionPolicy, type TRetentionPolicyInput } from '@ona/contracts';
import { apiRequest } from '../../shared/api/api-client.ts';

export const retentionPolicyQueryKey = ['organization-admin', 'retention-policy'] as const;

export const fetchRetentionPolicy = (): Promise<TRetentionPolicy> => apiRequest('/organization/retention-policy/', ZRetentionPolicy);
export const updateRetentionPolicy = (body: TRetentionPolicyInput): Promise<TRetentionPolicy> => apiRequest('/organization/retention-policy/', ZRetentionPolicy, { method: 'PUT', body });
