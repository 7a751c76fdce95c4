import type { TSetupRequest, TSetupResponse } from '@ona/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../shared/api/api-error.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { profileQueryKey } from '../auth/session-api.ts';
import { completeSetup } from './setup-api.ts';

/** Creates the first organisation and administrator, then signs in as login does (use-sign-in.ts). */
export function useCompleteSetup(target: string) {
  const { t } = useTranslation('setup');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signIn = useAuthStore((state) => state.signIn);

  return useMutation<TSetupResponse, ApiError, TSetupRequest>({
    mutationFn: completeSetup,
    onSuccess: ({ token, user }) => {
      queryClient.clear();
      queryClient.setQueryData(profileQueryKey, user);
      signIn(token, user);
      notify('success', t('success'));
      void navigate(target, { replace: true });
    },
  });
}
