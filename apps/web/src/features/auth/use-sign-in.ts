import type { TLoginRequest, TLoginResponse } from '@ona/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ApiError } from '../../shared/api/api-error.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { AFTER_SIGN_IN, NEXT_PARAM, safeReturnTarget } from '../../shared/routing/return-target.ts';
import { login, profileQueryKey } from './session-api.ts';

/** Signs in and lands on the page the guard carried in `next`, else on `defaultTarget`. */
export function useSignIn(defaultTarget: string) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useAuthStore((state) => state.signIn);

  return useMutation<TLoginResponse, ApiError, TLoginRequest>({
    mutationFn: login,
    onSuccess: ({ token, user }) => {
      // Another account may have used this tab: nothing cached may outlive the switch.
      queryClient.clear();
      queryClient.setQueryData(profileQueryKey, user);
      signIn(token, user);
      notify('success', t('login.success'));
      // Marked, so that a target this user may not open is dropped for the start page (session.ts).
      void navigate(safeReturnTarget(searchParams.get(NEXT_PARAM), defaultTarget), { replace: true, state: AFTER_SIGN_IN });
    },
  });
}
