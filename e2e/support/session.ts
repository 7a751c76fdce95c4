import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newPage } from './browser.ts';

export const DEMO_PASSWORD = 'demo1234';

/** Fills the English login form (e-mail, Continue, password) on the page the browser is on (or opens the login page). */
export async function signIn(page: Page, baseUrl: string, email: string, options: { open?: boolean; password?: string } = {}): Promise<void> {
  if (options.open ?? true) await page.goto(`${baseUrl}/auth/login.html`);
  await page.getByLabel('E-mail').fill(email);
  // E-mail first: the address decides between the organisation's identity provider and the password field.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/^Password/).fill(options.password ?? DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function expectPath(page: Page, path: string | RegExp): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toMatch(path);
}

export type TViewport = { width: number; height: number };

/**
 * A fresh English page on the login page, signed in as nobody: the context's cookies and the
 * page's storage are cleared first, so no earlier test's session or language leaks in.
 */
export async function freshEnglishPage(context: BrowserContext, baseUrl: string, viewport?: TViewport): Promise<Page> {
  await context.clearCookies();
  const page = await newPage(context, { locale: 'en' });
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(`${baseUrl}/auth/login.html`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('locale', 'en');
  });
  return page;
}

/** A fresh English page (as above) signed in as `email`, on the journeys list. */
export async function signedInPage(context: BrowserContext, baseUrl: string, email: string, viewport?: TViewport): Promise<Page> {
  const page = await freshEnglishPage(context, baseUrl, viewport);
  await signIn(page, baseUrl, email, { open: false });
  await expectPath(page, '/engagements/list.html');
  return page;
}
