import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { expectPath, signIn } from './support/session.ts';
import { caughtMails, decodeQuotedPrintable, employeesWorkbook, surveyAdminApi, type TCaughtMail, type TEmployeeRow } from './support/survey-admin-api.ts';
import { e2eServer } from './support/e2e-workers.ts';
import { openDemoJourney } from './support/demo-journeys.ts';

const { baseUrl, smtpApiUrl } = e2eServer();
const { token, call } = surveyAdminApi(baseUrl);

type TEngagement = { id: number; name: string; access_till: string };
type TSurveyUser = { id: number; name: string; unit: { id: number; name: string } | null };
type TEmployeeSurvey = { questions: { id: number; index: number }[]; available_users: TSurveyUser[]; answers: { question: number; selected_users: number[] }[]; finished: boolean };
type TFill = { participant_count: number; answered_count: number | null; finished_count: number | null };
type TAdminEmployee = { id: number; name: string; email: string | null; unit: { id: number; name: string } | null; leader: { id: number } | null; gender: string | null; generation: string | null; entry_date: string | null; job_title: string | null };
type TAccessRow = { id: number; email: string; access_rights: Record<string, string> };

let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;
let admin: string;
let engagementId: number;

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
  admin = await token('admin@example.com');
  const engagements = await call<TEngagement[]>(admin, '/engagements/');
  engagementId = openDemoJourney(engagements).id;
});
afterAll(async () => chromium?.close());

/** A page of a signed-out browser in the given language. */
async function freshPage(locale = 'en'): Promise<Page> {
  await browser.clearCookies();
  // No locale init script: a page may switch its language through localStorage later on.
  const page = await newPage(browser);
  await page.goto(`${baseUrl}/auth/login.html`);
  await page.evaluate((l) => {
    localStorage.clear();
    localStorage.setItem('locale', l);
  }, locale);
  // The first load may have read the locale an earlier page of this browser left behind.
  await page.reload();
  return page;
}

/** Signs in on the English form, then switches to the locale asked for (as the language switcher stores it). */
async function signedInPage(email: string, options: { locale?: string } = {}): Promise<Page> {
  const page = await freshPage();
  await signIn(page, baseUrl, email, { open: false });
  await expectPath(page, '/engagements/list.html');
  if (options.locale) await page.evaluate((l) => localStorage.setItem('locale', l), options.locale);
  return page;
}

const statistics = async () => (await call<{ fill_statistics: TFill }>(admin, `/engagements/${engagementId}/survey-statistics/`)).fill_statistics;
const option = (page: Page, colleagueId: number) => page.locator(`[data-testid="colleague-option"][data-colleague-id="${colleagueId}"]`);
const chosenIds = async (page: Page) => (await page.getByTestId('selected-colleague').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-colleague-id'))))).sort((a, b) => a - b);

async function expectSaved(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('save-status').getAttribute('data-status')).toBe('saved');
}

async function onQuestion(page: Page, n: number): Promise<void> {
  await expectPath(page, `/engagements/${engagementId}/survey/question_${n}.html`);
  await page.getByTestId('question-title').waitFor();
  await expect.poll(() => page.getByTestId('survey-question').getAttribute('data-page')).toBe(String(n));
}

/** Ticks the first colleague shown who is not chosen yet and waits for the save. */
async function pickFirstShown(page: Page): Promise<number> {
  const first = page.locator('[data-testid="colleague-option"][data-selected="false"]').first();
  const id = Number(await first.getAttribute('data-colleague-id'));
  // click, not check: the box turns checked when the saved answer re-renders the list, a beat later.
  await first.locator('input[type="checkbox"]').click();
  await expect.poll(() => option(page, id).getAttribute('data-selected')).toBe('true');
  await expectSaved(page);
  return id;
}

