import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../notifications/notify.ts';
import { useErrorMessage } from '../ui/error-state.tsx';
import { apiDownload, type TRequestOptions } from './api-client.ts';
import { isApiError } from './api-error.ts';
import { saveFile } from './save-file.ts';

type TDownloadRequest = { path: string; fallbackName: string; query?: TRequestOptions['query'] };

/**
 * Runs an export; a failure shows the spec's "Error during export" (§7) followed by the server's
 * reason in the user's language ("no analysis yet", "no access"), so the user knows what to do.
 */
export function useDownload() {
  const { t } = useTranslation();
  const reason = useErrorMessage();
  return useMutation<void, Error, TDownloadRequest>({
    mutationFn: async ({ path, fallbackName, query }) => saveFile(await apiDownload(path, fallbackName, query)),
    onError: (error) => notify('error', isApiError(error) ? `${t('errors.export')}: ${reason(error)}` : t('errors.export')),
  });
}
