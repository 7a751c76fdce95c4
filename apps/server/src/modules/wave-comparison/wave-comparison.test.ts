import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZComparableJourneys, ZTieDiff, ZWaveComparison, type TComparedPerson, type TTieDiff, type TWaveComparison } from '@ona/contracts';
import { LEADER_FACTORS } from '@ona/analytics';
import { eq, tables } from '@ona/db';
import { everyModule, getAs, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { createEngagement, grantAccess } from '../../testing/fixtures.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';
import { addEarlierWave, type EarlierWave } from '../../testing/wave-fixtures.ts';

let ctx: TestContext;
let org: AnalyticsOrganisation;
let earlier: EarlierWave;
const base = (id: number) => `/api/engagements/${id}/comparison/`;
const compare = async (token: string, query = '', locale?: string) => {
  const res = await getAs(ctx, token, `${base(org.engagementId)}?with=${earlier.engagementId}${query}`, locale);
  expect(res.statusCode, res.body).toBe(200);
  return ZWaveComparison.parse(res.json());
};
const ties = async (token: string, query = '') => {
  const res = await getAs(ctx, token, `${base(org.engagementId)}ties/?with=${earlier.engagementId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZTieDiff.parse(res.json());
};
const row = (body: TWaveComparison, name: string): TComparedPerson => body.people.find((p) => p.name === name)!;
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
  earlier = await addEarlierWave(ctx, org);
});
afterAll(async () => ctx.close());

describe('GET /engagements/{id}/comparison/journeys/', () => {
  it('lists the earlier analysed journeys the caller may read and suggests the newest', async () => {
    const res = await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}journeys/`);
    expect(res.statusCode).toBe(200);
    const body = ZComparableJourneys.parse(res.json());
    expect(body.journey).toMatchObject({ id: org.engagementId, name: 'Acme spring 2026' });
    // "Acme autumn" starts the same day but later (and is not analysed): not earlier.
    expect(body.earlier.map((j) => j.name)).toEqual(['Acme autumn 2025']);
    expect(body.earlier[0]!.analysed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(body.suggested).toBe(earlier.engagementId);
    const member = ZComparableJourneys.parse((await getAs(ctx, org.tokens.member, `${base(org.engagementId)}journeys/`)).json());
    expect(member).toMatchObject({ earlier: [], suggested: null });
    expect((await getAs(ctx, org.tokens.otherOrg, `${base(org.engagementId)}journeys/`)).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.noAccess, `${base(org.engagementId)}journeys/`)).statusCode).toBe(403);
  });
});

