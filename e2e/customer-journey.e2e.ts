import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startSmtpCatcher } from '../apps/server/src/testing/smtp-catcher.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startBuiltServer, type BuiltServer } from './support/built-server.ts';
import { expectPath, signIn } from './support/session.ts';
import { decodeQuotedPrintable } from './support/survey-admin-api.ts';
import { meridianStaff, type TStaffMember } from './support/meridian-staff.ts';

/*
 * A new customer from nothing, through the pages only: the compiled server on an empty database
 * (PostgreSQL when TEST_DATABASE_URL is set, as in CI), no demo. Set-up link from the server's
 * output, a second administrator invited by e-mail, a journey, 30 employees from the downloaded
 * template, access rights, invitations, ten employees answering through their own links, closing,
 * the analysis and its reports; then the next wave and its analysis.
 */

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let server: BuiltServer;
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;
let baseUrl = '';

const FIRST_ADMIN = { name: 'Mira Kovács', email: 'mira.kovacs@meridian.example', password: 'first-admin-pass-1' };
const SECOND_ADMIN = { name: 'Oskar Brandt', email: 'oskar.brandt@meridian.example', password: 'second-admin-pass-2' };
const EMPLOYEE_PASSWORD = 'employee-pass-3';
const staff = meridianStaff();

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startBuiltServer(smtp.url);
  baseUrl = server.baseUrl;
  chromium = await launchBrowser();
  browser = chromium.browser;
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
  await smtp?.close();
});

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A signed-out English page of a clean browser. */
async function freshPage(): Promise<Page> {
  await browser.clearCookies();
  const page = await newPage(browser);
  await page.goto(`${baseUrl}/auth/login.html`);
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem('locale', 'en');
  });
  await page.reload();
  return page;
}

async function signedIn(email: string, password: string): Promise<Page> {
  const page = await freshPage();
  await signIn(page, baseUrl, email, { open: false, password });
  await expectPath(page, '/engagements/list.html');
  return page;
}

