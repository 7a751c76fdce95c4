import { isApiError, NETWORK_ERROR_CODE } from './api-error.ts';

/** The request got no answer at all: the device is offline or the server out of reach. */
export const isConnectionLost = (error: unknown): boolean => isApiError(error) && error.code === NETWORK_ERROR_CODE;

/**
 * Resolves when the connection may be back: at the browser's `online` event, or after `fallbackMs`
 * (a Wi-Fi that is "connected" without reaching the server never fires `online`).
 */
export function connectionBack(fallbackMs = 5000): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      window.clearTimeout(timer);
      resolve();
    };
    const timer = window.setTimeout(done, fallbackMs);
    window.addEventListener('online', done);
  });
}
