import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, making no calls to the outside network: every launch here (and the bench's cold loads) uses these. */
export const CHROMIUM_OPTIONS: { executablePath: string; headless: boolean; args: string[] } = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
};

/** Debian's Chromium with a fresh profile (CHROMIUM_OPTIONS). */
export async function launchBrowser(): Promise<{ browser: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'ona-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM_OPTIONS,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  // 30 s, as long as a person would wait: a CI run on a loaded machine failed a right test whose
  // page took longer than the 10 s this was before. A missing element still fails its test.
  browser.setDefaultTimeout(30_000);
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function newPage(context: BrowserContext | Browser, options: { locale?: string } = {}): Promise<Page> {
  const page = await context.newPage();
  if (options.locale) await page.addInitScript((l) => localStorage.setItem('locale', l), options.locale);
  return page;
}

/**
 * Screenshots land in screenshots/ (ignored by git) for a person to look at. On CI nobody looks
 * at them and a full-page PNG costs the two cores real time (about 120 of them per run), so they
 * are taken there only when asked for (E2E_SCREENSHOTS=1). No test reads them back.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1' || !process.env.CI;

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync('screenshots', { recursive: true });
  await page.screenshot({ path: join('screenshots', `${name}.png`), fullPage: options.fullPage ?? true });
}