/** The newest link of this kind in the e-mails that reached `to`. */
async function linkMailedTo(to: string, pattern: RegExp): Promise<string> {
  let link = '';
  await expect.poll(() => {
    const mails = smtp.received.filter((mail) => mail.to.includes(to)).map((mail) => decodeQuotedPrintable(mail.raw));
    link = mails.map((mail) => pattern.exec(mail)?.[0]).filter(Boolean).at(-1) ?? '';
    return link;
  }, { timeout: 30_000 }).not.toBe('');
  return link;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function apiToken(email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`login of ${email} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

async function api<T>(token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Token ${token}`, 'accept-language': 'en-US', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** Answers every question of a journey's survey as `email`, naming two colleagues each time. */
async function answerThroughApi(email: string, engagementId: number, respondent: number): Promise<void> {
  const token = await apiToken(email, EMPLOYEE_PASSWORD);
  await api(token, `/engagements/${engagementId}/survey/accept-terms/`, { method: 'POST' });
  const survey = await api<{ questions: { id: number }[]; available_users: { id: number }[] }>(token, `/engagements/${engagementId}/survey/`);
  const colleagues = survey.available_users.map((user) => user.id);
  for (const [n, question] of survey.questions.entries()) {
    const chosen = [...new Set([colleagues[(respondent + n) % colleagues.length]!, colleagues[(respondent * 5 + n * 3) % colleagues.length]!])];
    await api(token, `/engagements/${engagementId}/survey/answers/${question.id}/`, { method: 'PUT', body: { selected_users: chosen } });
  }
  await api(token, `/engagements/${engagementId}/survey/finish-survey/`, { method: 'POST' });
}

/** Runs the analysis from the survey admin page and waits until the run is done. */
async function runAnalysis(page: Page, engagementId: number): Promise<void> {
  await page.goto(`${baseUrl}/engagements/${engagementId}/admin/survey/overview.html`);
  await page.getByTestId('run-analysis').click();
  await expect.poll(() => page.getByTestId('analysis-run').first().getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
}

/** "New journey" on the journeys list: today to 30 days on, English, every module, the default questionnaire. */
async function createJourney(page: Page, name: string): Promise<number> {
  await page.goto(`${baseUrl}/engagements/list.html`);
  await page.getByTestId('new-journey').click();
  await expectPath(page, '/engagements/new.html');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Start date').fill(isoDay(0));
  await page.getByLabel('End date').fill(isoDay(30));
  await page.getByLabel('Default language').selectOption('en');
  await page.getByRole('radio', { name: 'Default questionnaire' }).check();
  await page.getByTestId('journey-submit').click();
  await expectPath(page, /^\/engagements\/\d+\/admin\.html$/);
  return Number(/\/engagements\/(\d+)\//.exec(new URL(page.url()).pathname)?.[1]);
}

async function openSettings(page: Page, engagementId: number): Promise<void> {
  await page.goto(`${baseUrl}/engagements/${engagementId}/admin.html`);
  await page.getByTestId('admin-link-settings').click();
  await expectPath(page, `/engagements/${engagementId}/admin/settings.html`);
}

async function closeJourney(page: Page, engagementId: number): Promise<void> {
  await openSettings(page, engagementId);
  await expect.poll(() => page.getByTestId('journey-state').getAttribute('data-state')).toBe('open');
  await page.getByTestId('journey-close').click();
  await expect.poll(() => page.getByTestId('journey-state').getAttribute('data-state')).toBe('closed');
  await page.getByTestId('journey-reopen').waitFor();
}

async function startNextWave(page: Page, engagementId: number, name: string): Promise<number> {
  await openSettings(page, engagementId);
  await page.getByTestId('journey-next-wave').click();
  const dialog = page.getByRole('dialog', { name: /Next wave of/ });
  await dialog.waitFor();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Start date').fill(isoDay(0));
  await dialog.getByLabel('End date').fill(isoDay(45));
  await dialog.getByTestId('next-wave-submit').click();
  await expect.poll(() => new URL(page.url()).pathname).not.toBe(`/engagements/${engagementId}/admin/settings.html`);
  await expectPath(page, /^\/engagements\/\d+\/admin\.html$/);
  return Number(/\/engagements\/(\d+)\//.exec(new URL(page.url()).pathname)?.[1]);
}

const PASSWORD_LINK = /https?:\/\/[^\s"'<>]+\/auth\/confirm-reset-password\.html\?uid=\d+&token=[^\s"'<>]+/;

/** Opens a one-time password link, sets the password and signs in where the link leads. */
async function acceptPasswordLink(link: string, email: string, password: string): Promise<Page> {
  const page = await freshPage();
  await page.goto(link);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expectPath(page, '/auth/login.html');
  await signIn(page, baseUrl, email, { open: false, password });
  return page;
}

/** What the confirm-reset page sends for a one-time password link (uid and token from the link). */
async function setPasswordThroughLink(link: string, password: string): Promise<void> {
  const params = new URL(link).searchParams;
  const res = await fetch(`${baseUrl}/api/auth/password/reset/confirm/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uid: params.get('uid'), token: params.get('token'), new_password1: password, new_password2: password }),
  });
  if (!res.ok) throw new Error(`the password link answered ${res.status}: ${await res.text()}`);
}

async function answerSurvey(page: Page, engagementId: number, respondent: number): Promise<void> {
  await expectPath(page, `/engagements/${engagementId}/survey/intro.html`);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('survey-start').click();
  for (let n = 1; ; n++) {
    await expectPath(page, `/engagements/${engagementId}/survey/question_${n}.html`);
    await expect.poll(() => page.getByTestId('survey-question').getAttribute('data-page')).toBe(String(n));
    const options = page.locator('[data-testid="colleague-option"]');
    await options.first().waitFor();
    const count = await options.count();
    // Each respondent names two colleagues that vary with the question, so the network has shape.
    for (const pick of [(respondent + n) % count, (respondent * 3 + n * 7) % count]) {
      const option = options.nth(pick);
      if ((await option.getAttribute('data-selected')) === 'true') continue;
      const id = await option.getAttribute('data-colleague-id');
      await option.locator('input[type="checkbox"]').click();
      await expect.poll(() => page.locator(`[data-testid="colleague-option"][data-colleague-id="${id}"]`).getAttribute('data-selected')).toBe('true');
      await expect.poll(() => page.getByTestId('save-status').getAttribute('data-status')).toBe('saved');
    }
    if (await page.getByTestId('survey-finish').isVisible()) {
      await page.getByTestId('survey-finish').click();
      break;
    }
    await page.getByTestId('survey-next').click();
  }
  await expectPath(page, `/engagements/${engagementId}/survey/finish.html`);
  await page.getByTestId('survey-thank-you').waitFor();
}

/** The employees workbook: the downloaded template with its columns, filled with the staff. */
async function filledTemplate(template: Buffer, people: readonly TStaffMember[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('employees');
  if (!sheet) throw new Error('the template has no employees sheet');
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  // Drop whatever example rows the template carries below its header.
  if (sheet.rowCount > 1) sheet.spliceRows(2, sheet.rowCount - 1);
  for (const person of people) sheet.addRow(header.map((column) => (person as Record<string, string | null>)[column] ?? null));
  // A new journey has no units yet: the optional units sheet creates the tree.
  const units = workbook.getWorksheet('units');
  if (!units) throw new Error('the template has no units sheet');
  const unitHeader = (units.getRow(1).values as unknown[]).slice(1).map(String);
  const unitRows: Record<string, string | null>[] = [{ name: 'Management', parent: null }, ...['Sales', 'Operations', 'Finance'].map((name) => ({ name, parent: 'Management' }))];
  for (const unit of unitRows) units.addRow(unitHeader.map((column) => unit[column] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('a customer from an empty database to finished reports', () => {
  // The steps share what they build, in order: a failing step fails the ones after it.
  let engagementId = 0;
  let page: Page;
  let admin = '';

  it('the set-up link the server printed creates the organisation and the first administrator, once', async () => {
    expect(server.output()).not.toContain('demo1234');
    // The line the server prints for whoever installed it; its last word is the link.
    const setupLink = server.output().split('\n').find((line) => line.startsWith('Set-up link'))?.split(' ').at(-1);
    expect(setupLink).toBeDefined();
    page = await freshPage();
    await page.goto(setupLink ?? '');
    await page.getByLabel('Organisation name').fill('Meridian Logistics');
    await page.getByLabel('Your name').fill(FIRST_ADMIN.name);
    await page.getByLabel('E-mail').fill(FIRST_ADMIN.email);
    await page.getByLabel(/^Password(?! again)/).fill(FIRST_ADMIN.password);
    await page.getByLabel('Password again').fill(FIRST_ADMIN.password);
    await page.getByRole('button', { name: 'Create' }).click();
    await expectPath(page, '/engagements/list.html');
    await screenshot(page, 'customer-empty-journeys');
    // The link works once.
    await page.goto(setupLink ?? '');
    await page.getByTestId('setup-done').waitFor();
  });

  it('the first administrator invites a second one, whose e-mailed link sets the password', async () => {
    await page.goto(`${baseUrl}/engagements/list.html`);
    await page.getByTestId('header-user-menu').click();
    await page.getByTestId('nav-organization-users').click();
    await expectPath(page, '/organization/users.html');
    await page.getByTestId('invite-user').click();
    await page.getByTestId('invite-name').fill(SECOND_ADMIN.name);
    await page.getByTestId('invite-email').fill(SECOND_ADMIN.email);
    await page.getByTestId('invite-permission-engagement_admin').check();
    await page.getByTestId('invite-submit').click();
    const invited = page.locator(`[data-testid="user-row"][data-email="${SECOND_ADMIN.email}"]`);
    await invited.getByTestId('invitation-pending').waitFor();
    await screenshot(page, 'customer-users');
    await page.close();
    const invitation = await linkMailedTo(SECOND_ADMIN.email, PASSWORD_LINK);
    page = await acceptPasswordLink(invitation, SECOND_ADMIN.email, SECOND_ADMIN.password);
    await expectPath(page, '/engagements/list.html');
  });

  it('the second administrator creates a journey and uploads 30 employees from the downloaded template', async () => {
    engagementId = await createJourney(page, 'Engagement survey 2026');
    await page.goto(`${baseUrl}/engagements/${engagementId}/admin/employees/list.html`);
    await page.getByTestId('employees-empty').waitFor();
    const [templateDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('employees-upload-template').click()]);
    const template = await readFile(await templateDownload.path());
    await page.getByTestId('employees-upload-field-input').setInputFiles({ name: 'meridian-staff.xlsx', mimeType: XLSX, buffer: await filledTemplate(template, staff) });
    await page.getByTestId('employees-upload-submit').click();
    await expect.poll(() => page.getByTestId('upload-result').textContent(), { timeout: 30_000 }).toContain('Import done: 30 new');
    await expect.poll(() => page.getByTestId('employee-row').count()).toBe(30);
  });

  it('sends the invitations (an account and a personal link each) and grants the heads of department their teams', async () => {
    await page.goto(`${baseUrl}/engagements/${engagementId}/admin/survey/overview.html`);
    await page.getByTestId('send-invitations').click();
    await page.getByTestId('confirm-send').click();
    await expect.poll(() => page.locator('[data-testid="notification"][data-type="success"]').count(), { timeout: 30_000 }).toBeGreaterThan(0);

    // The heads of department read the retention analytics and leader reports of their teams.
    admin = await apiToken(SECOND_ADMIN.email, SECOND_ADMIN.password);
    const accessRows = await api<{ id: number; email: string }[]>(admin, `/engagements/${engagementId}/access-rights/`);
    const heads = staff.slice(1, 4).map((head) => accessRows.find((row) => row.email === head.email)!);
    expect(heads.every(Boolean)).toBe(true);
    await page.goto(`${baseUrl}/engagements/${engagementId}/admin/access-rights.html`);
    for (const head of heads) await page.locator(`[data-testid="access-rights-row"][data-user-id="${head.id}"]`).getByRole('checkbox').check();
    await page.getByTestId('access-rights-edit').click();
    await page.getByRole('dialog', { name: 'Edit access rights' }).waitFor();
    await page.getByTestId('access-level-retention_analytics').selectOption('subtree');
    await page.getByTestId('access-level-leader_reports').selectOption('subtree');
    await page.getByTestId('access-rights-save').click();
    await page.getByRole('dialog', { name: 'Edit access rights' }).waitFor({ state: 'hidden' });
    const granted = await api<{ id: number; access_rights: Record<string, string> }[]>(admin, `/engagements/${engagementId}/access-rights/`);
    for (const head of heads) expect(granted.find((row) => row.id === head.id)?.access_rights.retention_analytics).toBe('subtree');
    await page.close();
  });

  // Three answer in the browser, page by page; seven more use their links through the same API
  // calls the pages make (the survey pages themselves are pinned down by survey-admin and keyboard
  // e2e tests): enough answers for an analysis without thirteen pages per person in the browser.
  it('ten employees answer through their own invitation links', { timeout: 300_000 }, async () => {
    for (const [index, person] of staff.slice(0, 10).entries()) {
      const link = await linkMailedTo(person.email, PASSWORD_LINK);
      expect(new URL(link).searchParams.get('next')).toBe(`/engagements/${engagementId}/survey/intro.html`);
      if (index < 3) {
        const respondent = await acceptPasswordLink(link, person.email, EMPLOYEE_PASSWORD);
        await answerSurvey(respondent, engagementId, index);
        await respondent.close();
      } else {
        await setPasswordThroughLink(link, EMPLOYEE_PASSWORD);
        await answerThroughApi(person.email, engagementId, index);
      }
    }
    const statistics = await api<{ fill_statistics: { participant_count: number; finished_count: number | null } }>(admin, `/engagements/${engagementId}/survey-statistics/`);
    expect(statistics.fill_statistics.participant_count).toBe(30);
    expect(statistics.fill_statistics.finished_count).toBe(10);
  });

  it('the administrator closes the journey and runs the analysis; retention, leader and graph pages have content', { timeout: 180_000 }, async () => {
    page = await signedIn(SECOND_ADMIN.email, SECOND_ADMIN.password);
    await closeJourney(page, engagementId);
    await runAnalysis(page, engagementId);

    await page.goto(`${baseUrl}/engagements/${engagementId}/retention-analytics/index.html`);
    await page.getByTestId('retention-content').waitFor();
    const retention = await api<{ risk_summary: { total: number } }>(admin, `/engagements/${engagementId}/retention-analytics-results/`);
    expect(retention.risk_summary.total).toBe(30);
    await screenshot(page, 'customer-retention');

    await page.goto(`${baseUrl}/engagements/${engagementId}/leader-report/list.html`);
    await page.getByTestId('leader-reports-table').waitFor();
    // The chief executive and the three heads lead someone.
    await expect.poll(() => page.getByTestId('leader-report-row').count()).toBe(4);
    const firstRow = page.getByTestId('leader-report-row').first();
    const code = ((await firstRow.getByTestId('leader-report-code').textContent()) ?? '').trim();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    await firstRow.getByRole('link').first().click();
    await page.getByTestId('leader-code-input').fill(code);
    await page.getByTestId('leader-code-submit').click();
    await page.getByTestId('leader-factor-attention').waitFor();
    await screenshot(page, 'customer-leader-report');

    await page.goto(`${baseUrl}/engagements/${engagementId}/graph.html`);
    await page.getByTestId('graph-canvas').waitFor();
    await expect.poll(() => page.getByTestId('graph-recalculating').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(async () => Number(((await page.getByTestId('graph-stat-employees').textContent()) ?? '').replace(/\D/g, ''))).toBeGreaterThan(0);
    expect(Number(((await page.getByTestId('graph-stat-connections').textContent()) ?? '').replace(/\D/g, ''))).toBeGreaterThan(0);
    await screenshot(page, 'customer-graph');
  });

  it('the next wave copies the people and questions without answers, has its own analysis and compares with the first', { timeout: 180_000 }, async () => {
    const waveId = await startNextWave(page, engagementId, 'Engagement survey 2027');
    const wave = await api<{ participant_count: number; answer_count: number; previous_engagement_id: number | null }>(admin, `/engagements/${waveId}/`);
    expect(wave).toMatchObject({ participant_count: 30, answer_count: 0, previous_engagement_id: engagementId });
    // Six employees answer the new wave (through the API: the pages were walked above).
    for (const [index, person] of staff.slice(0, 6).entries()) await answerThroughApi(person.email, waveId, index);
    await runAnalysis(page, waveId);
    const waveRetention = await api<{ risk_summary: { total: number } }>(admin, `/engagements/${waveId}/retention-analytics-results/`);
    expect(waveRetention.risk_summary.total).toBe(30);
    // The new wave's Compare page opens on the first one: the same 30 people, matched by e-mail.
    await page.goto(`${baseUrl}/engagements/${waveId}/retention-analytics/compare.html`);
    await page.getByTestId('compare-summary').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('compare-earlier').inputValue()).toContain('Engagement survey 2026');
    expect(await page.getByTestId('compare-people-stayed').getAttribute('data-value')).toBe('30');
    expect(await page.getByTestId('compare-people-joined').getAttribute('data-value')).toBe('0');
    expect(await page.getByTestId('compare-people-left').getAttribute('data-value')).toBe('0');
    await screenshot(page, 'customer-compare');
    await page.close();
  });
});
