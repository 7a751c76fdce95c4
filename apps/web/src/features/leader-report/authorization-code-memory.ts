import { useAuthStore } from '../../shared/auth/auth-store.ts';

/** The part of the Web Storage API the memory needs, so tests can hand it a plain map. */
export type TCodeStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const STORAGE_KEY = 'leaderReport.codes';

type TRememberedCodes = Record<string, string>;

const slot = (userId: number, engagementId: number, reportId: number) => `${userId}:${engagementId}:${reportId}`;

/**
 * Accepted leader report codes, remembered for the browser session (session storage: gone when
 * the tab closes) so moving between a report's pages does not ask again. Keyed by user as well:
 * a code accepted for one login is never offered on behalf of another.
 */
export function codeMemory(storage: () => TCodeStorage | null) {
  const read = (): TRememberedCodes => {
    try {
      const raw = storage()?.getItem(STORAGE_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
      return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    } catch {
      return {};
    }
  };
  const write = (codes: TRememberedCodes) => {
    try {
      if (Object.keys(codes).length === 0) storage()?.removeItem(STORAGE_KEY);
      else storage()?.setItem(STORAGE_KEY, JSON.stringify(codes));
    } catch {
      // Storage refused (private mode, quota): the code is then asked again on the next page.
    }
  };
  return {
    recall: (userId: number, engagementId: number, reportId: number): string | null => read()[slot(userId, engagementId, reportId)] ?? null,
    remember: (userId: number, engagementId: number, reportId: number, code: string) => write({ ...read(), [slot(userId, engagementId, reportId)]: code }),
    forget: (userId: number, engagementId: number, reportId: number) => {
      const codes = read();
      delete codes[slot(userId, engagementId, reportId)];
      write(codes);
    },
    forgetAll: () => write({}),
  };
}

function sessionStorageOrNull(): TCodeStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export const leaderCodes = codeMemory(sessionStorageOrNull);

// Logging out ends the session the codes were accepted in, whoever signs in next in this tab.
useAuthStore.subscribe((state, previous) => {
  if (previous.token !== null && state.token === null) leaderCodes.forgetAll();
});
