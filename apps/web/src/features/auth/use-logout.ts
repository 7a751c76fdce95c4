import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { logout } from './session-api.ts';

/**
 * Revokes the token on the server, then forgets the session locally whatever the answer: a user
 * who pressed Log out must end up logged out even when offline.
 */
export function useLogout(loginPath: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useAuthStore((state) => state.signOut);
  return useMutation<void, Error, void>({
    mutationFn: () => logout().catch(() => undefined),
    onSettled: async () => {
      // Leave the guarded page first; signing out on it would let the guard add a return target.
      await navigate(loginPath, { replace: true });
      signOut();
      queryClient.clear();
    },
  });
}
