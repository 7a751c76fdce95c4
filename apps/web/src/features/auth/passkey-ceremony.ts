import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type { TPasskeyAuthenticationResponse, TPasskeyCreationOptions, TPasskeyRegistrationResponse, TPasskeyRequestOptions } from '@ona/contracts';

/**
 * The browser's part of a passkey ceremony (@simplewebauthn/browser): the options the server made go
 * to `navigator.credentials`, its answer goes back. A browser-side failure (the dialog closed, timed
 * out, no authenticator) becomes a `PasskeyDialogError`, which the pages show in the user's language;
 * the server's refusals come back as its own translated messages.
 */
export class PasskeyDialogError extends Error {}

async function inBrowser<T>(ceremony: () => Promise<T>): Promise<T> {
  try {
    return await ceremony();
  } catch (error) {
    if (error instanceof WebAuthnError || (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError' || error.name === 'InvalidStateError' || error.name === 'SecurityError'))) {
      throw new PasskeyDialogError(error.message);
    }
    throw error;
  }
}

export const createPasskey = (optionsJSON: TPasskeyCreationOptions): Promise<TPasskeyRegistrationResponse> => inBrowser(() => startRegistration({ optionsJSON }));
export const signWithPasskey = (optionsJSON: TPasskeyRequestOptions): Promise<TPasskeyAuthenticationResponse> => inBrowser(() => startAuthentication({ optionsJSON }));

/** Whether this browser can make and use passkeys at all (the buttons are hidden where it cannot). */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
