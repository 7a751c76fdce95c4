import {
  ZSignInDiscovery,
  ZSsoCallbackResponse,
  ZSsoRound,
  ZSsoSettings,
  type TSignInDiscovery,
  type TSsoCallbackResponse,
  type TSsoOrigin,
  type TSsoRound,
  type TSsoSettings,
  type TSsoSettingsUpdate,
} from '@ona/contracts';
import { apiRequest } from '../../shared/api/api-client.ts';

export const ssoSettingsQueryKey = ['organization-admin', 'sso'] as const;

export const discoverSignIn = (email: string, origin: TSsoOrigin): Promise<TSignInDiscovery> =>
  apiRequest('/auth/sso/discover/', ZSignInDiscovery, { method: 'POST', body: { email, origin }, anonymous: true });

export const finishSsoRound = (callbackQuery: string, browserBinding: string): Promise<TSsoCallbackResponse> =>
  apiRequest('/auth/sso/callback/', ZSsoCallbackResponse, { method: 'POST', body: { callback_query: callbackQuery, browser_binding: browserBinding }, anonymous: true });

export const fetchSsoSettings = (): Promise<TSsoSettings> => apiRequest('/organization/sso/', ZSsoSettings);
export const saveSsoSettings = (body: TSsoSettingsUpdate): Promise<TSsoSettings> => apiRequest('/organization/sso/', ZSsoSettings, { method: 'PUT', body });
export const startSsoTest = (): Promise<TSsoRound> => apiRequest('/organization/sso/test/', ZSsoRound, { method: 'POST' });

/**
 * The round's browser binding lives in this tab's session storage between the redirect to the
 * identity provider and the callback page: only the tab that started the round can finish it.
 */
const BINDING_KEY = 'ona.sso.browserBinding';

export function goToIdentityProvider(round: TSsoRound): void {
  window.sessionStorage.setItem(BINDING_KEY, round.browser_binding);
  window.location.assign(round.authorization_url);
}

export function takeBrowserBinding(): string | null {
  const binding = window.sessionStorage.getItem(BINDING_KEY);
  window.sessionStorage.removeItem(BINDING_KEY);
  return binding;
}
