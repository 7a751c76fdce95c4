/** The key the spec fixes for the login token (engagement-app.md §2). */
export const AUTH_TOKEN_KEY = 'auth.token';

// Storage can throw (private mode, disabled cookies); the app then works for the tab's lifetime.
export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeStoredToken(token: string | null): void {
  try {
    if (token === null) window.localStorage.removeItem(AUTH_TOKEN_KEY);
    else window.localStorage.setItem(AUTH_TOKEN_KEY, token);
  } catch {
    // See above: the in-memory store still holds the session.
  }
}
