import type { TLoginRequest, TLoginResponse, TSecondFactorNeeded } from '@ona/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ApiError } from '../../shared/api/api-error.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { AFTER_SIGN_IN, NEXT_PARAM, safeReturnTarget } from '../../shared/routing/return-target.ts';
import { login, needsSecondFactor, profileQueryKey } from './session-api.ts';

/** Takes a session the server gave and lands on the page the guard carried in `next`, else on `defaultTarget`. */
export function useCompleteSignIn(defaultTarget: string) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useAuthStore((state) => state.signIn);
  return ({ token, user }: TLoginResponse) => {
    // Another account may have used this tab: nothing cached may outlive the switch.
    queryClient.clear();
    queryClient.setQueryData(profileQueryKey, user);
    signIn(token, user);
    notify('success', t('login.success'));
    // Marked, so that a target this user may not open is dropped for the start page (session.ts).
    void navigate(safeReturnTarget(searchParams.get(NEXT_PARAM), defaultTarget), { replace: true, state: AFTER_SIGN_IN });
  };
}

/**
 * Signs in with the password. When a second factor must follow, the answer (the mutation's data)
 * is the pending sign-in, which the login form hands to the second-factor step.
 */
export function useSignIn(defaultTarget: string) {
  const complete = useCompleteSignIn(defaultTarget);
  return useMutation<TLoginResponse | TSecondFactorNeeded, ApiError, TLoginRequest>({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!needsSecondFactor(answer)) complete(answer);
    },
  });
}
