import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { expectPath } from './support/session.ts';
import { decodeQuotedPrintable, surveyAdminApi, type TCaughtMail } from './support/survey-admin-api.ts';
import { e2eServer } from './support/e2e-workers.ts';
import { openDemoJourney } from './support/demo-journeys.ts';

/**
 * Keyboard only (issue 17): the employee survey and the graph, driven by Tab, Enter, Space, Escape,
 * the arrow keys and typing, never by the mouse or by filling fields from the script. Addresses
 * are opened as a person opens a link from an e-mail.
 */

const { baseUrl, smtpApiUrl } = e2eServer();
const { token, call } = surveyAdminApi(baseUrl);

type TGraphProbe = { nodeCount(): number; edgeCount(): number; focusedNodeId(): number | null; highlighted(id: number): boolean; viewportPosition(id: number): { x: number; y: number } | null };
type TGraphAnswer = { employees: { id: number; label: string }[]; relations: { source: number; target: number }[]; own_employee_id: number | null };
type TEmployeeSurvey = { questions: { id: number }[]; available_users: { id: number; name: string; unit: { id: number; name: string } | null }[]; answers: { question: number; selected_users: number[] }[]; finished: boolean };

let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;
let admin: string;
let spring = 0;
let openJourney = 0;

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
  admin = await token('admin@example.com');
  const engagements = await call<{ id: number; name: string; access_till: string }[]>(admin, '/engagements/');
  spring = engagements.find((e) => e.name.includes('spring'))!.id;
  openJourney = openDemoJourney(engagements).id;
});
afterAll(async () => chromium?.close());

const PASSWORD = 'keyboard-only-1';

/** What has the focus: its test id, role, name and tag, read in the page. */
function focused(page: Page): Promise<{ testId: string | null; tag: string; type: string | null; label: string | null; text: string }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      testId: element?.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
      tag: element?.tagName.toLowerCase() ?? '',
      type: element?.getAttribute('type') ?? null,
      label: element?.getAttribute('aria-label') ?? null,
      text: (element?.textContent ?? '').trim(),
    };
  });
}

