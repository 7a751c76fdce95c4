import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZGraphVisualization, type TApiError, type TGraphVisualization } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { getAs, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
let org: AnalyticsOrganisation;
const url = (query = '', id = org.engagementId) => `/api/engagements/${id}/graph-visualization/${query ? `?${query}` : ''}`;
const graph = async (query = '', token = org.tokens.admin, locale?: string) => {
  const res = await getAs(ctx, token, url(query), locale);
  expect(res.statusCode, res.body).toBe(200);
  // The answer is sent pre-serialised; the schema still describes it exactly.
  return ZGraphVisualization.parse(res.json());
};
const ids = (body: TGraphVisualization) => body.employees.map((e) => e.id).sort((a, b) => a - b);

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
  // Custom attributes imported by the admin become filters.
  for (const [person, location] of [['a1', 'Budapest'], ['a2', 'Budapest'], ['b1', 'Wien']] as const) {
    await ctx.db.db.update(tables.employees).set({ attributes: { location } }).where(eq(tables.employees.id, org.people[person]));
  }
});
afterAll(async () => ctx.close());

describe('GET /engagements/{id}/graph-visualization/ for all_access', () => {
  it('draws everyone with the four stored layouts, the units with palette colours and the statistics', async () => {
    const body = await graph();
    expect(body.employees).toHaveLength(12);
    const a1 = body.employees.find((e) => e.id === org.people.a1)!;
    expect(a1).toMatchObject({ label: 'Person a1', unit: org.units.sales, parent: org.people.leadA, organizational_unit: 'Sales', size: 0.15, isSelected: true });
    expect(Object.keys(a1.positions).sort()).toEqual(['circular', 'logo', 'orgchart', 'regular']);
    expect(a1.x).toBe(a1.positions.regular.x);
    expect(a1.key_roles).toHaveProperty('broker');
    expect(body.employees.find((e) => e.id === org.people.a6)!.answer_count).toBe(0);
    expect(body.employees.find((e) => e.id === org.people.a2)!.answer_count).toBeGreaterThan(0);
    expect(body.units.map((u) => u.name)).toEqual(['Company', 'Sales', 'Support']);
    expect(body.units.every((u) => u.in_scope)).toBe(true);
    expect(body.units.every((u) => /^#[0-9a-f]{6}$/i.test(u.color))).toBe(true);
    expect(new Set(body.units.map((u) => u.color)).size).toBe(3);
    expect(body.graph_types).toHaveLength(9);
    expect(body.questions).toHaveLength(13);
    const mutual = body.relations.filter((r) => r.mutual).length;
    expect(body.statistics).toEqual({
      employee_count: 12,
      connection_count: body.relations.length,
      directed: true,
      mutual_count: mutual / 2,
      mutual_percentage: Math.round((mutual / body.relations.length) * 1000) / 10,
    });
    expect(body.graph_type).toBeNull();
  });

  it('without graph_type draws the work questions only; a graph_type draws its category', async () => {
    const work = await graph();
    const q = org.questionIds;
    const relational = new Set([q.personal, q.sympathy, q.recognition, q.feedback, q.development, q.values]);
    expect(work.relations.every((r) => r.questions.every((id) => !relational.has(id)))).toBe(true);
    const trust = await graph('graph_type=trust');
    const trustQuestions = new Set([q.personal, q.recognition, q.sympathy]);
    expect(trust.relations.length).toBeGreaterThan(0);
    expect(trust.relations.every((r) => r.questions.length > 0 && r.questions.every((id) => trustQuestions.has(id)))).toBe(true);
    expect(trust.graph_type).toBe('trust');
    const opinion = await graph('graph_type=opinion');
    expect(opinion.relations.every((r) => r.questions.length === 1 && r.questions[0] === q.opinion)).toBe(true);
    // The CEO names both leaders on opinion and leader A names the CEO nowhere on it.
    expect(opinion.relations.some((r) => r.source === org.people.ceo && r.target === org.people.leadA)).toBe(true);
  });

  it('edges=none, oneway, mutual and all split the ties', async () => {
    const all = await graph('edges=all');
    const none = await graph('edges=none');
    const oneway = await graph('edges=oneway');
    const mutual = await graph('edges=mutual');
    expect(none.relations).toEqual([]);
    expect(none.employees).toHaveLength(12);
    expect(oneway.relations.every((r) => !r.mutual)).toBe(true);
    expect(mutual.relations.every((r) => r.mutual)).toBe(true);
    expect(oneway.relations.length + mutual.relations.length).toBe(all.relations.length);
    expect(mutual.relations.length).toBeGreaterThan(0);
    expect(mutual.statistics.mutual_percentage).toBe(100);
    // Every mutual tie comes with its reverse.
    const pairs = new Set(mutual.relations.map((r) => `${r.source}-${r.target}`));
    expect(mutual.relations.every((r) => pairs.has(`${r.target}-${r.source}`))).toBe(true);
  });

  it('unit narrows to the unit with its sub-units (repeatable)', async () => {
    const sales = await graph(`unit=${org.units.sales}`);
    expect(ids(sales)).toEqual([org.people.leadA, org.people.a1, org.people.a2, org.people.a3, org.people.a4, org.people.a5, org.people.a6].sort((a, b) => a - b));
    expect(sales.relations.every((r) => sales.employees.some((e) => e.id === r.source) && sales.employees.some((e) => e.id === r.target))).toBe(true);
    expect(sales.statistics.employee_count).toBe(7);
    expect((await graph(`unit=${org.units.sales}&unit=${org.units.support}`)).employees).toHaveLength(11);
    expect((await graph(`unit=${org.units.company}`)).employees).toHaveLength(12);
    // The CEO is shown only with the company, so leader A has no parent in the sales view.
    expect(sales.employees.find((e) => e.id === org.people.leadA)!.parent).toBeNull();
  });

  it('employee selects people with their direct ties; everyone else is unselected', async () => {
    const body = await graph(`employee=${org.people.a2}`);
    expect(body.employees).toHaveLength(12);
    const selected = body.employees.filter((e) => e.isSelected).map((e) => e.id);
    expect(selected).toContain(org.people.a2);
    expect(selected).toContain(org.people.a3);
    expect(selected).not.toContain(org.people.b1);
    expect(body.relations.filter((r) => r.isSelected).every((r) => r.source === org.people.a2 || r.target === org.people.a2)).toBe(true);
    expect(body.relations.some((r) => !r.isSelected)).toBe(true);
  });

  it('filter_{key} narrows by generation, gender, department, key roles and custom attributes', async () => {
    const z = await graph('filter_generation=z');
    expect(ids(z)).toEqual([org.people.a2, org.people.a4, org.people.a6].sort((a, b) => a - b));
    expect((await graph('filter_generation=z&filter_generation=bb')).employees).toHaveLength(4);
    expect(ids(await graph('filter_gender=f'))).toEqual([org.people.ceo]);
    expect((await graph(`filter_department=${org.units.support}`)).employees).toHaveLength(4);
    expect(ids(await graph('filter_attr_location=Budapest'))).toEqual([org.people.a1, org.people.a2].sort((a, b) => a - b));
    // Different keys all apply.
    expect(ids(await graph('filter_attr_location=Budapest&filter_generation=z'))).toEqual([org.people.a2]);
    const roles = await graph();
    const someRole = roles.employees.flatMap((e) => Object.entries(e.key_roles).filter(([, has]) => has).map(([role]) => role))[0];
    if (someRole) {
      const withRole = await graph(`filter_key_roles=${someRole}`);
      expect(withRole.employees.length).toBeGreaterThan(0);
      expect(withRole.employees.every((e) => e.key_roles[someRole as keyof typeof e.key_roles])).toBe(true);
    }
    expect((await graph('filter_attr_unknown=x')).employees).toEqual([]);
  });

  it('lists the filters with lookup keys and option values, and node attributes, in the request language', async () => {
    const body = await graph();
    expect(body.filters.map((f) => f.lookup_key)).toEqual(['department', 'generation', 'gender', 'key_roles', 'attr_location']);
    expect(body.filters.find((f) => f.lookup_key === 'generation')!.options.map((o) => o.value)).toEqual(['bb', 'x', 'y', 'z']);
    expect(body.filters.find((f) => f.lookup_key === 'attr_location')!.options).toEqual([{ value: 'Budapest', label: 'Budapest' }, { value: 'Wien', label: 'Wien' }]);
    expect(body.node_attributes.map((a) => a.key)).toEqual(['department', 'generation', 'gender', 'attr_location']);
    // A custom attribute is named by its import header, snake_case read as words.
    expect(body.filters.find((f) => f.lookup_key === 'attr_location')!.label).toBe('Location');
    expect(body.node_attributes.find((a) => a.key === 'attr_location')!.label).toBe('Location');
    expect(body.employees.find((e) => e.id === org.people.a1)!.attributes).toMatchObject({ department: 'Sales', attr_location: 'Budapest' });
    const hu = await graph('', org.tokens.admin, 'hu-HU');
    expect(hu.filters.find((f) => f.lookup_key === 'generation')!.label).toBe('Generáció');
    expect(hu.questions.find((q) => q.id === org.questionIds.cooperation)!.label).toBe('Kérdés cooperation');
  });

  it('refuses an unknown graph_type or edges value', async () => {
    expect((await getAs(ctx, org.tokens.admin, url('graph_type=gossip'))).statusCode).toBe(400);
    expect((await getAs(ctx, org.tokens.admin, url('edges=some'))).statusCode).toBe(400);
    expect((await getAs(ctx, org.tokens.admin, url('unit=abc'))).statusCode).toBe(400);
  });
});

describe('GET /engagements/{id}/graph-visualization/ and access levels', () => {
  it('subtree: the leader sees their subtree only, with the ties among it', async () => {
    const body = await graph('', org.tokens.leader);
    expect(ids(body)).toEqual([org.people.leadA, org.people.a1, org.people.a2, org.people.a3, org.people.a4, org.people.a5, org.people.a6].sort((a, b) => a - b));
    const inside = new Set(ids(body));
    expect(body.relations.every((r) => inside.has(r.source) && inside.has(r.target))).toBe(true);
    expect(body.own_employee_id).toBe(org.people.leadA);
    // Filter options never reveal units outside what the caller sees.
    expect(body.filters.find((f) => f.lookup_key === 'department')!.options.map((o) => o.value)).toEqual([String(org.units.sales)]);
    // The Scope tab offers Sales and the company above it (choosing it brings Sales), not Support.
    expect(body.units.filter((u) => u.in_scope).map((u) => u.name)).toEqual(['Company', 'Sales']);
    // However the view is narrowed, the units in scope stay the same: they follow what the caller may see.
    const narrowed = await graph(`?unit=${org.units.sales}&filter_generation=z`, org.tokens.leader);
    expect(narrowed.units.filter((u) => u.in_scope).map((u) => u.name)).toEqual(['Company', 'Sales']);
  });

  it('subtree: the leader sees the ties among their team, but not which member named the leader', async () => {
    const me = org.people.leadA;
    const team = new Set([me, org.people.a1, org.people.a2, org.people.a3, org.people.a4, org.people.a5, org.people.a6]);
    for (const query of ['', 'graph_type=trust', 'graph_type=work_cooperation', 'edges=mutual']) {
      const body = await graph(query, org.tokens.leader);
      const all = await graph(query.replace('edges=mutual', ''));
      // Every node and both ends of every edge are in the subtree.
      expect(body.employees.every((e) => team.has(e.id)), query).toBe(true);
      expect(body.relations.every((r) => team.has(r.source) && team.has(r.target)), query).toBe(true);
      // No edge points at the leader; the leader's own ties to the team stay, never as mutual.
      expect(body.relations.filter((r) => r.target === me), query).toEqual([]);
      expect(body.relations.filter((r) => r.source === me).every((r) => !r.mutual)).toBe(true);
      // The ties among the members are all there.
      const among = (r: { source: number; target: number }) => r.source !== me && r.target !== me && team.has(r.source) && team.has(r.target);
      const expected = query === 'edges=mutual' ? all.relations.filter((r) => among(r) && r.mutual) : all.relations.filter(among);
      expect(body.relations.filter(among).map((r) => `${r.source}-${r.target}`).sort(), query).toEqual(expected.map((r) => `${r.source}-${r.target}`).sort());
      // Who named the leader is a count: the true in-degree, the CEO included.
      expect(body.named_by!.people, query).toBe(all.relations.filter((r) => r.target === me).length);
      // Members' totals of nominations given are withheld (0, which draws "did not answer", stays).
      for (const e of body.employees.filter((e) => e.id !== me)) {
        const total = all.employees.find((x) => x.id === e.id)!.answer_count;
        expect(e.answer_count).toBe(total === 0 ? 0 : null);
      }
    }
    // In the fixture a2…a5 name leader A on work questions (a1 neglects them) and the CEO does too.
    const work = await graph('', org.tokens.leader);
    expect(work.named_by!.people).toBe(5);
    expect(work.relations.some((r) => r.source === org.people.a2 && r.target === org.people.a3)).toBe(true);
    expect(work.employees.find((e) => e.id === me)!.received).toBe(0);
    expect(work.statistics.connection_count).toBe(work.relations.length);
  });

  it('all_access: the full graph, with ties naming the caller and no named_by counts', async () => {
    const body = await graph();
    expect(body.employees).toHaveLength(12);
    expect(body.named_by).toBeNull();
    expect(body.relations.some((r) => r.target === org.people.a2 && r.source === org.people.a1)).toBe(true);
    expect(body.employees.every((e) => e.answer_count !== null)).toBe(true);
  });

  it('self_only: the member sees themself and the people they named, never who named them', async () => {
    const me = org.people.a2;
    for (const query of ['', 'graph_type=trust', 'graph_type=opinion', 'edges=mutual']) {
      const body = await graph(query, org.tokens.member);
      const all = await graph(query.replace('edges=mutual', ''));
      const named = new Set(all.relations.filter((r) => r.source === me).map((r) => r.target));
      // No node but the member and the people they named; no edge pointing at the member.
      expect(ids(body), query).toEqual([me, ...named].sort((a, b) => a - b));
      expect(body.relations.filter((r) => r.target === me), query).toEqual([]);
      expect(body.relations.every((r) => r.source === me)).toBe(true);
      // A returned tie is drawn as the member's own tie only: "mutual" would say the other named them back.
      expect(body.relations.every((r) => !r.mutual)).toBe(true);
      expect(body.statistics.mutual_count).toBe(0);
      // Whoever named the member is counted, never shown: the counts are the true in-degree of the category.
      const incoming = all.relations.filter((r) => r.target === me);
      const perQuestion = new Map<number, number>();
      for (const r of incoming) for (const q of r.questions) perQuestion.set(q, (perQuestion.get(q) ?? 0) + 1);
      expect(body.named_by, query).toEqual({
        people: incoming.length,
        by_question: all.questions.filter((q) => perQuestion.has(q.id)).map((q) => ({ question_id: q.id, count: perQuestion.get(q.id) })),
      });
      // Others' totals of nominations given are withheld: a total minus the ties drawn would show a tie to the member.
      expect(body.employees.filter((e) => e.id !== me).every((e) => e.answer_count === null)).toBe(true);
      expect(body.employees.find((e) => e.id === me)!.answer_count).toBe(all.employees.find((e) => e.id === me)!.answer_count);
    }
    // In the fixture a1, a5 and leader A name the member on work questions, and the member names leader A back.
    const work = await graph('', org.tokens.member);
    expect(work.named_by!.people).toBe(3);
    expect(ids(work)).not.toContain(org.people.a1);
    expect(ids(work)).not.toContain(org.people.a5);
    expect(work.relations.some((r) => r.source === me && r.target === org.people.leadA)).toBe(true);
    // Selecting or filtering cannot bring a nominator back.
    const probe = await graph(`employee=${org.people.a1}&filter_generation=y`, org.tokens.member);
    expect(ids(probe)).not.toContain(org.people.a1);
    expect(probe.relations.filter((r) => r.target === me)).toEqual([]);
    expect(work.own_employee_id).toBe(me);
  });

  it('answers 403 for no_access and module_disabled, 404 for another organisation, 409 before analysis, 401 without a token', async () => {
    expect((await getAs(ctx, org.tokens.noAccess, url())).statusCode).toBe(403);
    const disabled = await getAs(ctx, org.tokens.disabled, url());
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json<TApiError>().code).toBe('permission_denied');
    expect((await getAs(ctx, org.tokens.otherOrg, url())).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.admin, url('', org.otherOrgEngagementId))).statusCode).toBe(404);
    const early = await getAs(ctx, org.tokens.admin, url('', org.unanalysedEngagementId));
    expect(early.statusCode).toBe(409);
    expect(early.json<TApiError>().code).toBe('analysis_not_ready');
    expect((await ctx.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
  });
});
