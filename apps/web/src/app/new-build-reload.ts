/**
 * A new version deployed while a tab is open: the tab's next page asks for a chunk of the old
 * build, which the servers no longer have (its files are named by their hashes), and Vite reports
 * `vite:preloadError`. When the page the server serves now starts from another entry than this
 * tab did, a newer build is out, and the tab reloads into it instead of staying on the error page.
 * Offline, or on the same build (the chunk failed for another reason), nothing happens here: the
 * route's error page says so and offers its own reload. At most one reload a minute per tab, so a
 * server that lacks its own files cannot make a tab reload forever.
 */
const RELOADED_AT_KEY = 'newBuild.reloadedAt';
export const RELOAD_AT_MOST_EVERY_MS = 60_000;

/** The entry module a page of the client starts from (`/assets/index-<hash>.js`), or null. */
export function entryScriptOf(html: string): string | null {
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    if (!/\btype=["']module["']/.test(tag)) continue;
    const src = /\bsrc=["']([^"']+)["']/.exec(tag)?.[1];
    if (src) return src;
  }
  return null;
}

export interface TStaleChunkFacts {
  online: boolean;
  /** The entry this tab was started from. */
  loadedEntry: string | null;
  /** The entry of the same page as the server serves it now (null: it could not be read). */
  servedEntry: string | null;
  lastReloadAt: number | null;
  now: number;
}

/** Whether a failed chunk means a newer build is out and reloading now is safe. */
export function isNewBuildToReload(facts: TStaleChunkFacts): boolean {
  if (!facts.online || !facts.loadedEntry || !facts.servedEntry) return false;
  if (facts.servedEntry === facts.loadedEntry) return false;
  return facts.lastReloadAt === null || facts.now - facts.lastReloadAt >= RELOAD_AT_MOST_EVERY_MS;
}

const pathOf = (src: string) => new URL(src, window.location.href).pathname;

async function servedEntry(): Promise<string | null> {
  try {
    const response = await fetch(window.location.pathname, { cache: 'no-store', headers: { accept: 'text/html' } });
    if (!response.ok) return null;
    const entry = entryScriptOf(await response.text());
    return entry ? pathOf(entry) : null;
  } catch {
    return null;
  }
}

function lastReloadAt(): number | null {
  try {
    const stored = Number(window.sessionStorage.getItem(RELOADED_AT_KEY));
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

/** Installs the check for the tab's lifetime (production builds only: the dev server has no hashed entry). */
export function reloadIntoNewBuild(): void {
  const loaded = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src');
  if (!loaded) return;
  const loadedEntry = pathOf(loaded);
  let checking = false;
  window.addEventListener('vite:preloadError', () => {
    if (checking) return;
    checking = true;
    void servedEntry()
      .then((served) => {
        const facts = { online: window.navigator.onLine, loadedEntry, servedEntry: served, lastReloadAt: lastReloadAt(), now: Date.now() };
        if (!isNewBuildToReload(facts)) return;
        try {
          window.sessionStorage.setItem(RELOADED_AT_KEY, String(facts.now));
        } catch {
          return; // without a way to remember the reload, a reload could repeat: leave it to the error page
        }
        window.location.reload();
      })
      .finally(() => {
        checking = false;
      });
  });
}
