/**
 * Where the set-up link points: PUBLIC_URL when set, else the address the server listens on
 * (0.0.0.0 and :: are not addresses a browser can open, so those read as localhost).
 */
export function setupLinkBase(settings: { PUBLIC_URL?: string | undefined; HOST: string; PORT: number }): string {
  if (settings.PUBLIC_URL) return settings.PUBLIC_URL.replace(/\/+$/, '');
  const host = settings.HOST === '0.0.0.0' || settings.HOST === '::' ? 'localhost' : settings.HOST.includes(':') ? `[${settings.HOST}]` : settings.HOST;
  return `http://${host}:${settings.PORT}`;
}

export function setupLink(base: string, token: string): string {
  return `${base}/setup.html?token=${token}`;
}

/**
 * The one line the server prints on a database without users; null when there is nothing to set
 * up (no token was issued). Scripts and tests find it as the output line that starts with
 * "Set-up link"; the link is that line's last word. (Request logs may carry the same path later.)
 */
export function setupLinkLine(base: string, token: string | null): string | null {
  if (token === null) return null;
  return `Set-up link (one-time, creates the first administrator): ${setupLink(base, token)}`;
}
