import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { analyticsApi } from './support/analytics-api.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectPath, freshEnglishPage, signIn } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';

/**
 * The findings of the walk through every page (issue 17, docs/accessibility.md "Walk findings")
 * that only a browser shows: the sign-in loop, a late participant's closed survey, the unit
 * filter's hint, the creator's stale problem box and the names of the instant dialogs' close
 * buttons. The cut-off texts have their own test (clipped-text.e2e.ts).
 */

const { baseUrl } = e2eServer();
const api = analyticsApi(baseUrl);
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let spring = 0;
let open = 0;

beforeAll(async () => {
  chromium = await launchBrowser();
  const admin = await api.token('admin@example.com');
  const engagements = (await api.get<{ id: number; name: string; state: string }[]>(admin, '/engagements/')).body;
  spring = engagements.find((e) => e.name.includes('spring'))!.id;
  open = engagements.find((e) => e.state === 'open')!.id;
});
afterAll(async () => chromium?.close());

/** An English login page with nothing stored: no token, no earlier test's language. */
async function freshPage(): Promise<Page> {
  const page = await freshEnglishPage(chromium.browser, baseUrl);
  await page.reload();
  return page;
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('auth.token'));

describe('sign-in: a page the user may not open', () => {
  // Pages whose data the server refuses the employee with 403 (the statistics module, the instant-survey tool).
  const refused = () => [`/engagements/${spring}/survey-statistics/overview.html`, '/instant-surveys/surveys/list.html'];

  it('a 403 for a signed-in employee shows the no-access page and keeps the session', async () => {
    const page = await freshPage();
    await signIn(page, baseUrl, 'employee@example.com', { open: false });
    await expectPath(page, '/engagements/list.html');
    const token = await storedToken(page);
    expect(token).not.toBeNull();
    for (const path of refused()) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByTestId('no-access').waitFor();
      await page.getByRole('heading', { name: 'No access' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await storedToken(page)).toBe(token);
    }
    await screenshot(page, 'walk-no-access');
    // Still signed in: the page's way home leads to the start page, not to a login.
    await page.goto(`${baseUrl}${refused()[0]}`);
    await page.getByRole('link', { name: 'Go to the start page' }).click();
    await expectPath(page, '/engagements/list.html');
    await page.getByTestId('header-user').waitFor();
    expect(await storedToken(page)).toBe(token);
    await page.close();
  });

  it('signing in with a return target the user may not open lands on the start page, once, and stays signed in', async () => {
    const page = await freshPage();
    const target = refused()[0]!;
    await page.goto(`${baseUrl}${target}`);
    await expectPath(page, '/auth/login.html');
    expect(new URL(page.url()).searchParams.get('next')).toBe(target);
    await signIn(page, baseUrl, 'employee@example.com', { open: false });
    // The target answered 403: dropped for the start page, with a word why; no loop back to login.
    await page.getByTestId('notification').filter({ hasText: 'is not open to you' }).waitFor();
    await expectPath(page, '/engagements/list.html');
    await page.getByTestId('header-user').waitFor();
    expect(await storedToken(page)).not.toBeNull();
    await page.close();
  });

  it('a 401 (a token revoked elsewhere) signs the user out and carries the page as the return target', async () => {
    const page = await freshPage();
    await signIn(page, baseUrl, 'employee@example.com', { open: false });
    await expectPath(page, '/engagements/list.html');
    const token = await storedToken(page);
    const logout = await fetch(`${baseUrl}/api/auth/logout/`, { method: 'POST', headers: { authorization: `Token ${token}` } });
    expect(logout.ok).toBe(true);
    await page.goto(`${baseUrl}/engagements/${open}.html`);
    await expectPath(page, '/auth/login.html');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/engagements/${open}.html`);
    expect(await storedToken(page)).toBeNull();
    await page.close();
  });
});

describe('a late participant with the code of a closed survey', () => {
  it('reads the product’s own "This survey is closed" on the survey’s join page', async () => {
    const admin = await api.token('admin@example.com');
    const call = (path: string, body?: unknown) =>
      fetch(`${baseUrl}/api${path}`, {
        method: 'POST',
        headers: { authorization: `Token ${admin}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const created = (await (await call('/instant-survey/surveys/', { title: 'Friday retro', questions: [{ label: 'Who helped you?', type: 'user_select', multiple_selection: true }], participants: [] })).json()) as { id: number; code: string; public_id: string };
    expect((await call(`/instant-survey/surveys/${created.id}/start-survey/`)).ok).toBe(true);
    expect((await call(`/instant-survey/surveys/${created.id}/close-survey/`)).ok).toBe(true);

    const page = await freshPage();
    await page.goto(`${baseUrl}/instant-surveys/login.html`);
    await page.getByLabel('Survey code').fill(created.code.toLowerCase());
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByTestId('survey-closed').waitFor();
    expect(await page.getByTestId('survey-closed').textContent()).toBe('This survey is closed. Thank you for your interest!');
    expect(await page.getByTestId('survey-title').textContent()).toBe('Friday retro');
    expect(await page.getByText('We could not find what you were looking for').count()).toBe(0);
    await screenshot(page, 'walk-closed-survey-code');
    // A code no survey has still says so in the product's words, not as a missing page.
    await page.goto(`${baseUrl}/instant-surveys/login.html`);
    await page.getByLabel('Survey code').fill('ZZZZZZZZ9');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByText('There is no open survey with this code.').waitFor();
    await page.close();
  });
});

