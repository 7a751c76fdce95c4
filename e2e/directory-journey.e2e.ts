import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { signedInPage } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';
import { surveyAdminApi } from './support/survey-admin-api.ts';

const { baseUrl } = e2eServer();
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const UNIT = 'Browser Journeys / Team';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function provision(scimToken: string, name: string): Promise<void> {
  const email = `${name.toLowerCase()}.journey@example.com`;
  const res = await fetch(`${baseUrl}/scim/v2/Users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${scimToken}`, 'content-type': 'application/scim+json' },
    body: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE], userName: email, displayName: `${name} Journey`, active: true, emails: [{ value: email, type: 'work' }], [ENTERPRISE]: { department: UNIT } }),
  });
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
});
afterAll(async () => chromium?.close());

describe('the employee step from the directory', () => {
  it('takes a journey’s participants from a chosen unit of the directory', async () => {
    const api = surveyAdminApi(baseUrl);
    const admin = await api.token('admin@example.com');
    const { token: scimToken } = await api.call<{ token: string }>(admin, '/organization/scim-tokens/', { method: 'POST', body: { name: 'Browser journeys' } });
    for (const name of ['Mira', 'Tomas']) await provision(scimToken, name);
    const journey = await api.call<{ id: number }>(admin, '/engagements/', {
      method: 'POST',
      body: { name: 'Journey from the directory (browser test)', access_from: day(0), access_till: day(14), default_language: 'en', modules: ['survey'], questionnaire: { source: 'default' } },
    });

    const page = await signedInPage(browser, baseUrl, 'admin@example.com');
    await page.goto(`${baseUrl}/engagements/${journey.id}/admin/employees/list.html`);
    await page.getByTestId('directory-source').waitFor();
    expect(await page.getByTestId('directory-source-state').textContent()).toBe('From an upload');
    await page.getByTestId('directory-scope-units').check();
    await page.getByTestId('directory-units').click();
    await page.getByTestId('directory-units').fill('Browser Journeys');
    await page.getByRole('option', { name: `${UNIT} (2)` }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('directory-source-submit').click();
    await page.getByTestId('directory-source-result').waitFor();
    await expect.poll(() => page.getByTestId('employee-row').allTextContents()).toEqual([expect.stringContaining('Mira Journey'), expect.stringContaining('Tomas Journey')]);
    await expect.poll(() => page.getByTestId('directory-source-state').textContent()).toBe('From the directory, follows changes');
    await screenshot(page, 'directory-journey');
  });
});
