import type { TUserProfile } from '@ona/contracts';
import { setOrganization } from './organizations-api.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../shared/api/api-error.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { profileQueryKey } from '../auth/session-api.ts';

export function useSetOrganization() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const path = useRoutePath();
  const setUser = useAuthStore((state) => state.setUser);
  return useMutation<TUserProfile, ApiError, number>({
    mutationFn: setOrganization,
    onSuccess: (user) => {
      // Everything cached belongs to the previous organisation; only the profile carries over.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== profileQueryKey[0] });
      queryClient.setQueryData(profileQueryKey, user);
      setUser(user);
      void navigate(path('engagements/list.html'));
    },
  });
}
