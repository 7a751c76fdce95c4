import {
  ZDetailResponse,
  ZPasskey,
  ZPasskeyCreationOptions,
  ZPasskeyList,
  type TPasskey,
  type TPasskeyCreationOptions,
  type TPasskeyRegistration,
  ZSecondFactorStatus,
  ZSession,
  ZSessionsEnded,
  ZTotpConfirmed,
  ZTotpEnrolment,
  type TPasswordChange,
  type TSecondFactorStatus,
  type TSession,
  type TSessionsEnded,
  type TTotpConfirmed,
  type TTotpEnrolment,
} from '@ona/contracts';
import { apiRequest } from '../../shared/api/api-client.ts';

export const sessionsQueryKey = ['account', 'sessions'] as const;
export const secondFactorQueryKey = ['account', 'second-factor'] as const;

export const fetchSessions = (): Promise<TSession[]> => apiRequest('/users/me/sessions/', ZSession.array());
export const endSession = (id: number): Promise<{ detail: string }> => apiRequest(`/users/me/sessions/${id}/`, ZDetailResponse, { method: 'DELETE' });
export const endOtherSessions = (): Promise<TSessionsEnded> => apiRequest('/users/me/sessions/end-others/', ZSessionsEnded, { method: 'POST' });
export const changePassword = (body: TPasswordChange): Promise<TSessionsEnded> => apiRequest('/users/me/password/', ZSessionsEnded, { method: 'POST', body });

export const fetchSecondFactor = (): Promise<TSecondFactorStatus> => apiRequest('/users/me/second-factor/', ZSecondFactorStatus);
export const beginTotp = (): Promise<TTotpEnrolment> => apiRequest('/users/me/second-factor/totp/', ZTotpEnrolment, { method: 'POST' });
export const confirmTotp = (code: string): Promise<TTotpConfirmed> => apiRequest('/users/me/second-factor/totp/confirm/', ZTotpConfirmed, { method: 'POST', body: { code } });
export const removeTotp = (code: string): Promise<{ detail: string }> => apiRequest('/users/me/second-factor/totp/', ZDetailResponse, { method: 'DELETE', body: { code } });

export const passkeysQueryKey = ['account', 'passkeys'] as const;
export const fetchPasskeys = (): Promise<TPasskey[]> => apiRequest('/users/me/passkeys/', ZPasskeyList);
export const passkeyOptions = (): Promise<TPasskeyCreationOptions> => apiRequest('/users/me/passkeys/options/', ZPasskeyCreationOptions, { method: 'POST' });
export const registerPasskey = (body: TPasskeyRegistration): Promise<TPasskey> => apiRequest('/users/me/passkeys/', ZPasskey, { method: 'POST', body });
export const removePasskey = (id: number): Promise<{ detail: string }> => apiRequest(`/users/me/passkeys/${id}/`, ZDetailResponse, { method: 'DELETE' });
