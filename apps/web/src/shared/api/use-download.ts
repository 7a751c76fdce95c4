import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../notifications/notify.ts';
import { apiDownload } from './api-client.ts';
import { saveFile } from './save-file.ts';

type TDownloadRequest = { path: string; fallbackName: string };

/** Runs an export; a failure shows the spec's "Error during export" (§7). */
export function useDownload() {
  const { t } = useTranslation();
  return useMutation<void, Error, TDownloadRequest>({
    mutationFn: async ({ path, fallbackName }) => saveFile(await apiDownload(path, fallbackName)),
    onError: () => notify('error', t('errors.export')),
  });
}
