import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { expectPath, signIn } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';

const { baseUrl } = e2eServer();
const base = `${baseUrl}/instant-surveys`;
let hostBrowser: Awaited<ReturnType<typeof launchBrowser>>;
let phoneBrowser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  hostBrowser = await launchBrowser();
  phoneBrowser = await launchBrowser();
});
afterAll(async () => {
  await hostBrowser.close();
  await phoneBrowser.close();
});

async function api<T>(path: string, init: { method?: string; token?: string; instantToken?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': 'en-US' };
  if (init.token) headers.authorization = `Token ${init.token}`;
  if (init.instantToken) headers.authorization = `InstantToken ${init.instantToken}`;
  const res = await fetch(`${baseUrl}/api${path}`, { method: init.method ?? 'GET', headers, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) });
  return { status: res.status, body: (await res.json()) as T };
}

type TStoredUser = { id: number; token: string; currentQuestionIndex: number };
const storedUser = (page: Page, surveyId: string) =>
  page.evaluate((id) => (JSON.parse(localStorage.getItem('instantSurvey.users') ?? '{}') as Record<string, TStoredUser>)[String(id)] ?? null, surveyId);

describe('an instant survey, live, with a host and a participant on a phone', () => {
  let host: Page;
  let phone: Page;
  let hostToken = '';
  let surveyId = 0;
  /** What participants see: the survey's random public id. */
  let publicId = '';
  let code = '';
  const participantName = 'Phone Petra';

  it('the host signs in, picks a template with preview, lists a participant, saves and starts', async () => {
    host = await newPage(hostBrowser.browser, { locale: 'en' });
    await host.goto(`${base}/login.html`);
    await host.evaluate(() => { localStorage.clear(); localStorage.setItem('locale', 'en'); });
    await host.goto(`${base}/surveys/list.html`);
    await expectPath(host, '/instant-surveys/login.html');
    await signIn(host, baseUrl, 'admin@example.com', { open: false });
    await expectPath(host, '/instant-surveys/surveys/list.html');
    hostToken = (await host.evaluate(() => localStorage.getItem('auth.token'))) ?? '';
    await host.getByTestId('survey-item').first().waitFor();
    expect(await host.getByText('Team workshop (demo)').count()).toBeGreaterThan(0);

    await host.getByRole('link', { name: 'New survey' }).click();
    await expectPath(host, '/instant-surveys/surveys/new/templates.html');
    const card = host.getByTestId('template-card').filter({ hasText: 'Team workshop' }).first();
    await card.getByRole('button', { name: 'Preview' }).click();
    const dialog = host.getByRole('dialog');
    await dialog.getByText('Which project team would you join?').waitFor();
    await screenshot(host, 'instant-template-preview');
    await dialog.getByRole('button', { name: 'Use' }).click();
    await expectPath(host, '/instant-surveys/surveys/new/questions.html');
    await host.getByTestId('question-editor').first().waitFor();
    expect(await host.getByTestId('question-editor').count()).toBe(6);
    await host.getByLabel('Survey title').fill('E2E team day');
    // A reload or a closed tab goes past the app's router: the page asks the browser to confirm.
    const cancelsUnload = () => host.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })));
    expect(await cancelsUnload()).toBe(true);

    // Leaving with unsaved changes asks first; staying keeps the draft.
    await host.getByRole('tab', { name: 'Users' }).click();
    await host.getByText('Are you sure?').waitFor();
    await host.getByRole('button', { name: 'Continue crafting the survey' }).click();
    await expectPath(host, '/instant-surveys/surveys/new/questions.html');

    await host.getByRole('button', { name: 'Next: participants' }).click();
    await expectPath(host, '/instant-surveys/surveys/new/participants.html');
    await host.getByLabel('Name 1').fill('Listed Lara');
    await host.getByRole('button', { name: 'Save and start' }).click();
    await host.getByTestId('notification').filter({ hasText: 'Survey saved and started successfully' }).waitFor();
    await expectPath(host, /\/instant-surveys\/surveys\/\d+\/answers\.html$/);
    expect(await cancelsUnload()).toBe(false);
    surveyId = Number(/surveys\/(\d+)\//.exec(new URL(host.url()).pathname)?.[1]);
    code = (await host.getByTestId('survey-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{9}$/);
    const participantLink = (await host.getByTestId('copy-participant-link').getAttribute('data-link')) ?? '';
    publicId = /take-survey\/([0-9a-f-]{36})\.html/.exec(participantLink)?.[1] ?? '';
    expect(participantLink).toBe(`${base}/take-survey/${publicId}.html?code=${code}`);
    await host.getByTestId('answers-empty').waitFor();
    expect(await host.getByTestId('answers-empty').textContent()).toBe('No answers yet');
    await expect.poll(() => host.getByTestId('live-status').getAttribute('data-connected')).toBe('true');
    await screenshot(host, 'instant-host-started');
  });

  it('a participant joins by code on a 360 px page; the host sees them without a reload', async () => {
    phone = await newPage(phoneBrowser.browser, { locale: 'en' });
    await phone.setViewportSize({ width: 360, height: 740 });
    await phone.goto(`${base}/login.html`);
    await phone.getByLabel('Survey code').fill(code.toLowerCase());
    await phone.getByRole('button', { name: 'Join' }).click();
    await expectPath(phone, `/instant-surveys/take-survey/${publicId}.html`);
    expect(new URL(phone.url()).searchParams.get('code')).toBe(code);
    await phone.getByLabel('Your name').fill(participantName);
    await phone.getByRole('button', { name: 'Join the survey' }).click();
    await phone.getByTestId('question-progress').waitFor();
    expect(await phone.getByTestId('question-progress').textContent()).toBe('Question 1 of 6');
    await host.getByTestId('participant-name').filter({ hasText: participantName }).waitFor();
    // Listed Lara never opened the survey: the live counter counts the people who joined.
    await expect.poll(() => host.getByTestId('participant-counter').textContent()).toBe('Joined: 1');
    // The page must not scroll sideways on a phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('the participant answers every question type, resumes after a reload, and the host watches it arrive', async () => {
    // Bob joins from another device and names Petra, so that Petra's choice of Bob is mutual.
    const bob = await api<{ id: number; token: string }>(`/instant-survey/surveys/${publicId}/create-user/`, { method: 'POST', body: { name: 'Bob', survey_code: code } });
    const petra = await storedUser(phone, publicId);
    expect(petra?.id).toEqual(expect.any(Number));
    const survey = await api<{ questions: { id: number; type: string }[] }>(`/instant-survey/surveys/${surveyId}/`, { token: hostToken });
    const userSelect = survey.body.questions.find((q) => q.type === 'user_select')?.id;
    expect((await api(`/instant-survey/surveys/${publicId}/save-answer/`, { method: 'POST', instantToken: bob.body.token, body: { question_id: userSelect, value: { type: 'user_select', selected_users: [petra?.id] } } })).status).toBe(200);

    // 1 userSelect: Bob appears by himself (live), Lara was listed by the host.
    await phone.getByText('Bob', { exact: true }).click();
    await phone.getByText('Listed Lara', { exact: true }).click();
    await screenshot(phone, 'instant-phone-user-select');
    await phone.getByRole('button', { name: 'Next' }).click();
    // 2 options: tap a person, then a group.
    await phone.getByTestId('question-progress').filter({ hasText: 'Question 2 of 6' }).waitFor();
    await phone.getByTestId('group-person').filter({ hasText: participantName }).click();
    await phone.getByRole('button', { name: `Place ${participantName} here` }).first().click();
    await phone.getByTestId('group-option').first().getByText(participantName).waitFor();
    await screenshot(phone, 'instant-phone-options');
    await phone.getByRole('button', { name: 'Next' }).click();
    // 3 mood
    await phone.getByTestId('question-progress').filter({ hasText: 'Question 3 of 6' }).waitFor();
    await phone.getByRole('button', { name: 'Great' }).click();
    await phone.getByRole('button', { name: 'Next' }).click();
    // 4 intensity
    await phone.getByTestId('question-progress').filter({ hasText: 'Question 4 of 6' }).waitFor();
    await phone.getByLabel('Very', { exact: true }).check();
    await phone.getByRole('button', { name: 'Next' }).click();
    await phone.getByTestId('question-progress').filter({ hasText: 'Question 5 of 6' }).waitFor();

    // A reload resumes on the same question with the same identity.
    await phone.reload();
    await phone.getByTestId('question-progress').filter({ hasText: 'Question 5 of 6' }).waitFor();
    expect((await storedUser(phone, publicId))?.id).toBe(petra?.id);
    await phone.getByRole('button', { name: 'Previous' }).click();
    await phone.getByTestId('question-progress').filter({ hasText: 'Question 4 of 6' }).waitFor();
    expect(await phone.getByLabel('Very', { exact: true }).isChecked()).toBe(true);
    await phone.getByRole('button', { name: 'Next' }).click();

    // 5 free text
    await phone.getByTestId('question-progress').filter({ hasText: 'Question 5 of 6' }).waitFor();
    await phone.getByRole('textbox').fill('A good plan for the quarter');
    await phone.getByRole('button', { name: 'Next' }).click();
    // 6 scaling with the remaining points shown
    await phone.getByTestId('question-progress').filter({ hasText: 'Question 6 of 6' }).waitFor();
    expect(await phone.getByTestId('remaining-points').textContent()).toBe('Remaining points: 10');
    await phone.getByLabel('Strategy').fill('6');
    await phone.getByLabel('Processes').fill('4');
    await expect.poll(() => phone.getByTestId('remaining-points').textContent()).toBe('Remaining points: 0');
    await screenshot(phone, 'instant-phone-scaling');
    await phone.getByRole('button', { name: 'Finish' }).click();
    await expectPath(phone, `/instant-surveys/take-survey/${publicId}/thankyou.html`);
    await phone.getByTestId('thank-you').waitFor();
    await screenshot(phone, 'instant-phone-thank-you');
    // Coming back to the survey's page after finishing shows the thank-you page, not the last question.
    await phone.goto(`${base}/take-survey/${publicId}.html?code=${code}`);
    await expectPath(phone, `/instant-surveys/take-survey/${publicId}/thankyou.html`);
    await phone.getByTestId('thank-you').waitFor();

    // The host's page filled in by itself: answers, the graph and the analysis.
    await expect.poll(() => host.getByTestId('answer-row').count(), { timeout: 30_000 }).toBe(7);
    expect(await host.getByText('A good plan for the quarter').count()).toBe(1);
    await screenshot(host, 'instant-host-answers');
    await host.getByRole('tab', { name: 'Graph' }).click();
    const graph = host.getByTestId('live-graph');
    await expect.poll(() => graph.getAttribute('data-node-count')).toBe('3');
    await expect.poll(() => graph.getAttribute('data-edge-count')).toBe('3');
    expect(await graph.getAttribute('data-mutual-count')).toBe('1');
    await screenshot(host, 'instant-host-graph');
    await host.getByRole('tab', { name: 'Analysis' }).click();
    await host.getByTestId('analysis-mutual').getByText(`${participantName} ⇄ Bob`).or(host.getByTestId('analysis-mutual').getByText(`Bob ⇄ ${participantName}`)).waitFor();
    await screenshot(host, 'instant-host-analysis');
  });

  it('editing the started survey offers Save but not Save and start', async () => {
    await host.getByRole('button', { name: 'Edit', exact: true }).click();
    await expectPath(host, '/instant-surveys/surveys/new/questions.html');
    await host.getByRole('button', { name: 'Next: participants' }).click();
    await expectPath(host, '/instant-surveys/surveys/new/participants.html');
    await host.getByRole('button', { name: 'Save', exact: true }).waitFor();
    expect(await host.getByRole('button', { name: 'Save and start' }).count()).toBe(0);
    await host.getByRole('button', { name: 'Save', exact: true }).click();
    await expectPath(host, `/instant-surveys/surveys/${surveyId}/answers.html`);
  });

  it('the host closes the survey and the participant can no longer answer', async () => {
    await host.getByRole('button', { name: 'Close survey' }).click();
    await host.getByTestId('survey-state').and(host.locator('[data-state="closed"]')).waitFor();
    await phone.goto(`${base}/take-survey/${publicId}.html?code=${code}`);
    await phone.getByTestId('survey-closed').waitFor();
    await screenshot(phone, 'instant-phone-closed');
    const petra = await storedUser(phone, publicId);
    const survey = await api<{ questions: { id: number; type: string }[] }>(`/instant-survey/surveys/${surveyId}/`, { token: hostToken });
    const freetext = survey.body.questions.find((q) => q.type === 'freetext')?.id;
    const late = await api<{ code: string }>(`/instant-survey/surveys/${publicId}/save-answer/`, { method: 'POST', instantToken: petra?.token, body: { question_id: freetext, value: { type: 'freetext', text: 'too late' } } });
    expect(late).toEqual({ status: 409, body: { code: 'survey_closed', detail: 'This survey is closed.' } });
  });

  it('the demo survey DEMO2026A is open to join, and the host pages read in Hungarian', async () => {
    const found = await api<{ survey: { title: string; state: string } }>('/instant-survey/surveys/login-with-survey-code/', { method: 'POST', body: { survey_code: 'demo2026a' } });
    expect(found.body.survey).toMatchObject({ title: 'Team workshop (demo)', state: 'started' });
    const hu = await newPage(hostBrowser.browser, { locale: 'hu' });
    await hu.goto(`${base}/surveys/list.html`);
    await hu.getByRole('tab', { name: 'Felmérések' }).waitFor();
    await hu.getByText('Új felmérés').waitFor();
    await screenshot(hu, 'instant-host-list-hu');
    await hu.close();
  });
});

