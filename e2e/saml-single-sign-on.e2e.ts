import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSamlIdentityProvider, type TestSamlIdentityProvider } from '../apps/server/src/testing/saml-identity-provider.ts';
import { launchBrowser } from './support/browser.ts';
import { analyticsApi } from './support/analytics-api.ts';
import { expectPath, freshEnglishPage } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';

const { baseUrl } = e2eServer();
const api = analyticsApi(baseUrl);
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let idp: TestSamlIdentityProvider;
let adminToken: string;

const samlSettings = (enabled: boolean) => ({
  protocol: 'saml',
  enabled,
  saml_idp_metadata_url: idp.metadataUrl,
  allowed_domains: ['saml-e2e.test'],
  create_members: true,
});

async function putSso(body: object): Promise<void> {
  const res = await fetch(`${baseUrl}/api/organization/sso/`, { method: 'PUT', headers: { authorization: `Token ${adminToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`saving SSO answered ${res.status}: ${await res.text()}`);
}

beforeAll(async () => {
  chromium = await launchBrowser();
  idp = await startTestSamlIdentityProvider({ accounts: { samira: { email: 'samira@saml-e2e.test', name: 'Samira Saml' } } });
  adminToken = await api.token('admin@example.com');
  await putSso(samlSettings(true));
});

afterAll(async () => {
  // The other files on this worker's server sign in with passwords: leave SSO off as it was.
  if (idp && adminToken) await putSso(samlSettings(false));
  await idp?.close();
  await chromium?.close();
});

describe('single sign-on with SAML 2.0', () => {
  it('signs in through the SAML identity provider from the e-mail-first login page to the journeys list', async () => {
    const page = await freshEnglishPage(chromium.browser, baseUrl);
    await page.getByLabel('E-mail').fill('samira@saml-e2e.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The identity provider's sign-in page, on its loopback port; it posts the signed response to the ACS.
    await expect.poll(() => page.url()).toContain(idp.ssoUrl);
    await page.getByLabel('Login').fill('samira');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectPath(page, '/engagements/list.html');
    const token = await page.evaluate(() => localStorage.getItem('auth.token'));
    const me = await api.get<{ email: string; name: string }>(token ?? '', '/users/me/');
    expect(me.body).toMatchObject({ email: 'samira@saml-e2e.test', name: 'Samira Saml' });
    await page.close();
  });
});