/** Presses Tab (or Shift+Tab) until the focused element matches `selector`; fails after `limit` presses. */
async function tabTo(page: Page, selector: string, options: { back?: boolean; limit?: number } = {}): Promise<void> {
  for (let presses = 0; presses < (options.limit ?? 60); presses++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${selector}; the focus is on ${JSON.stringify(await focused(page))}`);
}

/**
 * The page shows question n. The address changes before React has drawn the new question (the
 * router renders it in a transition), and a key pressed in between lands on the previous
 * question's list, which is then replaced, focus and all.
 */
async function questionShown(page: Page, n: number): Promise<void> {
  await page.locator(`[data-testid="survey-question"][data-page="${n}"]`).waitFor();
}

/** The focused element shows it: an outline, a ring (box shadow) or a ring drawn by its ::after. */
async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return false;
    const own = getComputedStyle(element);
    const after = getComputedStyle(element, '::after');
    return (own.outlineStyle !== 'none' && own.outlineWidth !== '0px') || own.boxShadow !== 'none' || after.boxShadow !== 'none';
  });
}

/** The one-time set-password links of the survey invitation sent after `after` mails, newest first. */
async function personalLinks(after: number): Promise<{ to: string; uid: string; token: string }[]> {
  const mails = ((await (await fetch(smtpApiUrl)).json()) as TCaughtMail[]).slice(after);
  const links: { to: string; uid: string; token: string }[] = [];
  for (const mail of mails.reverse()) {
    const match = /\/auth\/confirm-reset-password\.html\?uid=(\d+)&token=([\w-]+)&next=/.exec(decodeQuotedPrintable(mail.raw));
    if (match && mail.to[0]) links.push({ to: mail.to[0], uid: match[1]!, token: match[2]! });
  }
  return links;
}

/**
 * An invited employee who has not answered anything yet (the demo's open survey has seeded answers
 * of people without a password too, and earlier browser tests answer as others): their password is
 * set through their personal link, so the test knows every answer it finds was its own.
 */
async function invitedEmployeeWithoutAnswers(after: number): Promise<string> {
  let links: Awaited<ReturnType<typeof personalLinks>> = [];
  await expect.poll(async () => (links = await personalLinks(after)).length, { timeout: 30_000 }).toBeGreaterThan(0);
  for (const link of links) {
    await call(null, '/auth/password/reset/confirm/', { method: 'POST', body: { uid: link.uid, token: link.token, new_password1: PASSWORD, new_password2: PASSWORD } });
    const survey = await call<TEmployeeSurvey>(await token(link.to, PASSWORD), `/engagements/${openJourney}/survey/`);
    if (survey.answers.every((answer) => answer.selected_users.length === 0)) return link.to;
  }
  throw new Error(`none of the ${links.length} invited employees is without answers`);
}

/** Signs in on the login page from the keyboard alone. */
async function signInByKeyboard(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/auth/login.html`);
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.reload();
  await page.locator('input[type="email"], input[name="email"]').first().waitFor();
  await tabTo(page, 'input[type="email"], input[name="email"]');
  await page.keyboard.type(email);
  // E-mail first: Enter asks where the address signs in; the password field then takes the focus.
  await page.keyboard.press('Enter');
  await page.locator('input[type="password"]').waitFor();
  await tabTo(page, 'input[type="password"]');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expectPath(page, /^\/engagements\//);
}

describe('the employee survey from the keyboard alone', () => {
  it('an invited employee signs in, consents, searches and picks colleagues, filters by unit, moves on and finishes', { timeout: 240_000 }, async () => {
    // An employee of the open survey who has no password and no answer yet: the invitation gives them a personal link.
    const before = ((await (await fetch(smtpApiUrl)).json()) as TCaughtMail[]).length;
    await call(admin, `/engagements/${openJourney}/survey/send-invitation/`, { method: 'POST', body: { kind: 'invitation' } });
    const invited = { to: await invitedEmployeeWithoutAnswers(before) };

    await browser.clearCookies();
    const page = await newPage(browser, { locale: 'en' });
    await signInByKeyboard(page, invited.to, PASSWORD);
    await page.goto(`${baseUrl}/engagements/${openJourney}/survey/intro.html`);

    // The consent box with Space, then Start with Enter.
    await page.getByTestId('consent-checkbox').waitFor();
    await tabTo(page, '[data-testid="consent-checkbox"] input, input[data-testid="consent-checkbox"]');
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Space');
    await tabTo(page, 'button[data-testid="survey-start"]:not([disabled])');
    await page.keyboard.press('Enter');
    await expectPath(page, `/engagements/${openJourney}/survey/question_1.html`);
    await questionShown(page, 1);

    const own = await token(invited.to, PASSWORD);
    const survey = await call<TEmployeeSurvey>(own, `/engagements/${openJourney}/survey/`);
    const total = survey.questions.length;
    expect(total).toBeGreaterThan(2);

    // Question 1: type a name into the search, Tab to the colleague found, tick with Space.
    await page.getByTestId('question-title').waitFor();
    const wanted = survey.available_users.find((u) => u.name.split(' ').some((part) => part.length >= 5))!;
    const fragment = wanted.name.split(' ').find((part) => part.length >= 5)!.slice(0, 4);
    await tabTo(page, 'input[data-testid="colleague-search"]');
    await page.keyboard.type(fragment);
    const wantedBox = `[data-testid="colleague-option"][data-colleague-id="${wanted.id}"] input[type="checkbox"]`;
    await page.locator(wantedBox).waitFor();
    await tabTo(page, wantedBox);
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('save-status').getAttribute('data-status')).toBe('saved');
    await screenshot(page, 'keyboard-survey-question-1');

    // Next (a link) with Enter.
    await tabTo(page, '[data-testid="survey-next"]');
    await page.keyboard.press('Enter');
    await expectPath(page, `/engagements/${openJourney}/survey/question_2.html`);
    await questionShown(page, 2);

    // Question 2: the unit filter, opened and chosen with the arrow keys and Enter.
    const unit = survey.available_users.find((u) => u.id !== wanted.id && u.unit)!.unit!;
    await tabTo(page, 'input[data-testid="unit-filter"]');
    await page.keyboard.type(unit.name);
    await page.getByRole('option', { name: unit.name, exact: true }).waitFor();
    // Down the options found until the unit's own (a longer name may contain it and come first).
    for (let step = 0; step < 6 && (await page.locator('[data-combobox-selected]').textContent().catch(() => null)) !== unit.name; step++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const inUnit = survey.available_users.filter((u) => u.unit?.id === unit.id).length;
    await expect.poll(() => page.getByTestId('colleague-list').getAttribute('data-count')).toBe(String(inUnit));
    const firstInUnit = page.locator('[data-testid="colleague-option"] input[type="checkbox"]').first();
    const secondId = Number(await page.getByTestId('colleague-option').first().getAttribute('data-colleague-id'));
    await tabTo(page, '[data-testid="colleague-option"] input[type="checkbox"]');
    expect(await firstInUnit.evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('save-status').getAttribute('data-status')).toBe('saved');

    // The rest: Next, then the first colleague shown, to the last question and Finish.
    const ticked = new Map<number, number[]>([[survey.questions[0]!.id, [wanted.id]], [survey.questions[1]!.id, [secondId]]]);
    for (let n = 3; n <= total; n++) {
      await tabTo(page, '[data-testid="survey-next"]');
      await page.keyboard.press('Enter');
      await expectPath(page, `/engagements/${openJourney}/survey/question_${n}.html`);
      await questionShown(page, n);
      await page.getByTestId('colleague-option').first().waitFor();
      await tabTo(page, '[data-testid="colleague-option"] input[type="checkbox"]', { back: true });
      const picked = await page.evaluate(() => Number(document.activeElement?.closest('[data-colleague-id]')?.getAttribute('data-colleague-id')));
      await page.keyboard.press('Space');
      // The tick itself, then its save: a key press that missed would otherwise pass as "saved".
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.checked ?? false)).toBe(true);
      await expect.poll(() => page.getByTestId('save-status').getAttribute('data-status')).toBe('saved');
      ticked.set(survey.questions[n - 1]!.id, [picked]);
    }
    await tabTo(page, 'button[data-testid="survey-finish"]');
    await page.keyboard.press('Enter');
    await expectPath(page, `/engagements/${openJourney}/survey/finish.html`);
    await page.getByTestId('survey-thank-you').waitFor();

    const stored = await call<TEmployeeSurvey>(own, `/engagements/${openJourney}/survey/`);
    expect(stored.finished).toBe(true);
    // Every question's stored answer is exactly the colleague ticked on it: no save lost or doubled.
    const storedByQuestion = Object.fromEntries(stored.answers.map((a) => [a.question, a.selected_users]));
    expect(storedByQuestion).toEqual(Object.fromEntries(ticked));
    await page.close();
  });
});