describe('GET /engagements/{id}/comparison/ at all_access', () => {
  it('matches people by e-mail: a6 joined, x1 left, eleven stayed; a4 moved out of the Field Sales unit', async () => {
    const body = await compare(org.tokens.admin);
    expect(body.journey.name).toBe('Acme spring 2026');
    expect(body.earlier.name).toBe('Acme autumn 2025');
    expect(body.access).toEqual({ then: 'all_access', now: 'all_access' });
    expect(body.change.people).toEqual({ then: 12, now: 12, stayed: 11, joined: 1, left: 1, unmatched_then: 0, unmatched_now: 0 });
    expect(body.change.joined).toEqual([{ name: 'Person a6', then_id: null, now_id: org.people.a6 }]);
    expect(body.change.left).toEqual([{ name: 'Person x1', then_id: earlier.people.x1, now_id: null }]);
    const a4 = row(body, 'Person a4');
    expect(a4).toMatchObject({ status: 'stayed', unit_changed: true, withheld_then: false, withheld_now: false });
    expect(a4.then!.unit!.path).toEqual(['Company', 'Sales', 'Field Sales']);
    expect(a4.now!.unit!.path).toEqual(['Company', 'Sales']);
    expect(a4.then!.employee_id).toBe(earlier.people.a4);
    expect(a4.now!.employee_id).toBe(org.people.a4);
    expect(row(body, 'Person x1')).toMatchObject({ status: 'left', now: null, risk_change: null });
  });

  it('gives every metric of the chosen network then, now and the change, and each risk level and roles then and now', async () => {
    const body = await compare(org.tokens.admin);
    expect(body.network.key).toBe('work');
    expect(body.networks.map((n) => n.key)).toEqual(expect.arrayContaining(['work', 'kind:advice', 'category:trust']));
    for (const person of body.people.filter((p) => p.status === 'stayed')) {
      const inDegree = person.metrics.in_degree!;
      expect(inDegree.change).toBe(inDegree.now! - inDegree.then!);
      expect(person.risk_change).toBe(person.now!.risk_level! - person.then!.risk_level!);
      expect(person.factors_gained).toEqual(person.now!.risk_factors.filter((f) => !person.then!.risk_factors.includes(f)));
    }
    // Then the CEO and team A (x1 included) named leader A at work.
    expect(row(body, 'Person leadA').metrics.in_degree).toMatchObject({ then: 7 });
    const advice = await compare(org.tokens.admin, '&network=kind:advice');
    expect(advice.network.key).toBe('kind:advice');
    expect(row(advice, 'Person a1').metrics.out_degree).toEqual({ then: 2, now: 1, change: -1 });
  });

  it('pages, sorts and filters the people, and counts them all', async () => {
    const first = await compare(org.tokens.admin, '&page_size=5&sort=-risk_change');
    expect(first).toMatchObject({ total: 13, page: 1, page_size: 5 });
    expect(first.people).toHaveLength(5);
    const changes = first.people.map((p) => p.risk_change).filter((c): c is number => c !== null);
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    const last = await compare(org.tokens.admin, '&page_size=5&page=3&sort=-risk_change');
    expect(last.people).toHaveLength(3);
    // People without a change (who joined or left) come last.
    expect(last.people.at(-1)!.risk_change).toBeNull();
    const moved = await compare(org.tokens.admin, '&status=joined&status=left');
    expect(moved.people.map((p) => p.name)).toEqual(['Person a6', 'Person x1']);
    const byMetric = await compare(org.tokens.admin, '&sort=in_degree&status=stayed');
    const degrees = byMetric.people.map((p) => p.metrics.in_degree!.change!);
    expect(degrees).toEqual([...degrees].sort((a, b) => a - b));
    expect((await compare(org.tokens.admin, '&q=PERSON%20LEADB')).people.map((p) => p.name)).toEqual(['Person leadB']);
    expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}?with=${earlier.engagementId}&sort=-shoe_size`)).statusCode).toBe(400);
  });

  it('pages exactly the order of sorting every row: ties by name, status, then id, empty values last', async () => {
    const STATUS = { stayed: 0, joined: 1, left: 2, unmatched: 3 } as const;
    const idOf = (p: TComparedPerson) => p.now?.employee_id ?? p.then?.employee_id ?? 0;
    const byName = (a: TComparedPerson, b: TComparedPerson) => a.name.localeCompare(b.name) || STATUS[a.status] - STATUS[b.status] || idOf(a) - idOf(b);
    // The rule as the rows read it: every row built and sorted, as the list did before.
    const sorted = (rows: TComparedPerson[], sort: string): TComparedPerson[] => {
      const descending = sort.startsWith('-');
      const key = descending ? sort.slice(1) : sort;
      const sign = descending ? -1 : 1;
      const valueOf = (p: TComparedPerson): number | null =>
        key === 'status' ? STATUS[p.status] : key === 'risk_then' ? (p.then?.risk_level ?? null) : key === 'risk_now' ? (p.now?.risk_level ?? null) : key === 'risk_change' ? p.risk_change : (p.metrics[key as 'in_degree']?.change ?? null);
      return [...rows].sort((a, b) => {
        if (key === 'name') return sign * byName(a, b);
        const x = valueOf(a);
        const y = valueOf(b);
        if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
        return sign * (x - y) || byName(a, b);
      });
    };
    const key = (p: TComparedPerson) => `${p.name}|${p.status}|${idOf(p)}`;
    for (const token of [org.tokens.admin, org.tokens.leader]) {
      const everyone = (await compare(token, '&page_size=500')).people;
      for (const sort of ['name', '-name', 'status', '-status', 'risk_then', '-risk_now', 'risk_change', '-risk_change', 'in_degree', '-out_degree', 'betweenness']) {
        const whole = await compare(token, `&page_size=500&sort=${sort}`);
        expect(whole.people.map(key), sort).toEqual(sorted(everyone, sort).map(key));
        const pages: TComparedPerson[] = [];
        for (let page = 1; page <= Math.ceil(whole.total / 4); page += 1) pages.push(...(await compare(token, `&page_size=4&page=${page}&sort=${sort}`)).people);
        // Each page's rows are the full rows (metrics, roles, risk), not only in the same place.
        expect(pages, sort).toEqual(whole.people);
      }
    }
    // A status filter and a search keep the order of the rows they leave.
    const stayed = await compare(org.tokens.admin, '&page_size=500&sort=-in_degree&status=stayed&q=person%20a');
    expect(stayed.people.map(key)).toEqual(sorted((await compare(org.tokens.admin, '&page_size=500')).people.filter((p) => p.status === 'stayed' && p.name.startsWith('Person a')), '-in_degree').map(key));
  });

  it('matches units by name path: Field Sales is gone, and Sales’ figures are given then and now', async () => {
    const body = await compare(org.tokens.admin);
    expect(body.units.map((u) => [u.path.join('/'), u.status])).toEqual([
      ['Company', 'matched'],
      ['Company/Sales', 'matched'],
      ['Company/Support', 'matched'],
      ['Company/Sales/Field Sales', 'gone'],
    ]);
    const sales = body.units.find((u) => u.name === 'Sales')!;
    // Then leader A, a1, a2, a3 and x1 sat in Sales; now leader A and a1 … a6.
    expect(sales.then).toMatchObject({ members: 5, respondents: 5, withheld: false, ties_withheld: false });
    // Now Sales holds 6 of the 10 respondents: the other 4 are fewer than the minimum, so its figures
    // are withheld (difference protection); then it held 5 of 11, leaving out 6.
    expect(sales.now).toMatchObject({ members: 7, respondents: 6, withheld: true, withheld_reason: { code: 'difference_below_minimum', minimum: 5 }, density: null, share_at_risk: null });
    expect(sales.then).toMatchObject({ withheld_reason: null });
    expect(sales.change.density).toBeNull();
    expect(sales.then!.density).toBeTypeOf('number');
    expect(sales.change.members).toBe(2);
    // Support has fewer respondents than the minimum: withheld on both sides.
    expect(body.units.find((u) => u.name === 'Support')!.now).toMatchObject({ withheld: true, withheld_reason: { code: 'group_below_minimum', minimum: 5 }, density: null, share_at_risk: null });
  });

  it('counts the ties kept, added and lost per question: x1’s eight cooperation ties left with x1', async () => {
    const body = await compare(org.tokens.admin);
    const cooperation = body.change.networks.find((n) => n.key === 'question:cooperation')!;
    expect(cooperation).toMatchObject({ question_key: 'cooperation', label: 'Question cooperation', category: 'work_cooperation', withheld: false });
    expect(cooperation.ties!.lost_with_leavers).toBe(8);
    expect(cooperation.ties!.then).toBe(cooperation.ties!.kept + cooperation.ties!.lost);
    expect(cooperation.ties!.now).toBe(cooperation.ties!.kept + cooperation.ties!.added);
    expect(cooperation.bridges_lost).toBeInstanceOf(Array);
    const work = body.change.networks[0]!;
    expect(work).toMatchObject({ key: 'work', question_key: null, label: 'All work questions' });
    expect(body.change.questions_only_then).toEqual([]);
  });
});

describe('GET /engagements/{id}/comparison/ below all_access', () => {
  it('shows a subtree leader only their subtree in each wave, without tie counts, mutual ties or others’ out-degree', async () => {
    const body = await compare(org.tokens.leader);
    expect(body.access).toEqual({ then: 'subtree', now: 'subtree' });
    expect(body.people.map((p) => p.name).sort()).toEqual(['Person a1', 'Person a2', 'Person a3', 'Person a4', 'Person a5', 'Person a6', 'Person leadA', 'Person x1']);
    expect(body.change.people).toMatchObject({ then: 7, now: 7, joined: 1, left: 1 });
    expect(body.change.networks.every((n) => n.withheld && n.ties === null && n.bridges_lost === null && n.new_isolates.length === 0)).toBe(true);
    const a1 = row(body, 'Person a1');
    expect(a1.metrics.out_degree).toEqual({ then: null, now: null, change: null });
    expect(a1.metrics.mutual).toEqual({ then: null, now: null, change: null });
    expect(a1.metrics.in_degree!.now).toBeTypeOf('number');
    expect(row(body, 'Person leadA').metrics.out_degree!.now).toBeTypeOf('number');
    expect(body.metrics.find((m) => m.id === 'out_degree')!.withheld_for_others).toBe(true);
  });

  it('lists only units the leader sees whole, with tie figures withheld and small units withheld', async () => {
    const body = await compare(org.tokens.leader);
    expect(body.units.map((u) => u.name).sort()).toEqual(['Field Sales', 'Sales']);
    const sales = body.units.find((u) => u.name === 'Sales')!;
    expect(sales.now).toMatchObject({ members: 7, ties_withheld: true, density: null, reciprocity: null, ei_index: null });
    expect(sales.now!.share_at_risk).toBeTypeOf('number');
    expect(body.units.find((u) => u.name === 'Field Sales')!.then).toMatchObject({ members: 2, withheld: true, share_at_risk: null });
  });

  it('keeps from a leader the factors that tell who left them out, on both sides', async () => {
    const body = await compare(org.tokens.leader);
    const leaderFactors: readonly string[] = LEADER_FACTORS;
    const all = await compare(org.tokens.admin);
    // a1 names the leader on nothing now: the admin reads the leader factors that the leader may not.
    expect(row(all, 'Person a1').now!.risk_factors.some((f) => leaderFactors.includes(f))).toBe(true);
    for (const person of body.people.filter((p) => p.name !== 'Person leadA')) {
      for (const side of [person.then, person.now]) expect(side?.risk_factors.filter((f) => leaderFactors.includes(f)) ?? []).toEqual([]);
    }
  });

  it('refuses a caller without the module in the earlier journey (403), another organisation (404) and non-earlier journeys (400)', async () => {
    // The member cannot open the earlier journey at all: 404; with a survey grant there, the journey opens but the module is closed: 403.
    expect((await getAs(ctx, org.tokens.member, `${base(org.engagementId)}?with=${earlier.engagementId}`)).statusCode).toBe(404);
    const [member] = await ctx.db.db.select().from(tables.users).where(eq(tables.users.email, 'a2@acme.test'));
    await grantAccess(ctx.db.db, earlier.engagementId, member!.id, { survey: 'self_only' });
    expect((await getAs(ctx, org.tokens.member, `${base(org.engagementId)}?with=${earlier.engagementId}`)).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.otherOrg, `${base(org.engagementId)}?with=${earlier.engagementId}`)).statusCode).toBe(404);
    // The earlier id of another organisation answers 404 too.
    expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}?with=${org.otherOrgEngagementId}`)).statusCode).toBe(404);
    const itself = await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}?with=${org.engagementId}`, 'hu-HU');
    expect(itself.statusCode).toBe(400);
    expect(itself.json()).toMatchObject({ code: 'comparison_not_earlier', detail: 'Olyan felméréssel hasonlítsa össze, amely a szervezetében ennél korábban indult.' });
    expect((await getAs(ctx, org.tokens.admin, `${base(earlier.engagementId)}?with=${org.engagementId}`)).statusCode).toBe(400);
    const network = await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}?with=${earlier.engagementId}&network=kind:gossip`);
    expect(network.json()).toMatchObject({ code: 'unknown_network' });
    expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}`)).statusCode).toBe(400);
  });

  it('answers 409 when the earlier journey has no analysis', async () => {
    const unanalysed = await createEngagement(ctx.db.db, org.orgId, 'Acme 2024');
    await ctx.db.db.update(tables.engagements).set({ accessFrom: '2024-03-01', accessTill: '2024-03-21' }).where(eq(tables.engagements.id, unanalysed.engagement.id));
    const [admin] = await ctx.db.db.select().from(tables.users).where(eq(tables.users.email, 'admin@acme.test'));
    await grantAccess(ctx.db.db, unanalysed.engagement.id, admin!.id, everyModule('all_access'));
    const res = await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}?with=${unanalysed.engagement.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'analysis_not_ready' });
  });
});

describe('a self_only reader in both journeys', () => {
  it('sees their own row and own ties only, with their own out-degree but no mutual ties', async () => {
    const db = ctx.db.db;
    const [member] = await db.select().from(tables.users).where(eq(tables.users.email, 'a2@acme.test'));
    await db.update(tables.employees).set({ userId: member!.id }).where(eq(tables.employees.id, earlier.people.a2));
    await grantAccess(db, earlier.engagementId, member!.id, { retention_analytics: 'self_only', key_people_analytics: 'self_only', graph_visualization: 'self_only' });
    const body = await compare(org.tokens.member);
    expect(body.access).toEqual({ then: 'self_only', now: 'self_only' });
    expect(body.people.map((p) => p.name)).toEqual(['Person a2']);
    expect(body.units).toEqual([]);
    expect(body.change.people).toMatchObject({ then: 1, now: 1, stayed: 1, joined: 0, left: 0 });
    const own = body.people[0]!;
    expect(own.metrics.out_degree!.now).toBeTypeOf('number');
    expect(own.metrics.mutual).toEqual({ then: null, now: null, change: null });
    const diff = await ties(org.tokens.member);
    const me = diff.nodes.find((n) => n.name === 'Person a2')!;
    expect(diff.edges.length).toBeGreaterThan(0);
    expect(diff.edges.every((e) => e.source === me.id)).toBe(true);
  });
});

describe('GET /engagements/{id}/comparison/ties/', () => {
  const named = (diff: TTieDiff, id: string) => diff.nodes.find((n) => n.id === id)!.name;

  it('gives every tie of the work questions with its status and the people with theirs', async () => {
    const diff = await ties(org.tokens.admin);
    expect(diff.graph_type).toBeNull();
    expect(diff.questions.map((q) => q.key)).toEqual(['cooperation', 'advice', 'expertise', 'news', 'attention', 'opinion', 'idea']);
    expect(diff.statistics).toMatchObject({ stayed: 11, joined: 1, left: 1 });
    const x1 = diff.nodes.find((n) => n.name === 'Person x1')!;
    expect(x1).toMatchObject({ id: `then:${earlier.people.x1}`, status: 'left', now_id: null, position_now: null });
    expect(x1.position_then).toEqual({ x: expect.any(Number), y: expect.any(Number) });
    const x1Ties = diff.edges.filter((e) => e.source === x1.id || e.target === x1.id);
    expect(x1Ties.length).toBeGreaterThan(0);
    expect(x1Ties.every((e) => e.status === 'lost')).toBe(true);
    const toB1 = x1Ties.find((e) => named(diff, e.target) === 'Person b1')!;
    expect(toB1.questions).toEqual([{ key: 'cooperation', status: 'lost' }, { key: 'opinion', status: 'lost' }]);
    expect(diff.statistics.kept + diff.statistics.added + diff.statistics.lost).toBe(diff.edges.length);
  });

  it('reads one category or chosen questions, and refuses a question key not asked in both', async () => {
    const trust = await ties(org.tokens.admin, '&graph_type=trust');
    expect(trust.questions.map((q) => q.key)).toEqual(['personal', 'recognition', 'sympathy']);
    expect(trust.edges.every((e) => e.questions.every((q) => ['personal', 'recognition', 'sympathy'].includes(q.key)))).toBe(true);
    const opinion = await ties(org.tokens.admin, '&question=opinion');
    expect(opinion.questions.map((q) => q.key)).toEqual(['opinion']);
    const unknown = await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}ties/?with=${earlier.engagementId}&question=gossip`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'unknown_question' });
  });

  it('shows a subtree leader only ties among their subtree, never one naming them', async () => {
    const diff = await ties(org.tokens.leader);
    const own = diff.nodes.find((n) => n.name === 'Person leadA')!;
    expect(diff.edges.length).toBeGreaterThan(0);
    expect(diff.edges.some((e) => e.target === own.id)).toBe(false);
    const names = new Set(diff.edges.flatMap((e) => [named(diff, e.source), named(diff, e.target)]));
    expect([...names].every((name) => /Person (leadA|a\d|x1)$/.test(name))).toBe(true);
  });
});

