import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPLANATIONS } from '@ona/analytics';
import { KEY_PEOPLE_ROLE_CHOICES, ZKeyPeopleListPage, type TKeyPeopleAsValues, type TKeyPeopleListPage } from '@ona/contracts';
import { getAs, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
let org: AnalyticsOrganisation;
const base = (id: number) => `/api/engagements/${id}/key-people-analytics/`;

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
});
afterAll(async () => ctx.close());

type Row = TKeyPeopleListPage['data'][number];
const list = async (token: string, query = '', locale?: string): Promise<TKeyPeopleListPage> => {
  const res = await getAs(ctx, token, `${base(org.engagementId)}?${query}`, locale);
  expect(res.statusCode, res.body).toBe(200);
  return ZKeyPeopleListPage.parse(res.json());
};
const choicesOf = (row: Row) => [...row.key_roles.map((r) => `key:${r}`), ...row.group_roles.map((r) => `group:${r}`)];

describe('GET /engagements/{id}/key-people-analytics/', () => {
  it('gives a page of the roles of everyone for all_access, key roles most first, with the units and the role counts', async () => {
    const body = await list(org.tokens.admin);
    expect(body).toMatchObject({ total: 12, visible: 12, page: 1, page_size: 50 });
    expect(body.data).toHaveLength(12);
    expect(body.units.map((u) => u.name)).toEqual(['Company', 'Sales', 'Support']);
    expect(body.data.find((r) => r.employee.id === org.people.a1)).toMatchObject({ unit: org.units.sales, unit_name: 'Sales', key_roles: expect.any(Array), group_roles: expect.any(Array) });
    const counts = body.data.map((r) => r.key_roles.length);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    const held = new Map<string, number>();
    for (const row of body.data) for (const choice of choicesOf(row)) held.set(choice, (held.get(choice) ?? 0) + 1);
    expect(body.role_counts.map((c) => [c.role, c.count])).toEqual(KEY_PEOPLE_ROLE_CHOICES.filter((c) => held.has(c)).map((c) => [c, held.get(c)]));
  });

  it('pages exactly the order of sorting every row of the filtered target group: ties by name, then id', async () => {
    const everyone = (await list(org.tokens.admin, 'page_size=500')).data;
    const collator = new Intl.Collator();
    const byName = (a: Row, b: Row) => collator.compare(a.employee.name, b.employee.name) || a.employee.id - b.employee.id;
    const sorted = (rows: Row[], sort: string): Row[] => {
      const descending = sort.startsWith('-');
      const key = descending ? sort.slice(1) : sort;
      const sign = descending ? -1 : 1;
      return [...rows].sort((a, b) => {
        if (key === 'name') return sign * byName(a, b);
        if (key === 'unit') return sign * collator.compare(a.unit_name, b.unit_name) || byName(a, b);
        const count = (r: Row) => (key === 'key_roles' ? r.key_roles.length : r.group_roles.length);
        return sign * (count(a) - count(b)) || byName(a, b);
      });
    };
    const sales = new Set(everyone.filter((r) => r.unit === org.units.sales).map((r) => r.employee.id));
    const someRole = choicesOf(everyone.find((r) => r.key_roles.length > 0)!)[0]!;
    const filters: { query: string; keep: (r: Row) => boolean }[] = [
      { query: '', keep: () => true },
      { query: 'only_with_roles=true', keep: (r) => choicesOf(r).length > 0 },
      { query: `tun=${org.units.sales}`, keep: (r) => sales.has(r.employee.id) },
      { query: `tu=${org.people.b1}&tun=${org.units.sales}&role=${someRole}&role=group:gatekeeper`, keep: (r) => (sales.has(r.employee.id) || r.employee.id === org.people.b1) && choicesOf(r).some((c) => c === someRole || c === 'group:gatekeeper') },
      { query: 'q=sales', keep: (r) => r.unit_name === 'Sales' },
    ];
    for (const filter of filters) {
      const expectedRows = everyone.filter(filter.keep);
      for (const sort of ['name', '-name', 'unit', '-unit', 'key_roles', '-key_roles', 'group_roles', '-group_roles']) {
        const pages: Row[] = [];
        for (let page = 1; page <= Math.max(1, Math.ceil(expectedRows.length / 5)); page += 1) {
          const body = await list(org.tokens.admin, `${filter.query}&sort=${sort}&page_size=5&page=${page}`);
          expect(body.total, `${filter.query} ${sort}`).toBe(expectedRows.length);
          pages.push(...body.data);
        }
        expect(pages.map((r) => r.employee.id), `${filter.query} ${sort}`).toEqual(sorted(expectedRows, sort).map((r) => r.employee.id));
      }
    }
  });

  it('counts the roles and explains them for the whole target group, whatever the role filter and search', async () => {
    const sales = await list(org.tokens.admin, `tun=${org.units.sales}&page_size=500`);
    const narrowed = await list(org.tokens.admin, `tun=${org.units.sales}&role=key:advisor&q=zzz`);
    expect(narrowed).toMatchObject({ total: 0, visible: sales.visible, data: [] });
    expect(narrowed.role_counts).toEqual(sales.role_counts);
    expect(narrowed.explanations).toEqual(sales.explanations);
    expect(sales.visible).toBe(sales.data.length);
    expect(sales.data.every((r) => r.unit === org.units.sales)).toBe(true);
  });

  it('explains every role the target group holds, in the request’s language', async () => {
    const english = await list(org.tokens.admin);
    const named = (kind: 'key' | 'group') => english.role_counts.filter((c) => c.role.startsWith(`${kind}:`)).map((c) => c.role.slice(kind.length + 1)).sort();
    expect(Object.keys(english.explanations.key_roles).sort()).toEqual(named('key'));
    expect(Object.keys(english.explanations.group_roles).sort()).toEqual(named('group'));
    expect(english.explanations.key_roles.broker).toBe(EXPLANATIONS.keyRoles.broker);
    const hungarian = await list(org.tokens.admin, '', 'hu-HU');
    expect(hungarian.explanations.key_roles.broker).toBe('Ez a munkatárs olyan egységeket köt össze, amelyek nélküle alig kapcsolódnának egymáshoz.');
    expect(hungarian.explanations.group_roles.gatekeeper).toBe('Az egységen kívülről érkező kérések ehhez a munkatárshoz futnak be, aki továbbadja őket az egység kollégáinak.');
    // One's own view explains no role of anyone else.
    expect((await list(org.tokens.member)).explanations).toEqual({ key_roles: {}, group_roles: {} });
  });

  it('narrows to the subtree and to oneself, the units to those the reader has someone in and above', async () => {
    const leader = await list(org.tokens.leader);
    expect(leader).toMatchObject({ total: 7, visible: 7 });
    expect(leader.units.map((u) => u.name)).toEqual(['Company', 'Sales']);
    // A target group outside the subtree lists no one.
    expect(await list(org.tokens.leader, `tun=${org.units.support}`)).toMatchObject({ total: 0, visible: 0, data: [] });
    const member = await list(org.tokens.member);
    expect(member.data.map((r) => r.employee.id)).toEqual([org.people.a2]);
  });

  it('gives the names of chosen ids and five matches of a typed name, as the people picker asks', async () => {
    const chosen = await list(org.tokens.admin, `id=${org.people.a1}&id=${org.people.b1}&sort=name`);
    expect(chosen.data.map((r) => r.employee.id)).toEqual([org.people.a1, org.people.b1]);
    const typed = await list(org.tokens.admin, 'q=person&sort=name&page_size=5');
    expect(typed).toMatchObject({ total: 12 });
    expect(typed.data).toHaveLength(5);
    // Two characters search nothing yet (spec §5): every person matches.
    expect((await list(org.tokens.admin, 'q=pe')).total).toBe(12);
    // An id the reader does not see gives nothing.
    expect((await list(org.tokens.leader, `id=${org.people.b1}`)).data).toEqual([]);
  });

  it('answers 400 for an unknown role or sort, 403 for no_access and module_disabled, 404 for another organisation, 409 before analysis', async () => {
    expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}?role=key:juggler`)).statusCode).toBe(400);
    expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}?sort=-shoe_size`)).statusCode).toBe(400);
    expect((await getAs(ctx, org.tokens.noAccess, base(org.engagementId))).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.disabled, base(org.engagementId))).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.otherOrg, base(org.engagementId))).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.admin, base(org.unanalysedEngagementId))).statusCode).toBe(409);
    expect((await getAs(ctx, org.tokens.admin, `${base(org.unanalysedEngagementId)}as-values/`)).statusCode).toBe(409);
  });
});

