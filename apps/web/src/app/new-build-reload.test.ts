import { describe, expect, it } from 'vitest';
import { entryScriptOf, isNewBuildToReload, RELOAD_AT_MOST_EVERY_MS, type TStaleChunkFacts } from './new-build-reload.ts';

describe('the entry of a served page', () => {
  it('is the module script of a built index.html', () => {
    const html = '<head><link rel="icon" href="/favicon.svg" /><script type="module" crossorigin src="/assets/index-CGz5Da-a.js"></script></head>';
    expect(entryScriptOf(html)).toBe('/assets/index-CGz5Da-a.js');
  });

  it('is found whatever the order of the attributes', () => {
    expect(entryScriptOf("<script crossorigin src='/assets/participant-B1.js' type='module'></script>")).toBe('/assets/participant-B1.js');
  });

  it('is none in a page without a module script (an error page, a proxy’s page)', () => {
    expect(entryScriptOf('<html><script>var x = 1;</script><script src="/legacy.js"></script></html>')).toBeNull();
  });
});

describe('a chunk that failed to load', () => {
  const facts = (changes: Partial<TStaleChunkFacts> = {}): TStaleChunkFacts => ({
    online: true,
    loadedEntry: '/assets/index-old.js',
    servedEntry: '/assets/index-new.js',
    lastReloadAt: null,
    now: 1_000_000,
    ...changes,
  });

  it('reloads the tab when the server now serves another build', () => {
    expect(isNewBuildToReload(facts())).toBe(true);
  });

  it('does not reload on the same build: the chunk failed for another reason', () => {
    expect(isNewBuildToReload(facts({ servedEntry: '/assets/index-old.js' }))).toBe(false);
  });

  it('does not reload offline, where a reload would only show the browser’s own error', () => {
    expect(isNewBuildToReload(facts({ online: false }))).toBe(false);
  });

  it('does not reload when the served page could not be read', () => {
    expect(isNewBuildToReload(facts({ servedEntry: null }))).toBe(false);
  });

  it('reloads at most once a minute, so a server missing its own files cannot make the tab loop', () => {
    expect(isNewBuildToReload(facts({ lastReloadAt: 1_000_000 - RELOAD_AT_MOST_EVERY_MS + 1 }))).toBe(false);
    expect(isNewBuildToReload(facts({ lastReloadAt: 1_000_000 - RELOAD_AT_MOST_EVERY_MS }))).toBe(true);
  });
});
