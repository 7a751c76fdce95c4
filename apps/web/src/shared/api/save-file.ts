import type { TDownloadedFile } from './api-client.ts';

/** Hands a downloaded blob to the browser's save dialog. */
export function saveFile({ blob, filename }: TDownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
