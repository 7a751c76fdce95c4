import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { signedInPage } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';
import { surveyAdminApi } from './support/survey-admin-api.ts';
import type { TDirectoryPeoplePage } from '@ona/contracts';

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

const HR_HEADER = 'Employee ID,Work e-mail,Full name,Org path,Manager ID\n';
const hrFile = (name: string, lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(HR_HEADER + lines.join('\n')) });
const csvCell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * The HR-file lines of everyone already active in the directory but the test's own people, as
 * they stand (units joined with the file's `>`): a real HR export names the whole company, and the
 * other browser tests of this server go on reading the demo directory, so the sync must change only
 * the people the test means to change.
 */
async function directoryAsHrLines(): Promise<string[]> {
  const { token, call } = surveyAdminApi(baseUrl);
  const admin = await token('admin@example.com');
  const lines: string[] = [];
  for (let page = 1; ; page++) {
    const batch = await call<TDirectoryPeoplePage>(admin, `/organization/directory/people/?state=active&page_size=100&page=${page}`);
    for (const person of batch.data) {
      if (/(\.directory|\.hr)@example\.com$/.test(person.email)) continue;
      lines.push([person.external_id, person.email, person.display_name, (person.unit_path ?? '').split(' / ').join(' > '), person.manager_external_id ?? ''].map(csvCell).join(','));
    }
    if (batch.data.length < 100) return lines;
  }
}

describe('HR-file sync on the Directory page', () => {
  it('keeps the column mapping, shows an uploaded file’s diff and applies it on confirmation', async () => {
    const page = await signedInPage(browser, baseUrl, 'admin@example.com');
    await page.goto(`${baseUrl}/organization/directory.html`);
    await page.getByTestId('hr-mapping').waitFor();
    const columns = { external_id: 'Employee ID', email: 'Work e-mail', display_name: 'Full name', unit_path: 'Org path', manager_external_id: 'Manager ID' };
    for (const [field, column] of Object.entries(columns)) await page.getByTestId(`hr-column-${field}`).fill(column);
    await page.getByTestId('hr-separator').fill('>');
    await page.getByTestId('hr-mapping-save').click();
    await page.getByTestId('hr-file-input').waitFor({ state: 'attached' });

    // The file names everyone in the directory and the person SCIM provisioned above, so they stay; three people join.
    const everyone = await directoryAsHrLines();
    const vera = 'vera.directory@example.com,vera.directory@example.com,Vera Directory,E2E > Provisioned,';
    const first = ['H1,hanna.hr@example.com,Hanna HR,E2E > People,', 'H2,imre.hr@example.com,Imre HR,E2E > People,H1', 'H3,jutka.hr@example.com,Jutka HR,E2E > People,H1'];
    await page.getByTestId('hr-file-input').setInputFiles(hrFile('march.csv', [...everyone, vera, ...first]));
    await page.getByTestId('hr-upload').click();
    const diff = page.getByTestId('hr-sync-diff');
    await expect.poll(() => diff.getAttribute('data-status')).toBe('pending');
    expect(await page.getByTestId('hr-sync-counts').textContent()).toContain('3 joiners, 0 movers, 0 leavers');
    expect(await page.getByTestId('hr-joiners-row').count()).toBe(3);
    await page.getByTestId('hr-sync-apply').click();
    await expect.poll(() => diff.getAttribute('data-status'), { timeout: 30_000 }).toBe('applied');

    // A month later: Imre moves, Jutka is gone, Karoly joins.
    const second = [...everyone, vera, first[0]!, 'H2,imre.hr@example.com,Imre HR,E2E > Sales,H1', 'H4,karoly.hr@example.com,Karoly HR,E2E > People,H1'];
    await page.getByTestId('hr-file-input').setInputFiles(hrFile('april.csv', second));
    await page.getByTestId('hr-upload').click();
    await expect.poll(() => diff.getAttribute('data-status')).toBe('pending');
    expect(await page.getByTestId('hr-sync-counts').textContent()).toContain('1 joiners, 1 movers, 1 leavers');
    await page.getByTestId('hr-tab-leavers').click();
    expect(await page.getByTestId('hr-leavers-row').allTextContents()).toEqual([expect.stringContaining('Jutka HR')]);
    await screenshot(page, 'directory-hr-sync-diff');
    await page.getByTestId('hr-sync-apply').click();
    await expect.poll(() => diff.getAttribute('data-status'), { timeout: 30_000 }).toBe('applied');

    await page.getByTestId('directory-search').fill('jutka.hr@example.com');
    await page.getByTestId('directory-person').filter({ hasText: 'Jutka HR' }).getByTestId('directory-leaver').waitFor();
  });
});

describe('data-subject requests on the Directory page', () => {
  it('exports a person’s data and erases them after a confirmation that asks about their nominations', async () => {
    const page = await signedInPage(browser, baseUrl, 'admin@example.com');
    await page.goto(`${baseUrl}/organization/directory.html`);
    await page.getByTestId('directory-search').fill('lorin.directory@example.com');
    const row = page.getByTestId('directory-person').filter({ hasText: 'Lorin Directory' });
    await row.waitFor();

    await row.getByRole('button', { name: 'Data requests for Lorin Directory' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('person-export-xlsx').click()]);
    expect(download.suggestedFilename()).toBe('personal-data-lorin-directory.xlsx');

    await row.getByTestId('person-requests').click();
    await page.getByTestId('person-erase').click();
    const dialog = page.getByRole('dialog', { name: 'Erase Lorin Directory?' });
    await dialog.waitFor();
    // Nothing is chosen for the administrator: the button waits for the choice about nominations.
    expect(await page.getByTestId('erase-person-confirm').isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: 'Delete them: later analyses no longer count them' }).check();
    await screenshot(page, 'directory-erase-person');
    await page.getByTestId('erase-person-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    // The result names what was deleted, the weekly collaboration counts among it.
    await expect.poll(() => page.getByTestId('notification').last().textContent()).toMatch(/Erased\. The person is now shown as .+weekly collaboration counts \(mail, calendar, chat\) deleted: \d+\./);

    await page.getByTestId('directory-search').fill('Erased person');
    await page.getByTestId('directory-person').getByTestId('directory-erased').first().waitFor();
    await page.getByTestId('directory-search').fill('lorin.directory@example.com');
    await page.getByTestId('directory-empty').waitFor();
  });
});
