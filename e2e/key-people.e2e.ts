import type { TConfidence, TKeyPeopleAsValues, TKeyPeopleListPage } from '@ona/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { analyticsApi } from './support/analytics-api.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { expectPath, signIn } from './support/session.ts';
import { e2eServer } from './support/e2e-workers.ts';

const { baseUrl } = e2eServer();
/** Waits for the page to settle on a value: generous, since the machine's two cores are shared. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });
const api = analyticsApi(baseUrl);
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: BrowserContext;
let adminToken: string;
let engagementId: number;
let openEngagementId: number;
type TRow = TKeyPeopleListPage['data'][number];
/** Every person the admin sees (all pages of the list), its units and explanations, read through the API. */
let analytics: { results: TRow[]; units: TKeyPeopleListPage['units']; explanations: TKeyPeopleListPage['explanations'] };

async function everyone(token: string): Promise<typeof analytics> {
  const first = (await api.get<TKeyPeopleListPage>(token, `/engagements/${engagementId}/key-people-analytics/?page_size=500&sort=name`)).body;
  const results = [...first.data];
  for (let page = 2; page <= Math.ceil(first.total / 500); page += 1) {
    results.push(...(await api.get<TKeyPeopleListPage>(token, `/engagements/${engagementId}/key-people-analytics/?page_size=500&sort=name&page=${page}`)).body.data);
  }
  return { results, units: first.units, explanations: first.explanations };
}

beforeAll(async () => {
  chromium = await launchBrowser();
  browser = chromium.browser;
  adminToken = await api.token('admin@example.com');
  const engagements = (await api.get<{ id: number; name: string; state: string }[]>(adminToken, '/engagements/')).body;
  engagementId = engagements.find((e) => e.name.includes('spring'))!.id;
  // The demo also has the analysed wave before the spring one: the open survey is found by its state.
  openEngagementId = engagements.find((e) => e.state === 'open')!.id;
  analytics = await everyone(adminToken);
});
afterAll(async () => chromium.close());

async function signedIn(email: string, viewport?: { width: number; height: number }): Promise<Page> {
  await browser.clearCookies();
  // No locale init script: it would reset the language on every load, and one test switches to Hungarian.
  const page = await newPage(browser);
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(`${baseUrl}/auth/login.html`);
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem('locale', 'en');
  });
  // Open the login page again so it renders in English whatever an earlier test left saved.
  await page.reload();
  await signIn(page, baseUrl, email, { open: false });
  await expectPath(page, '/engagements/list.html');
  return page;
}

async function openKeyPeople(email: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await signedIn(email, viewport);
  await page.goto(`${baseUrl}/engagements/${engagementId}/key-people-analytics/list.html`);
  return page;
}

const shownCount = async (page: Page) => Number(await page.getByTestId('key-people-count').getAttribute('data-shown'));
const rowIds = (page: Page) => page.getByTestId('key-person-row').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-employee-id'))));
const rowNames = (page: Page) => page.getByTestId('key-person-name').allTextContents();
const withRole = (r: TRow) => r.key_roles.length + r.group_roles.length > 0;

/** The list's order of names (docs/analysis-result-parts.md, "Lists"): the default collator, ties by id. */
const byName = (rows: readonly TRow[]) => {
  const collator = new Intl.Collator();
  return [...rows].sort((a, b) => collator.compare(a.employee.name, b.employee.name) || a.employee.id - b.employee.id).map((r) => r.employee.name);
};

/** Units below and including `unitId`, from the API's flat unit list. */
function subtree(unitId: number): Set<number> {
  const found = new Set([unitId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const unit of analytics.units) if (unit.parent !== null && found.has(unit.parent) && !found.has(unit.id)) (found.add(unit.id), (grew = true));
  }
  return found;
}