describe('GET /engagements/{id}/key-people-analytics/as-values/', () => {
  it('counts how a source unit names a target person, per question, from repeated parameters', async () => {
    const url = `${base(org.engagementId)}as-values/?sun=${org.units.sales}&tu=${org.people.leadA}&tu=${org.people.ceo}`;
    // Sales (6 respondents) leaves out 4 of the 10 respondents: withheld at the default minimum of 5
    // (difference protection), so the counts are read at a minimum of 3.
    const strict = (await getAs(ctx, org.tokens.admin, url)).json<TKeyPeopleAsValues>();
    expect(strict).toMatchObject({ source_count: 7, withheld: true, withheld_reason: { code: 'difference_below_minimum', minimum: 5 }, targets: [] });
    const lenient = await buildApp({ db: ctx.db, settings: { SMTP_URL: undefined, MAIL_FROM: 'ONA test <test@ona.example>', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined, MIN_GROUP_SIZE: 3 }, webDistDir: '/nonexistent', pollJobs: false });
    const res = await getAs({ app: lenient }, org.tokens.admin, url).finally(() => lenient.close());
    expect(res.statusCode).toBe(200);
    const body = res.json<TKeyPeopleAsValues>();
    expect(body).toMatchObject({ source_count: 7, target_count: 2, withheld: false, withheld_reason: null });
    const leadA = body.targets.find((t) => t.employee.id === org.people.leadA);
    // a2..a5 name leader A on expertise; a1 names nobody above.
    expect(leadA?.by_question[String(org.questionIds.expertise)]).toBe(4);
    const expertise = body.questions.find((q) => q.question_id === org.questionIds.expertise);
    expect(expertise).toMatchObject({ kind: 'expertise', nominations: 4 });
  });

  it('withholds counts when the source group has fewer than five respondents', async () => {
    const body = (await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}as-values/?sun=${org.units.support}`)).json<TKeyPeopleAsValues>();
    expect(body).toMatchObject({ source_count: 4, withheld: true, withheld_reason: { code: 'group_below_minimum', minimum: 5 }, targets: [] });
    expect(body.questions.every((q) => q.nominations === null && q.density === null)).toBe(true);
  });

  it('of two source filters one person apart, shows the first and withholds the second with its reason', async () => {
    const everyone = Object.values(org.people);
    const query = (ids: readonly number[]) => `${base(org.engagementId)}as-values/?${ids.map((id) => `su=${id}`).join('&')}&tu=${org.people.leadA}`;
    const all = (await getAs(ctx, org.tokens.admin, query(everyone))).json<TKeyPeopleAsValues>();
    expect(all).toMatchObject({ source_count: 12, withheld: false, withheld_reason: null });
    expect(all.targets.length).toBeGreaterThan(0);
    // Everyone but b1 (who answered): the difference of the two answers would be b1's nominations.
    const allButOne = (await getAs(ctx, org.tokens.admin, query(everyone.filter((id) => id !== org.people.b1)))).json<TKeyPeopleAsValues>();
    expect(allButOne).toMatchObject({ source_count: 11, withheld: true, withheld_reason: { code: 'difference_below_minimum', minimum: 5 }, targets: [] });
    expect(allButOne.questions.every((q) => q.nominations === null && q.density === null)).toBe(true);
  });

  it('of two hand-picked lists one person apart, each far from the view and its units, shows the first and withholds the second (query log)', async () => {
    // At a minimum of 3 both lists pass the stateless rules: {ceo, a1, a2, b1} (4 respondents) is
    // 6 apart from the view, 6 from Sales and 5 from Support; with a3 added (5) it is 5, 5 and 6 apart.
    // Only the pair reveals a3's nominations.
    const lenient = await buildApp({ db: ctx.db, settings: { SMTP_URL: undefined, MAIL_FROM: 'ONA test <test@ona.example>', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined, MIN_GROUP_SIZE: 3 }, webDistDir: '/nonexistent', pollJobs: false });
    const ask = (token: string, ids: readonly number[]) => getAs({ app: lenient }, token, `${base(org.engagementId)}as-values/?${ids.map((id) => `su=${id}`).join('&')}&tu=${org.people.leadA}`).then((res) => res.json<TKeyPeopleAsValues>());
    try {
      const first = [org.people.ceo, org.people.a1, org.people.a2, org.people.b1];
      const shown = await ask(org.tokens.admin, first);
      expect(shown).toMatchObject({ source_count: 4, withheld: false, withheld_reason: null });
      const withA3 = await ask(org.tokens.admin, [...first, org.people.a3]);
      expect(withA3).toMatchObject({ source_count: 5, withheld: true, withheld_reason: { code: 'differs_from_earlier_request', minimum: 3 }, targets: [] });
      expect(withA3.questions.every((q) => q.nominations === null && q.density === null)).toBe(true);
      // In the other order it is the same pair: without a2 the list is one apart from the first again.
      expect(await ask(org.tokens.admin, first.filter((id) => id !== org.people.a2))).toMatchObject({ withheld: true, withheld_reason: { code: 'differs_from_earlier_request' } });
      // The same list again reveals nothing new, and a list at least the minimum apart from every shown one is shown.
      expect(await ask(org.tokens.admin, first)).toMatchObject({ withheld: false });
      expect(await ask(org.tokens.admin, [org.people.ceo, org.people.a4, org.people.a5, org.people.b2])).toMatchObject({ withheld: false });
    } finally {
      await lenient.close();
    }
  });

  it('keeps both sides inside what a subtree caller sees', async () => {
    const body = (await getAs(ctx, org.tokens.leader, `${base(org.engagementId)}as-values/?su=${org.people.b1}&su=${org.people.a1}`)).json<TKeyPeopleAsValues>();
    expect(body.source_count).toBe(1);
    expect(body.target_count).toBe(7);
    expect(body.targets.every((t) => t.employee.id !== org.people.b1)).toBe(true);
  });

  it('rejects ids that are not numbers', async () => {
    expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}as-values/?su=abc`)).statusCode).toBe(400);
  });
});