describe('the employee survey’s unit filter', () => {
  it('can be browsed whole, says how many units there are and that typing finds one, and a search shows at most five; its code comes when reached for', async () => {
    const page = await freshPage();
    await signIn(page, baseUrl, 'leader@example.com', { open: false });
    await expectPath(page, '/engagements/list.html');
    // The searchable Select's chunk is fetched when the reader reaches for the filter, not with the page.
    const selectChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/unit-filter-select-[^/]+\.js$/.test(request.url())) selectChunks.push(request.url());
    });
    await page.goto(`${baseUrl}/engagements/${open}/survey/intro.html`);
    await page.getByTestId('consent-checkbox').check();
    // Started from the keyboard with the pointer in a corner, so that nothing hovers the filter.
    await page.mouse.move(0, 0);
    await page.getByTestId('survey-start').focus();
    await page.keyboard.press('Enter');
    await expectPath(page, new RegExp(`^/engagements/${open}/survey/question_\\d+\\.html$`));
    const filter = page.getByTestId('unit-filter');
    await filter.waitFor();
    const hint = page.getByText(/^Units: \d+\. Type at least 3 letters of a name to find one\.$/);
    await hint.waitFor();
    const unitCount = Number((await hint.textContent())!.match(/\d+/)![0]);
    expect(unitCount).toBeGreaterThan(5);
    await page.getByTestId('colleague-option').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(selectChunks).toEqual([]);
    await filter.click();
    await expect.poll(() => selectChunks.length).toBe(1);
    // Every unit and "all", not the first five.
    const options = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.count()).toBe(unitCount + 1);
    await screenshot(page, 'walk-unit-filter-open');
    await filter.fill('Team');
    await expect.poll(() => options.count()).toBe(5);
    await page.getByText(/^Showing 5 of \d+ matching units: type more to narrow the search\.$/).waitFor();
    await page.keyboard.press('Escape');
    await page.close();
  });
});

describe('the instant-survey creator and its dialogs', () => {
  async function hostPage(): Promise<Page> {
    const page = await freshPage();
    await signIn(page, baseUrl, 'admin@example.com', { open: false });
    await expectPath(page, '/engagements/list.html');
    return page;
  }

  it('the problem box goes as soon as the host fixes the problem', async () => {
    const page = await hostPage();
    // A fresh draft: no title, one unlabelled question.
    await page.goto(`${baseUrl}/instant-surveys/surveys/new/questions.html`);
    await page.getByRole('button', { name: 'Next: participants' }).click();
    await page.getByTestId('questions-error').waitFor();
    await page.getByText('Please add a title to your survey.').waitFor();
    await page.getByLabel('Question text').first().fill('Who do you turn to?');
    await page.getByTestId('questions-error').waitFor({ state: 'detached' });
    await page.getByLabel('Survey title').fill('Monday check-in');
    await page.getByText('Please add a title to your survey.').waitFor({ state: 'detached' });
    await page.close();
  });

  it('every button of the instant dialogs has a name, the close buttons included', async () => {
    const page = await hostPage();
    const names = (dialog: ReturnType<Page['getByRole']>) =>
      dialog.getByRole('button').evaluateAll((buttons) => buttons.map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()));
    await page.goto(`${baseUrl}/instant-surveys/surveys/new/templates.html`);
    await page.getByTestId('template-card').first().getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog');
    await preview.waitFor();
    expect(await names(preview)).not.toContain('');
    await preview.getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'detached' });

    await page.goto(`${baseUrl}/instant-surveys/users.html`);
    await page.getByRole('button', { name: 'New user' }).click();
    const editor = page.getByRole('dialog');
    await editor.waitFor();
    expect(await names(editor)).not.toContain('');
    await editor.getByRole('button', { name: 'Close' }).click();
    await editor.waitFor({ state: 'detached' });
    await page.close();
  });
});

describe('the header’s organisation menu, loaded when needed', () => {
  it('a click before the menu’s code has arrived is not lost: the menu opens once it is in', async () => {
    const page = await freshPage();
    // Hold the menu's chunk back, as a slow connection does, until the button has been clicked.
    let release: () => void = () => undefined;
    const clicked = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/header-user-menu-[^/]+\.js$/, async (route) => {
      await clicked;
      await route.continue();
    });
    await signIn(page, baseUrl, 'admin@example.com', { open: false });
    await expectPath(page, '/engagements/list.html');
    await page.getByTestId('header-user-menu').click();
    release();
    await page.getByTestId('nav-organization-users').click();
    await expectPath(page, '/organization/users.html');
    await page.close();
  });
});
