import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPLANATIONS } from '@ona/analytics';
import type { TKeyPeopleAnalytics, TKeyPeopleAsValues } from '@ona/contracts';
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

describe('GET /engagements/{id}/key-people-analytics/', () => {
  it('gives the roles of everyone for all_access, with the units', async () => {
    const res = await getAs(ctx, org.tokens.admin, base(org.engagementId));
    expect(res.statusCode).toBe(200);
    const body = res.json<TKeyPeopleAnalytics>();
    expect(body.results).toHaveLength(12);
    expect(body.units.map((u) => u.name)).toEqual(['Company', 'Sales', 'Support']);
    expect(body.results.find((r) => r.employee.id === org.people.a1)).toMatchObject({ unit: org.units.sales, key_roles: expect.any(Array), group_roles: expect.any(Array) });
  });

  it('explains every role it names, in the request’s language', async () => {
    const english = (await getAs(ctx, org.tokens.admin, base(org.engagementId))).json<TKeyPeopleAnalytics>();
    const named = <C extends string>(codes: C[]) => [...new Set(codes)].sort();
    expect(Object.keys(english.explanations.key_roles).sort()).toEqual(named(english.results.flatMap((r) => r.key_roles)));
    expect(Object.keys(english.explanations.group_roles).sort()).toEqual(named(english.results.flatMap((r) => r.group_roles)));
    expect(english.explanations.key_roles.broker).toBe(EXPLANATIONS.keyRoles.broker);
    const hungarian = (await getAs(ctx, org.tokens.admin, base(org.engagementId), 'hu-HU')).json<TKeyPeopleAnalytics>();
    expect(hungarian.explanations.key_roles.broker).toBe('Ez a munkatárs olyan egységeket köt össze, amelyek nélküle alig kapcsolódnának egymáshoz.');
    expect(hungarian.explanations.group_roles.gatekeeper).toBe('Az egységen kívülről érkező kérések ehhez a munkatárshoz futnak be, aki továbbadja őket az egység kollégáinak.');
    // One's own view explains no role of anyone else.
    const self = (await getAs(ctx, org.tokens.member, base(org.engagementId))).json<TKeyPeopleAnalytics>();
    expect(self.explanations).toEqual({ key_roles: {}, group_roles: {} });
  });

  it('narrows to the subtree and to oneself', async () => {
    expect((await getAs(ctx, org.tokens.leader, base(org.engagementId))).json<TKeyPeopleAnalytics>().results).toHaveLength(7);
    expect((await getAs(ctx, org.tokens.member, base(org.engagementId))).json<TKeyPeopleAnalytics>().results.map((r) => r.employee.id)).toEqual([org.people.a2]);
  });

  it('answers 403 for no_access and module_disabled, 404 for another organisation, 409 before analysis', async () => {
    expect((await getAs(ctx, org.tokens.noAccess, base(org.engagementId))).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.disabled, base(org.engagementId))).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.otherOrg, base(org.engagementId))).statusCode).toBe(404);
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
