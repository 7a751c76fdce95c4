import type { TUserProfile } from '@ona/contracts';
import { create } from 'zustand';
import { readStoredToken, writeStoredToken, AUTH_TOKEN_KEY } from './token-storage.ts';

type TAuthState = {
  token: string | null;
  /** Loaded by the login answer or the loading route; null until then. */
  user: TUserProfile | null;
  signIn: (token: string, user: TUserProfile) => void;
  setUser: (user: TUserProfile) => void;
  signOut: () => void;
};

export const useAuthStore = create<TAuthState>()((set) => ({
  token: readStoredToken(),
  user: null,
  signIn: (token, user) => {
    writeStoredToken(token);
    set({ token, user });
  },
  setUser: (user) => set({ user }),
  signOut: () => {
    writeStoredToken(null);
    set({ token: null, user: null });
  },
}));

/** Keeps tabs in step: logging out in one tab logs out the others. */
export function syncAuthAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== AUTH_TOKEN_KEY && event.key !== null) return;
    const token = readStoredToken();
    if (token !== useAuthStore.getState().token) useAuthStore.setState({ token, user: null });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
