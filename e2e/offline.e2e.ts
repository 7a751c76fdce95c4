import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { expectPath, signedInPage } from './support/session.ts';
import { surveyAdminApi } from './support/survey-admin-api.ts';
import { e2eServer } from './support/e2e-workers.ts';
import { openDemoJourney } from './support/demo-journeys.ts';

/**
 * A dropped connection in the middle of answering (issue 17, "offline-tolerant participants"):
 * the network goes down (playwright's `setOffline`), the person answers on, the screen says the
 * answers will be sent, the network returns, and every answer is stored exactly once, read back
 * through the API.
 */

const { baseUrl } = e2eServer();
const { token, call } = surveyAdminApi(baseUrl);

let chromium: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  chromium = await launchBrowser();
});
afterAll(async () => chromium?.close());

type TEmployeeSurvey = { questions: { id: number; order?: number }[]; available_users: { id: number }[]; answers: { question: number; selected_users: number[]; answered: boolean }[] };

describe('the employee survey without a connection', () => {
  it('keeps the choices made offline, says so, and stores each once when the connection returns', { timeout: 120_000 }, async () => {
    const employee = await token('employee@example.com');
    const engagements = await call<{ id: number; name: string; access_till: string }[]>(employee, '/engagements/');
    const openJourney = openDemoJourney(engagements).id;
    await call(employee, `/engagements/${openJourney}/survey/accept-terms/`, { method: 'POST', body: {} });
    const before = await call<TEmployeeSurvey>(employee, `/engagements/${openJourney}/survey/`);

    const browser = chromium.browser;
    const page = await signedInPage(browser, baseUrl, 'employee@example.com');
    await page.goto(`${baseUrl}/engagements/${openJourney}/survey/question_1.html`);
    await page.getByTestId('survey-question').waitFor();
    const firstQuestion = Number(await page.getByTestId('survey-question').getAttribute('data-question-id'));

    await browser.setOffline(true);
    /** Picks the first colleague not yet chosen on this question; returns their id. */
    const pickOne = async (): Promise<number> => {
      const option = page.locator('[data-testid="colleague-option"][data-selected="false"]').first();
      const id = Number(await option.getAttribute('data-colleague-id'));
      await option.locator('input[type="checkbox"]').click();
      await expect.poll(() => page.locator(`[data-testid="colleague-option"][data-colleague-id="${id}"]`).getAttribute('data-selected')).toBe('true');
      return id;
    };
    const firstPick = await pickOne();
    await expect.poll(() => page.getByTestId('save-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('offline');
    expect(await page.getByTestId('save-status').textContent()).toContain('You are offline. Your answers will be sent when you are back online.');

    // On to the next question while still offline: the first answer keeps waiting, and the screen still says so.
    await page.getByTestId('survey-next').click();
    await expectPath(page, `/engagements/${openJourney}/survey/question_2.html`);
    await page.locator('[data-testid="survey-question"][data-page="2"]').waitFor();
    const secondQuestion = Number(await page.getByTestId('survey-question').getAttribute('data-question-id'));
    const secondPick = await pickOne();
    await expect.poll(() => page.getByTestId('save-status').getAttribute('data-status')).toBe('offline');
    await screenshot(page, 'offline-employee-question');

    await browser.setOffline(false);
    await expect.poll(() => page.getByTestId('save-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('saved');

    const after = await call<TEmployeeSurvey>(employee, `/engagements/${openJourney}/survey/`);
    const stored = (question: number) => after.answers.filter((answer) => answer.question === question);
    const was = (question: number) => before.answers.find((answer) => answer.question === question)?.selected_users ?? [];
    expect(stored(firstQuestion)).toHaveLength(1);
    expect(stored(secondQuestion)).toHaveLength(1);
    expect([...stored(firstQuestion)[0]!.selected_users].sort()).toEqual([...was(firstQuestion), firstPick].sort());
    expect([...stored(secondQuestion)[0]!.selected_users].sort()).toEqual([...was(secondQuestion), secondPick].sort());
    await page.close();
  });
});

describe('an instant survey without a connection', () => {
  it('lets a participant answer on and finish offline, says so, and stores each answer once when the connection returns', { timeout: 120_000 }, async () => {
    const host = await token('admin@example.com');
    const created = await call<{ id: number; public_id: string; code: string }>(host, '/instant-survey/surveys/', {
      method: 'POST',
      body: { title: 'E2E offline room', questions: [{ label: 'What went well?', type: 'freetext' }, { label: 'What should change?', type: 'freetext' }], participants: [] },
    });
    await call(host, `/instant-survey/surveys/${created.id}/start-survey/`, { method: 'POST', body: {} });

    const browser = chromium.browser;
    const phone = await newPage(browser, { locale: 'en' });
    await phone.setViewportSize({ width: 360, height: 740 });
    await phone.goto(`${baseUrl}/instant-surveys/take-survey/${created.public_id}.html?code=${created.code}`);
    await phone.getByLabel('Your name').fill('Offline Olga');
    await phone.getByRole('button', { name: 'Join the survey' }).click();
    await phone.getByTestId('question-progress').filter({ hasText: 'Question 1 of 2' }).waitFor();

    await browser.setOffline(true);
    await phone.getByRole('textbox', { name: 'What went well?' }).fill('The offsite');
    await phone.getByRole('button', { name: 'Next' }).click();
    await phone.getByTestId('offline-status').waitFor();
    expect(await phone.getByTestId('offline-status').textContent()).toBe('You are offline. Your answers are kept and will be sent when you are back online.');
    await phone.getByTestId('question-progress').filter({ hasText: 'Question 2 of 2' }).waitFor();
    await phone.getByRole('textbox', { name: 'What should change?' }).fill('Shorter meetings');
    await phone.getByRole('button', { name: 'Finish' }).click();
    // Still offline: the participant stays on the last question, told that the answers wait.
    await phone.getByTestId('offline-status').waitFor();
    await screenshot(phone, 'offline-instant-question');

    await browser.setOffline(false);
    await expectPath(phone, `/instant-surveys/take-survey/${created.public_id}/thankyou.html`);
    await phone.getByTestId('thank-you').waitFor();

    const survey = await call<{ questions: { id: number; label: string }[]; participants: { id: number; name: string; finished: boolean }[]; answers: { participant_id: number; question_id: number; value: { type: string; text?: string } }[] }>(host, `/instant-survey/surveys/${created.id}/`);
    const olga = survey.participants.find((p) => p.name === 'Offline Olga')!;
    expect(olga.finished).toBe(true);
    const answers = survey.answers.filter((answer) => answer.participant_id === olga.id);
    const textOf = (label: string) => {
      const question = survey.questions.find((q) => q.label === label)!.id;
      return answers.filter((answer) => answer.question_id === question).map((answer) => answer.value.text);
    };
    expect(answers).toHaveLength(2);
    expect(textOf('What went well?')).toEqual(['The offsite']);
    expect(textOf('What should change?')).toEqual(['Shorter meetings']);
    await phone.close();
  });
});