describe('GET /engagements/{id}/comparison/export/', () => {
  it('answers a workbook with a sheet per person, unit, network, joiners and leavers, the tie diff and (for the admin) the risk calibration', async () => {
    const res = await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}export/?with=${earlier.engagementId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="wave-comparison-acme-spring-2026.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Summary', 'People', 'Units', 'Networks', 'Joined and left', 'Tie diff', 'Risk calibration', 'Risk prediction', 'Leaver reasons']);
    const people = workbook.getWorksheet('People')!;
    expect(people.getRow(1).getCell(1).value).toBe('Employee');
    expect(people.getRow(1).getCell(14).value).toBe('In-degree then');
    const x1 = people.getRows(2, people.rowCount - 1)!.find((r) => r.getCell(1).value === 'Person x1')!;
    expect(x1.getCell(2).value).toBe('Left');
    expect(x1.getCell(5).value).toBe('Company / Sales');
    const flow = workbook.getWorksheet('Joined and left')!;
    expect(flow.getRow(2).values).toEqual([undefined, 'Person a6', 'Joined', undefined, org.people.a6]);
    const networks = workbook.getWorksheet('Networks')!;
    expect(networks.getRow(2).getCell(1).value).toBe('All work questions');
  });

  it('is written in the request’s language', async () => {
    const res = await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}export/?with=${earlier.engagementId}`, 'de-DE');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Überblick', 'Personen', 'Einheiten', 'Netzwerke', 'Ein- und Austritte', 'Beziehungsvergleich', 'Risikokalibrierung', 'Risikovorhersage', 'Austrittsgründe']);
  });
});

describe('the executive report with an earlier wave', () => {
  it('adds a page of what changed since the earlier wave', async () => {
    const res = await getAs(ctx, org.tokens.admin, `/api/engagements/${org.engagementId}/executive-report/export/`);
    expect(res.statusCode).toBe(200);
    expect(pageCount(res.rawPayload)).toBe(4);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('What changed since Acme autumn 2025');
    expect(text).toContain('Stayed: 11, joined: 1, left: 1.');
  });

  it('keeps three pages for the earliest journey', async () => {
    const res = await getAs(ctx, org.tokens.admin, `/api/engagements/${earlier.engagementId}/executive-report/export/`);
    expect(pageCount(res.rawPayload)).toBe(3);
  });
});
