import { ZAuditLogPage, ZAuditVerifyResult, type TAuditLogFilters, type TAuditLogPage, type TAuditVerifyResult } from '@ona/contracts';
import { apiRequest } from '../../shared/api/api-client.ts';

export const auditLogQueryKey = (filters: TAuditLogFilters) => ['organization-admin', 'audit-log', filters] as const;

/** The filters as query values (absent ones left out). */
export const auditQuery = (filters: TAuditLogFilters): Record<string, string | number | undefined> => ({ ...filters });

export const fetchAuditLogPage = (filters: TAuditLogFilters, before: number | undefined): Promise<TAuditLogPage> =>
  apiRequest('/organization/audit-log/', ZAuditLogPage, { query: { ...auditQuery(filters), before, page_size: 50 } });

export const verifyAuditLog = (): Promise<TAuditVerifyResult> => apiRequest('/organization/audit-log/verify/', ZAuditVerifyResult, { method: 'POST' });