describe('a participant who joins before the start', () => {
  it('waits on "Hang on, we will start in a minute..." and moves on by itself when the host starts; finishing without an answer counts', async () => {
    const host = await newPage(hostBrowser.browser, { locale: 'en' });
    await host.goto(`${base}/surveys/list.html`);
    await host.getByTestId('survey-item').first().waitFor();
    const hostToken = (await host.evaluate(() => localStorage.getItem('auth.token'))) ?? '';
    const created = await api<{ id: number; public_id: string; code: string }>('/instant-survey/surveys/', { method: 'POST', token: hostToken, body: { title: 'E2E early birds', questions: [{ label: 'Anything on your mind?', type: 'freetext' }], participants: [] } });
    expect(created.status).toBe(201);
    const { id, public_id: linkId, code } = created.body;
    await host.goto(`${base}/surveys/${id}/answers.html`);
    await host.getByTestId('survey-state').and(host.locator('[data-state="pending"]')).waitFor();
    const link = (await host.getByTestId('copy-participant-link').getAttribute('data-link')) ?? '';
    expect(link).toBe(`${base}/take-survey/${linkId}.html?code=${code}`);

    // A link with a code that is not the survey's tells nothing about it.
    const phone = await newPage(phoneBrowser.browser, { locale: 'en' });
    await phone.setViewportSize({ width: 360, height: 740 });
    await phone.goto(`${base}/take-survey/${linkId}.html?code=${code === 'ZZZZZZZZZ' ? 'YYYYYYYYY' : 'ZZZZZZZZZ'}`);
    await phone.getByTestId('survey-not-found').waitFor();

    // The shared link carries the code.
    await phone.goto(link);
    await phone.getByLabel('Your name').fill('Early Erin');
    await phone.getByRole('button', { name: 'Join the survey' }).click();
    await phone.getByTestId('survey-waiting').waitFor();
    expect(await phone.getByTestId('survey-waiting').textContent()).toBe('Hang on, we will start in a minute...');
    await expect.poll(() => host.getByTestId('participant-counter').textContent()).toBe('Joined: 1');
    await screenshot(phone, 'instant-phone-waiting');

    await host.getByRole('button', { name: 'Start', exact: true }).click();
    await phone.getByTestId('question-progress').filter({ hasText: 'Question 1 of 1' }).waitFor();
    expect(await phone.getByTestId('question-label').textContent()).toBe('Anything on your mind?');

    // Finish with the only question left empty: no answer to save, yet the finish is recorded.
    await phone.getByRole('button', { name: 'Finish' }).click();
    await expectPath(phone, `/instant-surveys/take-survey/${linkId}/thankyou.html`);
    await expect
      .poll(async () => (await api<{ participants: { name: string; finished: boolean }[] }>(`/instant-survey/surveys/${id}/`, { token: hostToken })).body.participants.find((p) => p.name === 'Early Erin')?.finished)
      .toBe(true);
    await phone.close();
    await host.close();
  });

  it('a host sent back to the questions from the participants step sees what is wrong there', async () => {
    const host = await newPage(hostBrowser.browser, { locale: 'en' });
    // A fresh page has the default draft: no title, one unlabelled question.
    await host.goto(`${base}/surveys/new/participants.html`);
    await host.getByRole('button', { name: 'Save', exact: true }).click();
    await expectPath(host, '/instant-surveys/surveys/new/questions.html');
    await host.getByTestId('questions-error').getByText('Please check questions data.').waitFor();
    await host.getByText('Please add a title to your survey.').waitFor();
    await host.close();
  });
});

