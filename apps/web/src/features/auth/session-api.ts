import type {
  TLoginRequest,
  TLoginResponse,
  TPasswordResetConfirm,
  TPasskeyAuthenticationResponse,
  TPasskeyCreationOptions,
  TPasskeyRegistrationResponse,
  TPasskeyRequestOptions,
  TPendingTotpConfirmed,
  TSecondFactorNeeded,
  TTotpEnrolment,
  TUserProfile,
} from '@ona/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiSend } from '../../shared/api/api-client.ts';
import { asServerWrote } from '../../shared/api/as-server-wrote.ts';

// Taken as the server wrote them: the profile load (loading.html) and the logout of the app header
// come with every page's first load, the employee's survey included, which stays free of zod.
const ZLoginResponse = asServerWrote<TLoginResponse>();
const ZUserProfile = asServerWrote<TUserProfile>();
const ZLoginAnswer = asServerWrote<TLoginResponse | TSecondFactorNeeded>();
const ZTotpEnrolment = asServerWrote<TTotpEnrolment>();
const ZPendingTotpConfirmed = asServerWrote<TPendingTotpConfirmed>();
const ZPasskeyRequestOptions = asServerWrote<TPasskeyRequestOptions>();
const ZPasskeyCreationOptions = asServerWrote<TPasskeyCreationOptions>();

/** A session, or (202) a pending token for the second factor that must follow (second-factor-step.tsx). */
export function login(credentials: TLoginRequest): Promise<TLoginResponse | TSecondFactorNeeded> {
  return apiRequest('/auth/login/', ZLoginAnswer, { method: 'POST', body: credentials, anonymous: true });
}

export const needsSecondFactor = (answer: TLoginResponse | TSecondFactorNeeded | undefined): answer is TSecondFactorNeeded => answer !== undefined && 'pending_token' in answer;

export function answerSecondFactor(pendingToken: string, code: string): Promise<TLoginResponse> {
  return apiRequest('/auth/login/second-factor/', ZLoginResponse, { method: 'POST', body: { pending_token: pendingToken, code }, anonymous: true });
}

export function beginPendingEnrolment(pendingToken: string): Promise<TTotpEnrolment> {
  return apiRequest('/auth/login/second-factor/enrol/', ZTotpEnrolment, { method: 'POST', body: { pending_token: pendingToken }, anonymous: true });
}

export function confirmPendingEnrolment(pendingToken: string, code: string): Promise<TPendingTotpConfirmed> {
  return apiRequest('/auth/login/second-factor/enrol/confirm/', ZPendingTotpConfirmed, { method: 'POST', body: { pending_token: pendingToken, code }, anonymous: true });
}

export function passkeySignInOptions(pendingToken: string): Promise<TPasskeyRequestOptions> {
  return apiRequest('/auth/login/second-factor/passkey/options/', ZPasskeyRequestOptions, { method: 'POST', body: { pending_token: pendingToken }, anonymous: true });
}

export function answerWithPasskey(pendingToken: string, response: TPasskeyAuthenticationResponse): Promise<TLoginResponse> {
  return apiRequest('/auth/login/second-factor/passkey/', ZLoginResponse, { method: 'POST', body: { pending_token: pendingToken, response }, anonymous: true });
}

export function pendingPasskeyOptions(pendingToken: string): Promise<TPasskeyCreationOptions> {
  return apiRequest('/auth/login/second-factor/enrol/passkey/options/', ZPasskeyCreationOptions, { method: 'POST', body: { pending_token: pendingToken }, anonymous: true });
}

export function enrolPendingPasskey(pendingToken: string, name: string, response: TPasskeyRegistrationResponse): Promise<TLoginResponse> {
  return apiRequest('/auth/login/second-factor/enrol/passkey/', ZLoginResponse, { method: 'POST', body: { pending_token: pendingToken, name, response }, anonymous: true });
}

export function logout(): Promise<void> {
  return apiSend('/auth/logout/');
}

export function requestPasswordReset(email: string): Promise<void> {
  return apiSend('/auth/password/reset/', { body: { email }, anonymous: true });
}

export function confirmPasswordReset(body: TPasswordResetConfirm): Promise<void> {
  return apiSend('/auth/password/reset/confirm/', { body, anonymous: true });
}

export function fetchProfile(signal?: AbortSignal): Promise<TUserProfile> {
  return apiRequest('/users/me/', ZUserProfile, signal ? { signal } : {});
}

export const profileQueryKey = ['users', 'me'] as const;

/**
 * The signed-in user's profile, as loading.html reads it. A profile asked for within the last few
 * seconds (at start, by warm-session.ts) counts as fresh; otherwise loading.html asks afresh.
 */
export const profileQuery = queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => fetchProfile(signal), staleTime: 5_000 });