describe('the employee survey', () => {
  it('an employee opens the invitation link from the e-mail, answers every question and the statistics count them', async () => {
    const before = await statistics();

    // The admin sends the invitations from the survey overview of the admin tools.
    const adminPage = await signedInPage('admin@example.com');
    await adminPage.goto(`${baseUrl}/engagements/${engagementId}/admin/survey/overview.html`);
    await adminPage.getByTestId('send-invitations').click();
    await adminPage.getByTestId('confirm-send').click();
    await expect.poll(() => adminPage.locator('[data-testid="notification"][data-type="success"]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await adminPage.close();

    let link = '';
    await expect.poll(async () => {
      const mails = await caughtMails(smtpApiUrl, 'employee@example.com');
      link = mails.map((mail) => /https?:\/\/[^\s"'<>]+\/engagements\/\d+\/survey\/intro\.html/.exec(mail)?.[0]).find(Boolean) ?? '';
      return link;
    }, { timeout: 20_000 }).not.toBe('');
    expect(new URL(link).pathname).toBe(`/engagements/${engagementId}/survey/intro.html`);

    // Signed out, the link leads to login and back to the survey's intro.
    const page = await freshPage();
    await page.goto(link);
    await expectPath(page, '/auth/login.html');
    await signIn(page, baseUrl, 'employee@example.com', { open: false });
    await expectPath(page, `/engagements/${engagementId}/survey/intro.html`);

    const start = page.getByTestId('survey-start');
    await start.waitFor();
    expect(await start.isDisabled()).toBe(true);
    await page.getByTestId('consent-checkbox').check();
    await expect.poll(() => start.isEnabled()).toBe(true);
    await start.click();
    await onQuestion(page, 1);

    const employee = await token('employee@example.com');
    const survey = await call<TEmployeeSurvey>(employee, `/engagements/${engagementId}/survey/`);
    const total = survey.questions.length;
    expect(total).toBeGreaterThan(2);

    // Question 1: search by name.
    const search = page.getByTestId('colleague-search');
    const hint = page.getByTestId('search-hint');
    await search.fill('ab');
    await expect.poll(() => hint.textContent()).toBe('Please type at least 3 characters to search');
    await search.fill('qxzqxz');
    await expect.poll(() => hint.textContent()).toBe('Sorry, no results for this search term!');
    expect(await page.getByTestId('colleague-option').count()).toBe(0);
    const wanted = survey.available_users.find((u) => u.name.split(' ').some((part) => part.length >= 5))!;
    const fragment = wanted.name.split(' ').find((part) => part.length >= 5)!.slice(0, 4);
    await search.fill(fragment);
    await option(page, wanted.id).waitFor();
    await option(page, wanted.id).locator('input[type="checkbox"]').click();
    await expect.poll(() => option(page, wanted.id).getAttribute('data-selected')).toBe('true');
    await expectSaved(page);
    expect(await chosenIds(page)).toEqual([wanted.id]);

    // Question 2: filter by unit, then pick.
    await page.getByTestId('survey-next').click();
    await onQuestion(page, 2);
    expect(await search.inputValue()).toBe('');
    const unit = survey.available_users.find((u) => u.id !== wanted.id && u.unit)!.unit!;
    const inUnit = survey.available_users.filter((u) => u.unit?.id === unit.id).length;
    const unitFilter = page.getByTestId('unit-filter');
    await unitFilter.click();
    await unitFilter.fill(unit.name);
    await page.getByRole('option', { name: unit.name, exact: true }).click();
    await expect.poll(() => page.getByTestId('colleague-list').getAttribute('data-count')).toBe(String(inUnit));
    const shownUnits = await page.getByTestId('colleague-option').evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    expect(shownUnits.length).toBeGreaterThan(0);
    for (const text of shownUnits) expect(text).toContain(unit.name);
    const second = await pickFirstShown(page);
    expect(await chosenIds(page)).toEqual([second]);

    // Previous keeps the answers of question 1, Next those of question 2.
    await page.getByTestId('survey-previous').click();
    await onQuestion(page, 1);
    await expect.poll(() => chosenIds(page)).toEqual([wanted.id]);
    await page.getByTestId('survey-next').click();
    await onQuestion(page, 2);
    await expect.poll(() => chosenIds(page)).toEqual([second]);

    // The rest: one colleague each.
    for (let n = 3; n <= total; n++) {
      await page.getByTestId('survey-next').click();
      await onQuestion(page, n);
      await pickFirstShown(page);
    }
    await screenshot(page, 'survey-last-question');
    await page.getByTestId('survey-finish').click();
    await expectPath(page, `/engagements/${engagementId}/survey/finish.html`);
    await page.getByTestId('survey-thank-you').waitFor();
    expect(await page.getByTestId('back-to-journey').isVisible()).toBe(true);

    const stored = await call<TEmployeeSurvey>(employee, `/engagements/${engagementId}/survey/`);
    expect(stored.finished).toBe(true);
    expect(stored.answers.find((a) => a.question === survey.questions[0]!.id)?.selected_users).toEqual([wanted.id]);
    expect(stored.answers.every((a) => a.selected_users.length === 1)).toBe(true);
    await page.close();

    // The statistics count the new respondent, in the API and on the page.
    const after = await statistics();
    expect(after.answered_count).toBe((before.answered_count ?? 0) + 1);
    expect(after.finished_count).toBe((before.finished_count ?? 0) + 1);
    const statsPage = await signedInPage('admin@example.com');
    await statsPage.goto(`${baseUrl}/engagements/${engagementId}/survey-statistics/overview.html`);
    await expect.poll(() => statsPage.getByTestId('answered-count').textContent()).toBe(String(after.answered_count));
    expect(await statsPage.getByTestId('finished-count').textContent()).toBe(String(after.finished_count));
    // 67 of 320 is far below 80%: the reliability warning shows.
    expect(await statsPage.getByTestId('reliability-warning').isVisible()).toBe(true);
    await screenshot(statsPage, 'survey-statistics-overview');
    await statsPage.getByTestId('statistics-tab-progress').click();
    await statsPage.getByTestId('answers-chart').waitFor();
    await screenshot(statsPage, 'survey-statistics-progress');
    await statsPage.close();
  });

  it('an invited employee without an account sets a password from the personal link and lands on the survey intro', async () => {
    // The invitations of the first test went to every demo employee; most have no account yet.
    const intro = `/engagements/${engagementId}/survey/intro.html`;
    const mails = (await (await fetch(smtpApiUrl)).json()) as TCaughtMail[];
    const personal = mails
      .map((mail) => ({ to: mail.to[0] ?? '', link: /https?:\/\/[^\s"'<>]+\/auth\/confirm-reset-password\.html\?uid=\d+&token=[\w-]+&next=([^\s"'<>&]+)/.exec(decodeQuotedPrintable(mail.raw)) }))
      .find((found) => found.link !== null && decodeURIComponent(found.link[1] ?? '') === intro);
    expect(personal).toBeDefined();
    const page = await freshPage();
    await page.goto(personal?.link?.[0] ?? '');
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await page.getByLabel('New password').fill('first-password-1');
    await page.getByLabel('Repeat password').fill('first-password-1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expectPath(page, '/auth/login.html');
    expect(new URL(page.url()).searchParams.get('next')).toBe(intro);
    await signIn(page, baseUrl, personal?.to ?? '', { open: false, password: 'first-password-1' });
    await expectPath(page, intro);
    await page.getByTestId('survey-start').waitFor();
    await page.close();
  });

  it('closing the tab loses nothing: the survey resumes at the last question with the saved choices', async () => {
    // leader@example.com has the open survey too.
    const page = await signedInPage('leader@example.com');
    await page.goto(`${baseUrl}/engagements/${engagementId}/survey/intro.html`);
    await page.getByTestId('consent-checkbox').check();
    await page.getByTestId('survey-start').click();
    await onQuestion(page, 1);
    const first = await pickFirstShown(page);
    await page.getByTestId('survey-next').click();
    await onQuestion(page, 2);
    const a = await pickFirstShown(page);
    const b = await pickFirstShown(page);
    await page.close();

    const again = await newPage(browser);
    await again.setViewportSize({ width: 360, height: 740 });
    await again.goto(`${baseUrl}/engagements/${engagementId}/survey/intro.html`);
    await again.getByTestId('survey-start').click();
    await onQuestion(again, 2);
    await expect.poll(() => chosenIds(again)).toEqual([a, b].sort((x, y) => x - y));
    expect(await again.getByTestId('selected-count').textContent()).toBe('2');
    // On a phone the lists share the screen through a switch, without sideways scrolling.
    expect(await again.getByTestId('picker-view-switch').isVisible()).toBe(true);
    expect(await again.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(again, 'survey-question-360');
    await again.getByTestId('survey-previous').click();
    await onQuestion(again, 1);
    await expect.poll(() => chosenIds(again)).toEqual([first]);
    await again.close();
  });
});

describe('the employees upload', () => {
  const newcomer = { name: 'Vadász Villő (e2e)', email: 'vadasz.villo.e2e@demo-company.example' };

  async function currentRows(): Promise<TEmployeeRow[]> {
    const employees = await call<TAdminEmployee[]>(admin, `/engagements/${engagementId}/employees/`);
    const emailOf = new Map(employees.map((e) => [e.id, e.email]));
    return employees.map((e) => ({
      name: e.name,
      email: e.email ?? '',
      unit: e.unit?.name ?? null,
      leader_email: e.leader ? (emailOf.get(e.leader.id) ?? null) : null,
      gender: e.gender,
      generation: e.generation,
      entry_date: e.entry_date,
      job_title: e.job_title,
    }));
  }

  async function openEmployees(): Promise<Page> {
    const page = await signedInPage('admin@example.com');
    await page.goto(`${baseUrl}/engagements/${engagementId}/admin/employees/list.html`);
    await page.getByTestId('employee-row').first().waitFor();
    return page;
  }

  async function upload(page: Page, workbook: Buffer, name: string): Promise<void> {
    await page.getByTestId('employees-upload-field-input').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook });
    await expect.poll(() => page.getByTestId('employees-upload-field').getAttribute('data-state')).toBe('selected');
    await page.getByTestId('employees-upload-submit').click();
  }

  it('an admin uploads a workbook made with exceljs and sees the new employee in the table', async () => {
    const rows = await currentRows();
    const leader = rows.find((r) => r.email === 'leader@example.com')!;
    const workbook = await employeesWorkbook([
      ...rows,
      { ...newcomer, unit: leader.unit, leader_email: leader.email, gender: 'female', generation: 'z', entry_date: '2026-11-02', job_title: 'Controller' },
    ]);
    const page = await openEmployees();
    await upload(page, workbook, 'employees.xlsx');
    await expect.poll(() => page.getByTestId('upload-result').textContent(), { timeout: 20_000 }).toContain(`Import done: 1 new, ${rows.length} updated, 0 removed`);
    await page.getByTestId('employees-search').fill('Vadász');
    await expect.poll(() => page.getByTestId('employee-row').allTextContents()).toEqual([expect.stringContaining(newcomer.email)]);
    const row = (await page.getByTestId('employee-row').textContent()) ?? '';
    expect(row).toContain(newcomer.name);
    expect(row).toContain(leader.unit!);

    const after = await call<TAdminEmployee[]>(admin, `/engagements/${engagementId}/employees/`);
    expect(after).toHaveLength(rows.length + 1);
    const added = after.find((e) => e.email === newcomer.email)!;
    expect(added.unit?.name).toBe(leader.unit);
    // Everyone else kept their data.
    expect((await currentRows()).filter((r) => r.email !== newcomer.email)).toEqual(rows);
    await page.close();
  });

  it('a broken workbook shows the row errors and stores nothing', async () => {
    const rows = await currentRows();
    const [first, second] = rows;
    const workbook = await employeesWorkbook([
      first!,
      { ...second!, email: first!.email },
      { name: 'Nobody Knows', email: 'nobody.knows.e2e@demo-company.example', unit: null, leader_email: 'no.such.leader@demo-company.example', gender: null, generation: null, entry_date: null, job_title: null },
    ]);
    const page = await openEmployees();
    await upload(page, workbook, 'broken.xlsx');
    await page.getByTestId('upload-errors').waitFor();
    const errors = await page.getByTestId('upload-error-row').allTextContents();
    expect(errors.some((e) => e.startsWith('Row 2: '))).toBe(true);
    expect(errors.some((e) => e.startsWith('Row 3: '))).toBe(true);
    expect(errors.find((e) => e.startsWith('Row 4: '))).toContain('no.such.leader@demo-company.example');
    expect(await page.getByTestId('upload-error-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-row')))).toEqual(expect.arrayContaining(['2', '3', '4']));
    await screenshot(page, 'employees-upload-errors');
    expect(await page.getByTestId('upload-result').count()).toBe(0);
    expect(await currentRows()).toEqual(rows);
    await page.close();
  });
});

describe('the access-rights modal', () => {
  it('bulk-updates several users, shows mixed levels and asks before discarding unsaved changes', async () => {
    const rowsBefore = await call<TAccessRow[]>(admin, `/engagements/${engagementId}/access-rights/`);
    const leader = rowsBefore.find((r) => r.email === 'leader@example.com')!;
    const employee = rowsBefore.find((r) => r.email === 'employee@example.com')!;
    expect(leader.access_rights.statistics).not.toBe(employee.access_rights.statistics);
    expect(leader.access_rights.survey).toBe(employee.access_rights.survey);

    const page = await signedInPage('admin@example.com');
    try {
      await page.goto(`${baseUrl}/engagements/${engagementId}/admin/access-rights.html`);
      const row = (id: number) => page.locator(`[data-testid="access-rights-row"][data-user-id="${id}"]`);
      const level = (id: number, module: string) => row(id).locator(`[data-module="${module}"] [data-level]`).getAttribute('data-level');
      const select = async () => {
        for (const id of [leader.id, employee.id]) await row(id).getByRole('checkbox').check();
      };
      await row(leader.id).waitFor();
      await select();
      await page.getByTestId('access-rights-edit').click();
      const modal = page.getByRole('dialog', { name: 'Edit access rights' });
      await modal.waitFor();
      expect(await page.getByTestId('affected-user').count()).toBe(2);
      const statistics = page.getByTestId('access-level-statistics');
      expect(await statistics.inputValue()).toBe('mixed');
      expect(await page.getByTestId('access-level-survey').inputValue()).toBe(leader.access_rights.survey);
      await statistics.selectOption('self_only');
      await screenshot(page, 'access-rights-modal');
      await page.getByTestId('access-rights-save').click();
      // The modal closes once the server has stored the change: as long as a person would wait
      // (the poll allowance), not the 10 s a missing element gets (CI saw the save outlast them
      // with the PostgreSQL stage beside the browser stage).
      await modal.waitFor({ state: 'hidden', timeout: 30_000 });
      await expect.poll(() => level(leader.id, 'statistics')).toBe('self_only');
      expect(await level(employee.id, 'statistics')).toBe('self_only');
      const saved = await call<TAccessRow[]>(admin, `/engagements/${engagementId}/access-rights/`);
      expect(saved.find((r) => r.id === leader.id)!.access_rights).toEqual({ ...leader.access_rights, statistics: 'self_only' });
      expect(saved.find((r) => r.id === employee.id)!.access_rights).toEqual({ ...employee.access_rights, statistics: 'self_only' });

      // Unsaved changes: Escape asks, continue editing keeps the change.
      await select();
      await page.getByTestId('access-rights-edit').click();
      await modal.waitFor();
      expect(await statistics.inputValue()).toBe('self_only');
      const survey = page.getByTestId('access-level-survey');
      await survey.selectOption('subtree');
      await page.keyboard.press('Escape');
      await page.getByText('Are you sure?').waitFor();
      await page.getByText('Your changes will not be saved.').waitFor();
      await page.getByTestId('continue-editing').click();
      await page.getByText('Are you sure?').waitFor({ state: 'hidden' });
      expect(await survey.inputValue()).toBe('subtree');
      // The close button asks too; closing without saving discards the change.
      await modal.getByRole('button', { name: 'Close' }).click();
      await page.getByTestId('close-without-saving').click();
      await modal.waitFor({ state: 'hidden' });
      expect(await page.getByText('Are you sure?').isVisible()).toBe(false);
      expect(await level(leader.id, 'survey')).toBe(leader.access_rights.survey);
      const unchanged = await call<TAccessRow[]>(admin, `/engagements/${engagementId}/access-rights/`);
      expect(unchanged.find((r) => r.id === leader.id)!.access_rights.survey).toBe(leader.access_rights.survey);
      await page.getByTestId('access-rights-edit').click();
      await modal.waitFor();
      expect(await survey.inputValue()).toBe(leader.access_rights.survey);
    } finally {
      for (const user of [leader, employee]) {
        await call(admin, `/engagements/${engagementId}/access-rights/bulk-update/`, { method: 'POST', body: { users: [user.id], access_rights: user.access_rights } });
      }
      await page.close();
    }
    const restored = await call<TAccessRow[]>(admin, `/engagements/${engagementId}/access-rights/`);
    expect(restored).toEqual(rowsBefore);
  });
});

describe('the admin menu downloads', () => {
  it('offers the reports only once the analysis has run, and the survey exports at once', async () => {
    const engagements = await call<TEngagement[]>(admin, '/engagements/');
    const analysedId = engagements.find((e) => e.name.includes('spring'))!.id;
    const page = await signedInPage('admin@example.com');
    await page.goto(`${baseUrl}/engagements/${engagementId}/admin.html`);
    await page.getByTestId('downloads-need-analysis').waitFor();
    expect(await page.getByTestId('admin-download-executiveReport').isDisabled()).toBe(true);
    expect(await page.getByTestId('admin-download-retentionReport').isDisabled()).toBe(true);
    expect(await page.getByTestId('admin-download-niceExcel').isDisabled()).toBe(false);
    await screenshot(page, 'admin-downloads-before-analysis');

    await page.goto(`${baseUrl}/engagements/${analysedId}/admin.html`);
    await page.getByTestId('admin-download-retentionReport').waitFor();
    await expect.poll(() => page.getByTestId('admin-download-retentionReport').isDisabled()).toBe(false);
    expect(await page.getByTestId('downloads-need-analysis').count()).toBe(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('admin-download-retentionReport').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await page.close();
  });
});

describe('in Hungarian', () => {
  it('the survey intro and the statistics page speak Hungarian', async () => {
    const page = await signedInPage('employee@example.com', { locale: 'hu' });
    await page.goto(`${baseUrl}/engagements/${engagementId}/survey/intro.html`);
    await page.getByRole('heading', { name: 'Üdvözöljük a kérdőívben' }).waitFor();
    expect(await page.getByTestId('consent-checkbox').isChecked()).toBe(true);
    await page.close();

    const stats = await signedInPage('admin@example.com', { locale: 'hu' });
    await stats.goto(`${baseUrl}/engagements/${engagementId}/survey-statistics/overview.html`);
    await stats.getByText('Kitöltési arány').first().waitFor();
    await stats.getByText('Alacsony kitöltési arány').waitFor();
    await screenshot(stats, 'survey-statistics-hu');
    await stats.close();
  });
});