/** Picks a unit in the sidebar's department filter of one group (the Filter tab is open by default). */
async function chooseUnit(page: Page, side: 'source' | 'target', name: string): Promise<void> {
  const input = page.getByTestId(`as-values-${side}-units`);
  await input.click();
  await input.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** Style tab: Show values. */
async function showValues(page: Page): Promise<void> {
  await page.getByTestId('key-people-tab-style').click();
  // The switch follows the address (view=values), which the click changes: wait for the address.
  await page.getByRole('switch', { name: 'Show values' }).click();
  await poll(() => new URL(page.url()).searchParams.get('view')).toBe('values');
  await page.getByTestId('key-people-tab-filter').click();
}

describe('the key people list of the analysed demo', () => {
  it('shows the people with a role, each with the key and group roles the API gives them', async () => {
    const page = await openKeyPeople('admin@example.com');
    await page.getByTestId('key-people-table').waitFor();
    const expected = analytics.results.filter(withRole);
    expect(expected.length).toBeGreaterThan(50);
    expect(await shownCount(page)).toBe(expected.length);
    expect(Number(await page.getByTestId('key-people-count').getAttribute('data-total'))).toBe(analytics.results.length);
    // First page: 50 rows, each with exactly the roles the API lists.
    const ids = await rowIds(page);
    expect(ids).toHaveLength(50);
    const byId = new Map(analytics.results.map((r) => [r.employee.id, r]));
    for (const id of ids.slice(0, 10)) {
      const row = page.locator(`[data-testid="key-person-row"][data-employee-id="${id}"]`);
      expect(await row.getByTestId('key-person-key-roles').getAttribute('data-roles')).toBe(byId.get(id)!.key_roles.join(' '));
      expect(await row.getByTestId('key-person-group-roles').getAttribute('data-roles')).toBe(byId.get(id)!.group_roles.join(' '));
      expect(await row.getByTestId('key-person-name').textContent()).toBe(byId.get(id)!.employee.name);
    }
    // Sorted by number of key roles, most first: the first row holds the most.
    const most = Math.max(...expected.map((r) => r.key_roles.length));
    expect(byId.get(ids[0]!)!.key_roles.length).toBe(most);
    await page.mouse.move(2, 2);
    await screenshot(page, 'key-people-list');

    // Everyone, including people without a role.
    await page.getByRole('switch', { name: 'Only people with a key or group role' }).uncheck();
    await poll(() => shownCount(page)).toBe(analytics.results.length);
    await page.close();
  });

  it('shows the confidence band beside the figures, explains it on keyboard focus, and says which rankings hold', async () => {
    const answer = await api.get<TConfidence>(adminToken, `/engagements/${engagementId}/confidence/?module=key_people_analytics`);
    expect(answer.status).toBe(200);
    const confidence = answer.body;
    expect(confidence.available).toBe(true);
    const page = await openKeyPeople('admin@example.com');
    const badge = page.getByTestId('confidence-badge');
    // Generous: the badge comes with its own request, after the page's, on a shared machine.
    await badge.waitFor({ timeout: 45_000 }).catch(async (error: unknown) => {
      await screenshot(page, 'key-people-confidence-missing');
      throw error;
    });
    expect(await badge.getAttribute('data-band')).toBe(confidence.response!.band);
    expect(await badge.textContent()).toContain(`${Math.floor(confidence.response!.rate * 100)}% answered`);
    await badge.focus();
    await page.getByRole('tooltip').filter({ hasText: `${confidence.response!.answered} of the ${confidence.response!.asked} people asked answered` }).waitFor();
    const unstable = confidence.networks[0]!.centralities.filter((c) => c.verdict === 'unstable').map((c) => c.centrality);
    expect(await page.getByTestId('stability-note').getAttribute('data-unstable')).toBe(unstable.join(' '));
    await screenshot(page, 'key-people-confidence');
    await page.close();
  });

  it('explains every role with the manager sentence the API sends', async () => {
    const page = await openKeyPeople('admin@example.com');
    await page.getByTestId('role-help').getByRole('button').click();
    for (const [role, sentence] of Object.entries(analytics.explanations.key_roles)) {
      expect(await page.getByTestId(`role-help-key-${role}`).textContent()).toContain(sentence);
    }
    for (const [role, sentence] of Object.entries(analytics.explanations.group_roles)) {
      expect(await page.getByTestId(`role-help-group-${role}`).textContent()).toContain(sentence);
    }
    await screenshot(page, 'key-people-role-help');
    await page.close();
  });

  it('lists the target group the sidebar applies (a unit with its sub-units), then filters by a role and by a search of at least three characters', async () => {
    const page = await openKeyPeople('admin@example.com');
    await page.getByTestId('key-people-table').waitFor();
    // A unit with sub-units whose people hold roles, chosen as the target group's department.
    const parentUnit = analytics.units.find((u) => u.parent !== null && analytics.units.some((c) => c.parent === u.id))!;
    const inUnit = subtree(parentUnit.id);
    const expectedInUnit = analytics.results.filter((r) => withRole(r) && r.unit !== null && inUnit.has(r.unit));
    expect(await page.getByTestId('key-people-recalculate').isDisabled()).toBe(true);
    await chooseUnit(page, 'target', parentUnit.name);
    // Nothing changes until Recalculate: the sidebar says the groups are waiting.
    await page.getByTestId('key-people-pending').waitFor();
    expect(await shownCount(page)).toBe(analytics.results.filter(withRole).length);
    await page.getByTestId('key-people-recalculate').click();
    await poll(() => shownCount(page)).toBe(expectedInUnit.length);
    for (const id of await rowIds(page)) expect(expectedInUnit.some((r) => r.employee.id === id)).toBe(true);
    // The applied group is in the address, under the API's name, so a reload keeps it.
    expect(new URL(page.url()).searchParams.getAll('tun')).toEqual([String(parentUnit.id)]);
    await page.reload();
    await poll(() => shownCount(page)).toBe(expectedInUnit.length);

    // Add a role filter: only advisors of that unit.
    const advisors = expectedInUnit.filter((r) => r.key_roles.includes('advisor'));
    await page.getByTestId('key-people-roles').click();
    await page.getByRole('option', { name: /^Advisor \(\d+\)/ }).click();
    await page.keyboard.press('Escape');
    await poll(() => shownCount(page)).toBe(advisors.length);
    for (const roles of await page.getByTestId('key-person-key-roles').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-roles') ?? ''))) {
      expect(roles.split(' ')).toContain('advisor');
    }
    await screenshot(page, 'key-people-unit-and-role');

    // Back to everyone (empty groups), reset the quick filters, then search: two characters filter
    // nothing and say so; three search.
    await page.goto(`${baseUrl}/engagements/${engagementId}/key-people-analytics/list.html`);
    await page.getByTestId('key-people-table').waitFor();
    await page.getByTestId('key-people-reset').click();
    const all = analytics.results.filter(withRole).length;
    await poll(() => shownCount(page)).toBe(all);
    const someone = analytics.results.find((r) => withRole(r) && r.employee.name.length > 5)!;
    const search = page.getByTestId('key-people-search');
    await search.fill(someone.employee.name.slice(0, 2));
    // The sidebar's pickers hold the same words in their closed dropdowns: the visible one is the search's.
    await page.getByText('Please type at least 3 characters to search').filter({ visible: true }).waitFor();
    expect(await shownCount(page)).toBe(all);
    await search.fill(someone.employee.name);
    await poll(() => shownCount(page)).toBeLessThan(all);
    expect(await rowIds(page)).toContain(someone.employee.id);
    await search.fill('zzzqqq');
    await page.getByText('Sorry, no results for this search term!').filter({ visible: true }).waitFor();
    await page.close();
  });

  it('sorts by employee name both ways and by group roles', async () => {
    const page = await openKeyPeople('admin@example.com');
    await page.getByTestId('key-people-table').waitFor();
    const expected = byName(analytics.results.filter(withRole));

    // The head turns at once; the rows follow when the server's page comes (`data-stale` meanwhile).
    await page.getByTestId('key-people-sort-employee').getByRole('button').click();
    await poll(() => page.getByTestId('key-people-sort-employee').getAttribute('aria-sort')).toBe('ascending');
    await poll(() => rowNames(page)).toEqual(expected.slice(0, 50));

    await page.getByTestId('key-people-sort-employee').getByRole('button').click();
    await poll(() => page.getByTestId('key-people-sort-employee').getAttribute('aria-sort')).toBe('descending');
    await poll(() => rowNames(page)).toEqual([...expected].reverse().slice(0, 50));

    await page.getByTestId('key-people-sort-groupRoles').getByRole('button').click();
    await poll(() => page.getByTestId('key-people-sort-groupRoles').getAttribute('aria-sort')).toBe('descending');
    await poll(() => page.getByTestId('key-people-table').getAttribute('data-stale')).toBe('false');
    const counts = await page.getByTestId('key-person-group-roles').evaluateAll((cells) => cells.map((c) => (c.getAttribute('data-roles') ?? '').split(' ').filter(Boolean).length));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBe(Math.max(...analytics.results.map((r) => r.group_roles.length)));

    // The next page continues the order.
    await page.getByTestId('key-people-pages').getByRole('button', { name: '2' }).click();
    expect((await rowIds(page)).length).toBeGreaterThan(0);
    await page.close();
  });
});

describe('the as-values analysis', () => {
  const values = async (query: Record<string, number[]> = {}) =>
    (await api.get<TKeyPeopleAsValues>(adminToken, `/engagements/${engagementId}/key-people-analytics/as-values/`, query)).body;

  it('opens with everyone to everyone and shows the API figures per question and the ranked targets', async () => {
    const expected = await values();
    const page = await openKeyPeople('admin@example.com');
    await page.getByTestId('key-people-table').waitFor();
    await showValues(page);
    await expectPath(page, `/engagements/${engagementId}/key-people-analytics/list.html`);
    expect(new URL(page.url()).searchParams.get('view')).toBe('values');
    await page.getByTestId('as-values-results').waitFor();
    expect(Number((await page.getByTestId('as-values-source-count').textContent())!.replace(/\D/g, ''))).toBe(expected.source_count);
    expect(Number((await page.getByTestId('as-values-target-count').textContent())!.replace(/\D/g, ''))).toBe(expected.target_count);
    const shownNominations = (await page.getByTestId('as-values-question-nominations').allTextContents()).map((text) => Number(text.replace(/\D/g, '')));
    expect(shownNominations).toEqual(expected.questions.map((q) => q.nominations));
    const total = expected.questions.reduce((sum, q) => sum + (q.nominations ?? 0), 0);
    expect(Number((await page.getByTestId('as-values-total').textContent())!.replace(/\D/g, ''))).toBe(total);
    const topTarget = [...expected.targets].sort((a, b) => b.total - a.total)[0]!;
    const firstRow = page.getByTestId('as-values-target-row').first();
    expect(Number(await firstRow.getAttribute('data-employee-id'))).toBe(topTarget.employee.id);
    expect(Number((await firstRow.getByTestId('as-values-target-total').textContent())!.replace(/\D/g, ''))).toBe(topTarget.total);
    await screenshot(page, 'key-people-as-values');
    await page.close();
  });

  it('recalculates for a source unit and a target unit, sending them as sun and tun', async () => {
    const source = analytics.units.find((u) => u.parent !== null && analytics.units.some((c) => c.parent === u.id))!;
    const target = analytics.units.find((u) => u.parent !== null && u.id !== source.id && !subtree(source.id).has(u.id) && analytics.units.some((c) => c.parent === u.id))!;
    const expected = await values({ sun: [source.id], tun: [target.id] });
    const page = await openKeyPeople('admin@example.com');
    await page.goto(`${baseUrl}/engagements/${engagementId}/key-people-analytics/list.html?view=values`);
    await page.getByTestId('as-values-results').waitFor();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/as-values/')) asked.push(request.url());
    });
    for (const [side, unit] of [['source', source], ['target', target]] as const) await chooseUnit(page, side, unit.name);
    await page.getByTestId('key-people-recalculate').click();
    await poll(async () => Number((await page.getByTestId('as-values-source-count').textContent())!.replace(/\D/g, ''))).toBe(expected.source_count);
    await poll(() => page.getByTestId('as-values-results').getAttribute('data-stale')).toBe('false');
    expect(asked.some((url) => new URL(url).searchParams.getAll('sun').includes(String(source.id)) && new URL(url).searchParams.getAll('tun').includes(String(target.id)))).toBe(true);
    expect(Number((await page.getByTestId('as-values-target-count').textContent())!.replace(/\D/g, ''))).toBe(expected.target_count);
    if (expected.withheld) {
      await page.getByTestId('as-values-withheld').waitFor();
    } else {
      const shown = (await page.getByTestId('as-values-question-nominations').allTextContents()).map((text) => Number(text.replace(/\D/g, '')));
      expect(shown).toEqual(expected.questions.map((q) => q.nominations));
      expect(await page.getByTestId('as-values-target-row').count()).toBe(Math.min(50, expected.targets.length));
    }
    await screenshot(page, 'key-people-as-values-units');
    await page.close();
  });

  it('withholds the counts when the source group is one person, as the API does', async () => {
    const person = analytics.results.find(withRole)!;
    const expected = await values({ su: [person.employee.id] });
    expect(expected.withheld).toBe(true);
    const page = await openKeyPeople('admin@example.com');
    await page.getByTestId('key-people-table').waitFor();
    await showValues(page);
    await page.getByTestId('as-values-results').waitFor();
    // The picker holds no list of everyone: it asks the server for five matches of the typed name.
    const listed: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/key-people-analytics/')) listed.push(url);
    });
    const users = page.getByTestId('as-values-source-users');
    await users.click();
    await users.fill(person.employee.name.slice(0, 2));
    await page.getByText('Please type at least 3 characters to search').filter({ visible: true }).waitFor();
    await users.fill(person.employee.name);
    await page.getByRole('option', { name: person.employee.name, exact: true }).click();
    await page.keyboard.press('Escape');
    expect(listed.some((url) => url.searchParams.get('q') === person.employee.name && url.searchParams.get('page_size') === '5')).toBe(true);
    // Two characters asked nothing; no request asked for more than a page.
    expect(listed.some((url) => url.searchParams.get('q') === person.employee.name.slice(0, 2))).toBe(false);
    expect(listed.every((url) => Number(url.searchParams.get('page_size') ?? 50) <= 50)).toBe(true);
    await page.getByTestId('key-people-recalculate').click();
    await page.getByTestId('as-values-withheld').waitFor();
    expect(await page.getByTestId('as-values-targets').count()).toBe(0);
    for (const text of await page.getByTestId('as-values-question-nominations').allTextContents()) expect(text).toBe('–');
    await screenshot(page, 'key-people-as-values-withheld');
    await page.close();
  });
});

