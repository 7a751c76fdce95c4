import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { analyticsApi } from './support/analytics-api.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { findClippedText, type TClippedText } from './support/clipped-text.ts';
import { mainPages, type TMainPage } from './support/main-pages.ts';
import { e2eServer } from './support/e2e-workers.ts';

/**
 * No text of any language is cut off, on a phone (375 px) or a laptop (1280 px): the main pages
 * of both route sets, each as the role that uses it, in all four languages. What counts as cut
 * off is decided by rules (support/clipped-text.ts), not by a list of elements: a box that hides
 * its text's overflow, text reaching past its card, text under another element, a page wider than
 * the window. The failure lists each finding with the page, the language and the width.
 */

const { baseUrl } = e2eServer();
const api = analyticsApi(baseUrl);
const LANGUAGES = ['en', 'hu', 'de', 'ru'] as const;
const WIDTHS = [375, 1280] as const;

let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let pages: TMainPage[] = [];
const tokens = new Map<string, string>();

beforeAll(async () => {
  chromium = await launchBrowser();
  pages = await mainPages(baseUrl);
  for (const email of new Set(pages.flatMap((p) => (p.as ? [p.as] : [])))) tokens.set(email, await api.token(email));
});
afterAll(async () => chromium?.close());

/** The network is quiet, no loader is left and no transition runs: the layout is final. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('.mantine-Loader-root, [aria-busy="true"]'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), undefined, { timeout: 15_000 })
    .catch(() => undefined);
}

/** Signs the page in as `email` (or out, for null) in `language`, by what the client keeps in storage. */
async function become(page: Page, email: string | null, language: string): Promise<void> {
  await page.evaluate(
    ({ token, locale }) => {
      localStorage.clear();
      sessionStorage.clear();
      localStorage.setItem('locale', locale);
      if (token) localStorage.setItem('auth.token', token);
    },
    { token: email ? (tokens.get(email) ?? '') : '', locale: language },
  );
}

/** Two frames after a resize: the browser has laid the page out again at the new width. */
async function relaidOut(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await settle(page);
}

/**
 * Each page is loaded once per language and checked at every width in turn, resized in place as a
 * person turning a tablet or narrowing a window does (the layouts follow the width through CSS
 * media queries and Mantine's matchMedia hooks): half the page loads of one load per width.
 */
async function findingsIn(language: string): Promise<string[]> {
  const lines: string[] = [];
  const page = await chromium.browser.newPage();
  try {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await page.goto(`${baseUrl}/auth/login.html`);
    let who: string | null | undefined;
    for (const target of pages) {
      if (target.as !== who) {
        await become(page, target.as, language);
        who = target.as;
      }
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await page.goto(`${baseUrl}${target.path}`);
      await settle(page);
      if (target.ready) {
        const ready = await page.getByTestId(target.ready).first().waitFor().then(() => true, () => false);
        if (!ready) lines.push(`${WIDTHS[0]}px ${target.path}: the page never showed [data-testid=${target.ready}]`);
        await settle(page);
      }
      for (const width of WIDTHS) {
        if (width !== WIDTHS[0]) {
          await page.setViewportSize({ width, height: 800 });
          await relaidOut(page);
        }
        const found: TClippedText[] = await findClippedText(page);
        if (found.length > 0) await screenshot(page, `clipped-${language}-${width}-${target.path.replace(/[^a-z0-9]+/gi, '-')}`);
        for (const issue of found.slice(0, 6)) lines.push(`${width}px ${target.path}: [${issue.kind}] «${issue.text}» at ${issue.where}`);
        if (found.length > 6) lines.push(`${width}px ${target.path}: … and ${found.length - 6} more`);
      }
    }
  } finally {
    await page.close();
  }
  return lines;
}

describe('no text is cut off at 375 px or 1280 px', () => {
  it('covers the main pages of both route sets and every role', () => {
    expect(pages.length).toBeGreaterThan(25);
    expect(new Set(pages.map((p) => p.as))).toEqual(new Set(['admin@example.com', 'employee@example.com', 'leader@example.com', null]));
  });

  // About thirty pages at two widths per language: minutes on a busy machine, so a generous bound.
  for (const language of LANGUAGES) {
    it(`in ${language}`, { timeout: 900_000 }, async () => {
      expect((await findingsIn(language)).join('\n')).toBe('');
    });
  }
});
