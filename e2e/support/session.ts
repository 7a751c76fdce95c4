import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'demo1234';

/** Fills the English login form on the page the browser is on (or opens the login page). */
export async function signIn(page: Page, baseUrl: string, email: string, options: { open?: boolean; password?: string } = {}): Promise<void> {
  if (options.open ?? true) await page.goto(`${baseUrl}/auth/login.html`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(options.password ?? DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function expectPath(page: Page, path: string | RegExp): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(path);
}
