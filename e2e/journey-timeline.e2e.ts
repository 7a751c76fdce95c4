import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { signedInPage } from './support/session.ts';
import { surveyAdminApi } from './support/survey-admin-api.ts';
import { e2eServer } from './support/e2e-workers.ts';
import { seriousAxeFindings } from './support/axe.ts';

const { baseUrl } = e2eServer();
const { token, call } = surveyAdminApi(baseUrl);

type TJourney = { id: number; name: string; state: string; access_till: string };
type TStep = { id: number; kind: string; status: string; local_time: string; reason: string | null };
type TOverview = { participants_with_email: number; invited_count: number };

let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;
let admin: string;
let journeyId: number;
let timeZone: string;

/** A local date some days from now in the organisation's time zone, at a wall-clock time. */
function localIn(days: number, time: string): string {
  const day = new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone });
  return `${day}T${time}`;
}
/** The planned steps; the administrators' daily digests, which follow the opening, left out. */
const steps = async () => (await call<{ steps: TStep[] }>(admin, `/engagements/${journeyId}/schedule/`)).steps.filter((step) => step.kind !== 'digest');
const row = (page: Page, kind: string) => page.getByTestId(`timeline-step-${kind}`);

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
  admin = await token('admin@example.com');
  timeZone = (await call<{ time_zone: string }>(admin, '/organization/')).time_zone;
  // A journey of its own (the next wave of an analysed demo journey: its people and questionnaire), so no other test's journey is touched.
  const journeys = await call<TJourney[]>(admin, '/engagements/');
  const analysed = journeys.find((journey) => journey.state === 'analysed');
  if (!analysed) throw new Error('the demo has no analysed journey');
  const today = new Date().toISOString().slice(0, 10);
  const till = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  journeyId = (await call<TJourney>(admin, `/engagements/${analysed.id}/next-wave/`, { method: 'POST', body: { name: 'Timeline wave', access_from: today, access_till: till } })).id;
});
afterAll(async () => chromium?.close());

describe('the journey page’s schedule and timeline', () => {
  it('schedules a journey, moves a step, sends one now and skips one, each shown on the timeline', async () => {
    const page = await signedInPage(browser, baseUrl, 'admin@example.com', { width: 390, height: 844 });
    await page.goto(`${baseUrl}/engagements/${journeyId}.html`);
    const section = page.getByTestId('journey-schedule');
    await section.getByTestId('timeline-empty').waitFor();
    await expect.poll(() => section.getByTestId('schedule-time-zone').textContent()).toContain(timeZone);

    await page.getByLabel(/^Opening/).fill(localIn(3, '09:00'));
    await page.getByLabel(/^Closing/).fill(localIn(10, '17:00'));
    // One reminder two days after the invitation (moved on to the next sending hour if it falls
    // outside), none on the last day, and a yearly repeat.
    await page.getByLabel(/^Reminders, days after the invitation/).fill('2');
    await page.getByLabel(/^Reminder on the last day at/).fill('');
    await page.getByTestId('schedule-repeat').click();
    await page.getByRole('option', { name: 'Every 12 months' }).click();
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await row(page, 'close').waitFor();
    await expect.poll(async () => (await steps()).map((step) => [step.kind, step.status])).toEqual([['open', 'pending'], ['reminder', 'pending'], ['close', 'pending']]);
    expect((await call<{ every_months: number | null }>(admin, `/engagements/${journeyId}/schedule/repeat/`)).every_months).toBe(12);
    await row(page, 'open').getByRole('button', { name: /^Send now/ }).waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);

    // Move the closing two days later, by keyboard in the dialog.
    await row(page, 'close').getByRole('button', { name: /^Move/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Move/ });
    await dialog.getByLabel(/^New date and time/).waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await dialog.getByLabel(/^New date and time/).fill(localIn(12, '16:30'));
    await dialog.getByLabel(/^New date and time/).press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await steps()).find((step) => step.kind === 'close')?.local_time).toBe(localIn(12, '16:30'));
    // The page reloads the schedule after the dialog closes; it shows the new time once it has.
    await expect.poll(() => row(page, 'close').getByTestId('timeline-step-time').textContent()).toContain('4:30');

    // Send the opening now: the engine writes the invitations, the timeline shows it done.
    await row(page, 'open').getByRole('button', { name: /^Send now/ }).click();
    await expect.poll(() => row(page, 'open').getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    await expect.poll(() => row(page, 'open').getByTestId('timeline-step-status').textContent()).toBe('Done');
    const overview = await call<TOverview>(admin, `/engagements/${journeyId}/survey/overview/`);
    expect(overview.participants_with_email).toBeGreaterThan(0);
    expect(overview.invited_count).toBe(overview.participants_with_email);

    // Skip the closing: cancelled, with why.
    await row(page, 'close').getByRole('button', { name: /^Skip/ }).click();
    await expect.poll(() => row(page, 'close').getAttribute('data-status')).toBe('cancelled');
    expect(await row(page, 'close').getByTestId('timeline-step-reason').textContent()).toBe('Skipped by an administrator.');
    expect(await row(page, 'open').getByRole('button').count()).toBe(0);
    expect((await steps()).map((step) => [step.kind, step.status, step.reason])).toEqual([['open', 'done', null], ['reminder', 'pending', null], ['close', 'cancelled', 'skipped']]);
    await screenshot(page, 'journey-timeline-en-phone');

    const hungarian = await newPage(browser, { locale: 'hu' });
    await hungarian.setViewportSize({ width: 1280, height: 900 });
    await hungarian.goto(`${baseUrl}/engagements/${journeyId}.html`);
    await expect.poll(() => row(hungarian, 'close').getByTestId('timeline-step-reason').textContent()).toBe('Egy adminisztrátor kihagyta.');
    await screenshot(hungarian, 'journey-timeline-hu');
  });
});