describe('the Users and Groups tabs of the instant-survey tool', () => {
  /** A host page of its own browser, signed in on the instant-survey login, at `path`. */
  let peopleBrowser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    peopleBrowser = await launchBrowser();
    const page = await newPage(peopleBrowser.browser, { locale: 'en' });
    await page.goto(`${base}/login.html`);
    await page.evaluate(() => { localStorage.clear(); localStorage.setItem('locale', 'en'); });
    await page.goto(`${base}/users.html`);
    await page.waitForURL((url) => url.pathname === '/instant-surveys/login.html');
    await signIn(page, baseUrl, 'admin@example.com', { open: false });
    await page.waitForURL((url) => url.pathname === '/instant-surveys/users.html');
    await page.getByRole('button', { name: 'New user' }).waitFor();
    await page.close();
  });
  afterAll(async () => peopleBrowser.close());

  it('a host creates, modifies and deletes users, with the spec’s notices', async () => {
    const host = await newPage(peopleBrowser.browser, { locale: 'en' });
    await host.goto(`${base}/users.html`);
    await host.getByRole('button', { name: 'New user' }).click();
    const form = host.getByRole('dialog');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Please provide a name for the participant.').waitFor();
    await form.getByLabel('Name').fill('Tab Tamara');
    await form.getByLabel('E-mail').fill('tamara@tabs.test');
    await form.getByRole('button', { name: 'Save' }).click();
    await host.getByText('The new user has been created.').waitFor();
    await host.getByTestId('user-row').filter({ hasText: 'tamara@tabs.test' }).waitFor();

    await host.getByRole('button', { name: 'New user' }).click();
    await host.getByRole('dialog').getByLabel('Name').fill('Tab Tobias');
    await host.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await host.getByText('The new user has been created.').first().waitFor();
    await host.getByTestId('user-row').filter({ hasText: 'Tab Tobias' }).waitFor();

    await host.getByTestId('user-row').filter({ hasText: 'tamara@tabs.test' }).getByRole('button', { name: 'Modify user' }).click();
    await host.getByRole('dialog').getByLabel('Name').fill('Tab Tamara Kiss');
    await host.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await host.getByText('User data has been modified.').waitFor();
    await host.getByTestId('user-row').filter({ hasText: 'Tab Tamara Kiss' }).waitFor();
    await screenshot(host, 'instant-users-tab');
    await host.close();
  });

  it('a host makes a group with the member search rules, opens it and deletes it after confirming', async () => {
    const host = await newPage(peopleBrowser.browser, { locale: 'en' });
    await host.goto(`${base}/groups/list.html`);
    await host.getByRole('link', { name: 'New group' }).click();
    await expectPath(host, '/instant-surveys/groups/new.html');
    await host.getByLabel('Group name').fill('Tab crew');
    const members = host.getByRole('textbox', { name: 'Members' });
    await members.click();
    await members.fill('ta');
    await host.getByText('Please type at least 3 characters to search').waitFor();
    await members.fill('Tab T');
    await host.getByRole('option', { name: /Tab Tamara Kiss/ }).click();
    await members.fill('Tab T');
    await host.getByRole('option', { name: /Tab Tobias/ }).click();
    await members.fill('zzzz');
    await host.getByText('Sorry, no results for this search term!').waitFor();
    await members.fill('');
    await host.keyboard.press('Escape');
    await host.getByRole('button', { name: 'Save' }).click();
    await host.getByText('The new group has been created.').waitFor();
    await expectPath(host, '/instant-surveys/groups/list.html');
    const row = host.getByTestId('group-row').filter({ hasText: 'Tab crew' });
    await row.waitFor();
    expect(await row.textContent()).toContain('2');

    await row.click();
    await host.getByRole('button', { name: 'Delete' }).click();
    await host.getByRole('dialog').getByText('Are you sure you want to delete this group?').waitFor();
    await screenshot(host, 'instant-group-delete-confirmation');
    await host.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await host.getByText('The group has been deleted.').waitFor();
    await expectPath(host, '/instant-surveys/groups/list.html');
    await expect.poll(() => host.getByTestId('group-row').filter({ hasText: 'Tab crew' }).count()).toBe(0);

    await host.goto(`${base}/users.html`);
    await host.getByTestId('user-row').filter({ hasText: 'Tab Tobias' }).getByRole('button', { name: 'Delete' }).click();
    await host.getByRole('dialog').getByText('Are you sure you want to delete this user?').waitFor();
    await host.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await host.getByText('User has been deleted.').waitFor();
    await expect.poll(() => host.getByTestId('user-row').filter({ hasText: 'Tab Tobias' }).count()).toBe(0);
    await host.close();
  });
});
