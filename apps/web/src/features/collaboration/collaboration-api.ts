import { ZCollaborationDemoFiles, ZCollaborationImport, ZCollaborationSettings, type TCollaborationDemoFiles, type TCollaborationImport, type TCollaborationSettings, type TCollaborationSource } from '@ona/contracts';
import { apiRequest, apiUploadRequest } from '../../shared/api/api-client.ts';

export const collaborationImportsQueryKey = ['organization-admin', 'collaboration-imports'] as const;
export const collaborationSettingsQueryKey = ['organization-admin', 'collaboration-settings'] as const;
export const collaborationDemoFilesQueryKey = ['organization-admin', 'collaboration-demo-files'] as const;

/** The field the server reads the file from (docs/collaboration-network.md). */
export const COLLABORATION_UPLOAD_FIELD = 'collaboration_file';

export const fetchCollaborationImports = (): Promise<TCollaborationImport[]> => apiRequest('/organization/collaboration-imports/', ZCollaborationImport.array());
export const fetchCollaborationSettings = (): Promise<TCollaborationSettings> => apiRequest('/organization/collaboration-settings/', ZCollaborationSettings);
export const updateCollaborationSettings = (body: TCollaborationSettings): Promise<TCollaborationSettings> => apiRequest('/organization/collaboration-settings/', ZCollaborationSettings, { method: 'PUT', body });
/** Demo mode only; elsewhere the server answers 404 and the page offers no files. */
export const fetchCollaborationDemoFiles = (): Promise<TCollaborationDemoFiles> => apiRequest('/organization/collaboration-imports/demo-files/', ZCollaborationDemoFiles);

export function importCollaborationFile(source: TCollaborationSource, file: File): Promise<TCollaborationImport> {
  const form = new FormData();
  form.append(COLLABORATION_UPLOAD_FIELD, file);
  return apiUploadRequest(`/organization/collaboration-imports/?source=${source}`, form, ZCollaborationImport);
}