describe('the states around the key people page', () => {
  it('tells an employee without access so, and keeps them signed in', async () => {
    const page = await openKeyPeople('employee@example.com');
    await page.getByTestId('module-forbidden').waitFor();
    await page.getByText('You do not have access to key people analytics in this journey.').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/engagements/${engagementId}/key-people-analytics/list.html`);
    await page.close();
  });

  it('says that no analysis has run yet on the open engagement', async () => {
    const page = await signedIn('admin@example.com');
    await page.goto(`${baseUrl}/engagements/${openEngagementId}/key-people-analytics/list.html`);
    await page.getByTestId('analysis-not-ready').waitFor();
    await screenshot(page, 'key-people-not-ready');
    await page.close();
  });

  it('sends the bare module path to the list and unknown pages to not found', async () => {
    const page = await signedIn('admin@example.com');
    await page.goto(`${baseUrl}/engagements/${engagementId}/key-people-analytics`);
    await expectPath(page, `/engagements/${engagementId}/key-people-analytics/list.html`);
    await page.goto(`${baseUrl}/engagements/${engagementId}/key-people-analytics/nothing.html`);
    await page.getByTestId('not-found').waitFor();
    await page.close();
  });

  it('speaks Hungarian, role explanations included, when the user reads Hungarian', async () => {
    const hu = await api.get<TKeyPeopleListPage>(adminToken, `/engagements/${engagementId}/key-people-analytics/`, {}, 'hu-HU');
    const page = await signedIn('admin@example.com');
    await page.evaluate(() => localStorage.setItem('locale', 'hu'));
    await page.goto(`${baseUrl}/engagements/${engagementId}/key-people-analytics/list.html`);
    await page.getByRole('heading', { name: 'Kulcsemberek elemzése' }).waitFor();
    await page.getByTestId('role-help').getByRole('button').click();
    expect(await page.getByTestId('role-help-key-advisor').textContent()).toContain('Tanácsadó');
    // The manager sentence comes from the API in the reader's language.
    expect(hu.body.explanations.key_roles.advisor).not.toBe(analytics.explanations.key_roles.advisor);
    expect(await page.getByTestId('role-help-key-advisor').textContent()).toContain(hu.body.explanations.key_roles.advisor!);
    await screenshot(page, 'key-people-hu');
    await page.close();
  });

  it('stays usable on a narrow phone screen', async () => {
    const page = await openKeyPeople('admin@example.com', { width: 390, height: 844 });
    await page.getByTestId('key-person-card').first().waitFor();
    expect(await page.getByTestId('key-person-card').count()).toBe(50);
    expect(await page.getByTestId('key-people-table').isVisible()).toBe(false);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    // The column sorting becomes a select on a phone.
    await page.getByTestId('key-people-sort-select').click();
    await page.getByRole('option', { name: 'Employee ↑' }).click();
    const first = byName(analytics.results.filter(withRole))[0]!;
    await poll(() => page.getByTestId('key-person-card').first().textContent()).toContain(first);
    await screenshot(page, 'key-people-narrow');
    await page.close();
  });
});
