import type { TSignInDiscovery, TSsoCallbackResponse, TSsoOrigin, TSsoRound } from '@ona/contracts';
import { apiRequest } from '../../shared/api/api-client.ts';
import { asServerWrote } from '../../shared/api/as-server-wrote.ts';

// Taken as the server wrote them, as the password sign-in's answer is (session-api.ts): the login
// page comes before every first page, the employee's survey included, which stays free of zod.
const ZSignInDiscovery = asServerWrote<TSignInDiscovery>();
const ZSsoCallbackResponse = asServerWrote<TSsoCallbackResponse>();

export const discoverSignIn = (email: string, origin: TSsoOrigin): Promise<TSignInDiscovery> =>
  apiRequest('/auth/sso/discover/', ZSignInDiscovery, { method: 'POST', body: { email, origin }, anonymous: true });

export const finishSsoRound = (callbackQuery: string, browserBinding: string): Promise<TSsoCallbackResponse> =>
  apiRequest('/auth/sso/callback/', ZSsoCallbackResponse, { method: 'POST', body: { callback_query: callbackQuery, browser_binding: browserBinding }, anonymous: true });

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