describe('the graph from the keyboard alone', () => {
  // The page's read-only probe (apps/web/src/graph/graph-renderer.ts, TGraphProbe).
  type TWindow = { __onaGraph?: TGraphProbe };
  const nodeCount = (page: Page) => page.evaluate(() => (window as unknown as TWindow).__onaGraph?.nodeCount() ?? 0);
  const edgeCount = (page: Page) => page.evaluate(() => (window as unknown as TWindow).__onaGraph?.edgeCount() ?? 0);
  const current = (page: Page) => page.evaluate(() => (window as unknown as TWindow).__onaGraph?.focusedNodeId() ?? null);
  const highlighted = (page: Page, id: number) => page.evaluate((node) => (window as unknown as TWindow).__onaGraph?.highlighted(node) ?? false, id);
  const onScreen = (page: Page, id: number) => page.evaluate((node) => (window as unknown as TWindow).__onaGraph?.viewportPosition(node) ?? null, id);

  async function openGraph(email: string): Promise<Page> {
    await browser.clearCookies();
    const page = await newPage(browser, { locale: 'en' });
    await signInByKeyboard(page, email, 'demo1234');
    await page.goto(`${baseUrl}/engagements/${spring}/graph.html`);
    await page.getByTestId('graph-canvas').waitFor();
    await expect.poll(() => nodeCount(page), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('graph-recalculating').count()).toBe(0);
    return page;
  }

  it('Tab reaches the canvas, the arrow keys move between people, typing finds one, Enter opens the card and Escape brings the focus back', { timeout: 180_000 }, async () => {
    const page = await openGraph('admin@example.com');
    const graph = await call<TGraphAnswer>(admin, `/engagements/${spring}/graph-visualization/`);
    const announcement = page.getByTestId('graph-announcement');

    // The canvas: reached by Tab, named, described by the visible hint, with a visible focus ring.
    await tabTo(page, '[data-testid="graph-canvas"]', { limit: 80 });
    const canvas = page.getByTestId('graph-canvas');
    expect(await canvas.getAttribute('role')).toBe('application');
    expect(await canvas.getAttribute('aria-label')).toBe('Network of the employees');
    const hintId = (await canvas.getAttribute('aria-describedby')) ?? '';
    expect(await page.evaluate((id) => document.getElementById(id)?.textContent ?? '', hintId)).toContain('arrow keys');
    expect(await focusIsVisible(page)).toBe(true);

    // A first arrow key lands on a person: highlighted in the drawing and announced.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => current(page)).not.toBeNull();
    const first = (await current(page))!;
    await expect.poll(() => highlighted(page, first)).toBe(true);
    const firstName = graph.employees.find((e) => e.id === first)!.label;
    await expect.poll(() => announcement.textContent()).toContain(firstName);

    // The arrow keys follow the screen: right goes right, down goes down, where anyone is there.
    for (const [key, axis, sign] of [['ArrowRight', 'x', 1], ['ArrowDown', 'y', 1], ['ArrowLeft', 'x', -1], ['ArrowUp', 'y', -1]] as const) {
      const from = (await current(page))!;
      const at = (await onScreen(page, from))!;
      await page.keyboard.press(key);
      await expect.poll(async () => (await current(page)) !== from || (await announcement.textContent())?.startsWith('Nobody further')).toBe(true);
      const to = (await current(page))!;
      if (to === from) continue;
      expect(await highlighted(page, to)).toBe(true);
      expect(await highlighted(page, from)).toBe(false);
      const now = (await onScreen(page, to))!;
      expect(Math.sign(now[axis] - at[axis])).toBe(sign);
    }

    // Typing a name: the letters of a surname no one else's name starts a word with.
    const words = (label: string) => label.toLowerCase().split(/\s+/);
    const target = graph.employees.find((e) => {
      const surname = words(e.label).at(-1)!.slice(0, 4);
      return surname.length === 4 && graph.employees.filter((other) => words(other.label).some((w) => w.startsWith(surname))).length === 1;
    })!;
    await page.keyboard.type(words(target.label).at(-1)!.slice(0, 4));
    await expect.poll(() => current(page)).toBe(target.id);
    await expect.poll(() => announcement.textContent()).toContain(target.label);
    await screenshot(page, 'keyboard-graph-person');

    // Enter opens the person's card and gives it the focus; Escape closes it and the canvas has the focus again.
    await page.keyboard.press('Enter');
    await page.getByTestId('employee-card').waitFor();
    expect(await page.getByTestId('employee-card-name').textContent()).toBe(target.label);
    expect((await focused(page)).testId).toBe('employee-card');
    await screenshot(page, 'keyboard-graph-card');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('employee-card').count()).toBe(0);
    expect((await focused(page)).testId).toBe('graph-canvas');
    await page.close();
  });

  it('the table view lists the people and ties drawn, sorts from the keyboard, and shows a leader no tie naming them', { timeout: 180_000 }, async () => {
    const page = await openGraph('leader@example.com');
    const graph = await call<TGraphAnswer>(await token('leader@example.com'), `/engagements/${spring}/graph-visualization/`);
    expect(graph.own_employee_id).not.toBeNull();

    await tabTo(page, 'input[data-testid="graph-table-toggle"]', { limit: 80 });
    await page.keyboard.press('Space');
    const people = page.getByTestId('graph-people-table');
    const ties = page.getByTestId('graph-ties-table');
    await people.waitFor();
    expect(Number(await people.getAttribute('data-rows'))).toBe(graph.employees.length);
    expect(Number(await ties.getAttribute('data-rows'))).toBe(graph.relations.length);
    expect(Number(await ties.getAttribute('data-rows'))).toBe(await edgeCount(page));

    // The same rule as the drawing: below all_access no tie pointing at the reader is listed.
    const ownName = graph.employees.find((e) => e.id === graph.own_employee_id)!.label;
    const targets = await ties.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.children[1]?.textContent ?? ''));
    expect(targets.length).toBeGreaterThan(0);
    expect(targets).not.toContain(ownName);

    // Sorting from the keyboard: the header's button with Enter, aria-sort tells the order.
    const degree = page.getByTestId('graph-people-table-sort-degree');
    expect(await degree.getAttribute('aria-sort')).toBe('none');
    await tabTo(page, '[data-testid="graph-people-table-sort-degree"] button');
    await page.keyboard.press('Enter');
    await expect.poll(() => degree.getAttribute('aria-sort')).toBe('descending');
    expect(await page.getByTestId('graph-people-table-sort-name').getAttribute('aria-sort')).toBe('none');
    const degrees = await people.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Number(row.children[4]?.textContent?.replace(/\D/g, ''))));
    expect(degrees).toEqual([...degrees].sort((a, b) => b - a));
    await page.getByTestId('graph-tables').evaluate((tables) => tables.scrollIntoView());
    await screenshot(page, 'keyboard-graph-table', { fullPage: false });
    await page.close();
  });
});
