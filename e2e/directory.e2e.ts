import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { signedInPage } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';

const { baseUrl } = e2eServer();
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

async function provision(token: string, name: string, active: boolean): Promise<number> {
  const res = await fetch(`${baseUrl}/scim/v2/Users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
    body: JSON.stringify({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
      userName: `${name.toLowerCase()}.directory@example.com`,
      displayName: `${name} Directory`,
      active,
      emails: [{ value: `${name.toLowerCase()}.directory@example.com`, type: 'work' }],
      [ENTERPRISE]: { department: 'E2E / Provisioned' },
    }),
  });
  return res.status;
}

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
});
afterAll(async () => chromium?.close());

describe('the Directory page', () => {
  it('lets an organisation administrator create a SCIM token that provisions people, shown with their leaver state', async () => {
    const page = await signedInPage(browser, baseUrl, 'admin@example.com');
    await page.goto(`${baseUrl}/organization/directory.html`);
    await page.getByTestId('scim-tokens-panel').waitFor();
    await page.getByTestId('scim-token-name').fill('Entra ID (browser test)');
    await page.getByTestId('scim-token-create').click();
    const token = (await page.getByTestId('scim-token-value').textContent())?.trim() ?? '';
    expect(token).toMatch(/^scim_/);
    expect(await page.getByTestId('scim-base-url').textContent()).toContain('/scim/v2');
    await page.getByTestId('scim-token-done').click();
    await page.getByTestId('scim-token-row').filter({ hasText: 'Entra ID (browser test)' }).waitFor();

    expect(await provision(token, 'Vera', true)).toBe(201);
    expect(await provision(token, 'Lorin', false)).toBe(201);
    await page.reload();
    await page.getByTestId('directory-search').fill('directory@example.com');
    await page.getByTestId('directory-person').filter({ hasText: 'Vera Directory' }).waitFor();
    const leaver = page.getByTestId('directory-person').filter({ hasText: 'Lorin Directory' });
    await leaver.getByTestId('directory-leaver').waitFor();
    expect(await leaver.getByTestId('directory-leaver').textContent()).toMatch(/^Left on /);
    await screenshot(page, 'directory');

    await page.getByTestId('directory-state').getByText('Leavers').click();
    await expect.poll(() => page.getByTestId('directory-person').allTextContents()).toEqual([expect.stringContaining('Lorin Directory')]);
  });
});
