import { ZHrSync, ZHrSyncSettings, ZHrSyncSummary, type THrSync, type THrSyncSettings, type THrSyncSettingsUpdate, type THrSyncSummary } from '@ona/contracts';
import { apiRequest, apiUploadRequest } from '../../shared/api/api-client.ts';

export const hrSyncSettingsQueryKey = ['organization-admin', 'hr-sync', 'settings'] as const;
export const hrSyncsQueryKey = ['organization-admin', 'hr-sync', 'syncs'] as const;
export const hrSyncQueryKey = (id: number) => ['organization-admin', 'hr-sync', 'syncs', id] as const;

export const fetchHrSyncSettings = (): Promise<THrSyncSettings> => apiRequest('/organization/directory/hr-sync/settings/', ZHrSyncSettings);
export const saveHrSyncSettings = (body: THrSyncSettingsUpdate): Promise<THrSyncSettings> => apiRequest('/organization/directory/hr-sync/settings/', ZHrSyncSettings, { method: 'PUT', body });
export const fetchHrSyncs = (): Promise<THrSyncSummary[]> => apiRequest('/organization/directory/hr-syncs/', ZHrSyncSummary.array());
export const fetchHrSync = (id: number): Promise<THrSync> => apiRequest(`/organization/directory/hr-syncs/${id}/`, ZHrSync);

/** Uploads an HR export; the answer is its diff, waiting for confirmation (or held by the guard). */
export function uploadHrFile(file: File): Promise<THrSync> {
  const form = new FormData();
  form.append('hr_file', file);
  return apiUploadRequest('/organization/directory/hr-syncs/', form, ZHrSync);
}
export const applyHrSync = (id: number, overrideHold: boolean): Promise<THrSync> =>
  apiRequest(`/organization/directory/hr-syncs/${id}/apply/`, ZHrSync, { method: 'POST', body: { override_hold: overrideHold } });
export const discardHrSync = (id: number): Promise<THrSync> => apiRequest(`/organization/directory/hr-syncs/${id}/discard/`, ZHrSync, { method: 'POST', body: {} });
