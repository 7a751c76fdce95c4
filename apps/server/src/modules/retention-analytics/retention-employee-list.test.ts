import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationalAge, RETENTION_EMPLOYEE_SORT_KEYS, type TRetentionEmployee, type TRetentionEmployeeListPage } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { getAs, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { retentionWithPeople, type RetentionWithPeople } from '../../testing/retention-people.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
let org: AnalyticsOrganisation;
const wholeUrl = (id: number) => `/api/engagements/${id}/retention-analytics-results/`;
const listUrl = (id: number, query: string) => `/api/engagements/${id}/retention-analytics-results/employees/?${query}`;

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
});
afterAll(async () => ctx.close());

/** The datasheet's columns as the browser named them, beside the server's sort keys. */
type Column = 'employee' | 'riskLevel' | 'riskFactors' | 'department' | 'leader' | 'generation' | 'keyRoles' | 'worksSince';
const COLUMN_OF: Record<(typeof RETENTION_EMPLOYEE_SORT_KEYS)[number], Column> = {
  name: 'employee',
  risk_level: 'riskLevel',
  risk_factors: 'riskFactors',
  unit: 'department',
  leader: 'leader',
  generation: 'generation',
  key_roles: 'keyRoles',
  works_since: 'worksSince',
};

/**
 * The browser's datasheet sort before the list was paged (apps/web retention-sort.ts as it was):
 * empty values last either way, ties by name, then id.
 */
function browserSort(whole: RetentionWithPeople, rows: readonly TRetentionEmployee[], column: Column, descending: boolean): TRetentionEmployee[] {
  const byId = new Map(whole.employees.map((e) => [e.id, e]));
  const unitName = (id: number | null) => (id === null ? '' : (whole.units.find((u) => u.id === id)?.name ?? ''));
  const employeeName = (id: number | null) => (id === null ? '' : (byId.get(id)?.name ?? ''));
  const generations = { bb: 0, x: 1, y: 2, z: 3 } as const;
  const key = (e: TRetentionEmployee): string | number | null => {
    switch (column) {
      case 'employee': return e.name;
      case 'riskLevel': return e.risk_level;
      case 'riskFactors': return e.risk_factors.length;
      case 'department': return e.unit === null ? null : unitName(e.unit);
      case 'leader': return e.leader === null ? null : employeeName(e.leader);
      case 'generation': return e.generation === null ? null : generations[e.generation];
      case 'keyRoles': return e.key_roles.length;
      case 'worksSince': return e.works_since;
    }
  };
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const sign = descending ? -1 : 1;
  return rows
    .map((employee) => ({ employee, key: key(employee) }))
    .sort((l, r) => {
      if ((l.key === null) !== (r.key === null)) return l.key === null ? 1 : -1;
      const byKey = l.key === null || r.key === null ? 0 : (typeof l.key === 'number' && typeof r.key === 'number' ? l.key - r.key : collator.compare(String(l.key), String(r.key))) * sign;
      return byKey || collator.compare(l.employee.name, r.employee.name) || l.employee.id - r.employee.id;
    })
    .map((row) => row.employee);
}

/** Every page of a query (pages of three) joined, and the counts of the first page. */
async function allPages(token: string, query: string): Promise<{ rows: TRetentionEmployeeListPage['data']; total: number; visible: number }> {
  const rows: TRetentionEmployeeListPage['data'] = [];
  let first: TRetentionEmployeeListPage | null = null;
  for (let page = 1; page < 20; page += 1) {
    const res = await getAs(ctx, token, listUrl(org.engagementId, `${query}&page=${page}&page_size=3`));
    expect(res.statusCode).toBe(200);
    const body = res.json<TRetentionEmployeeListPage>();
    first ??= body;
    rows.push(...body.data);
    if (body.data.length < 3) break;
  }
  if (!first) throw new Error('no page');
  return { rows, total: first.total, visible: first.visible };
}

const withoutNames = (row: TRetentionEmployeeListPage['data'][number]) => {
  const { unit_name: _unit, leader_name: _leader, ...rest } = row;
  return rest;
};

describe('GET /engagements/{id}/retention-analytics-results/employees/ (the datasheet, paged)', () => {
  for (const reader of ['admin', 'leader'] as const) {
    it(`gives ${reader === 'admin' ? 'the admin' : 'a subtree leader'} every page under each sort in the order the browser sorted the whole array`, async () => {
      const token = org.tokens[reader];
      const whole = await retentionWithPeople(ctx, token, org.engagementId);
      for (const key of RETENTION_EMPLOYEE_SORT_KEYS) {
        for (const descending of [false, true]) {
          const { rows, total, visible } = await allPages(token, `sort=${descending ? '-' : ''}${key}`);
          const expected = browserSort(whole, whole.employees, COLUMN_OF[key], descending);
          expect(rows.map((r) => r.id), `${reader} ${descending ? '-' : ''}${key}`).toEqual(expected.map((e) => e.id));
          // Rows whole: the same person as in the whole answer, with the names of unit and visible leader.
          expect(rows.map(withoutNames)).toEqual(expected);
          expect(total).toBe(whole.employees.length);
          expect(visible).toBe(whole.employees.length);
        }
      }
      const ids = new Set(whole.employees.map((e) => e.id));
      const a1 = (await allPages(token, 'sort=name')).rows.find((r) => r.id === org.people.a1);
      expect(a1?.unit_name).toBe('Sales');
      expect(a1?.leader_name).toBe('Person leadA');
      const top = (await allPages(token, 'sort=name')).rows.find((r) => r.leader === null || !ids.has(r.leader));
      expect(top?.leader_name ?? null).toBeNull();
    });
  }

  it('applies the datasheet filters as the browser did, counting the visible people apart', async () => {
    const whole = await retentionWithPeople(ctx, org.tokens.admin, org.engagementId);
    const today = new Date();
    const cases: [string, (e: TRetentionEmployee) => boolean][] = [
      ['risk_level=1&risk_level=2&risk_level=3&risk_level=4', (e) => (e.risk_level ?? 0) >= 1],
      ['risk_level=none', () => false],
      [`unit=${org.units.sales}`, (e) => e.unit === org.units.sales],
      [`unit=${org.units.company}`, (e) => e.unit !== null],
      ['generation=z&generation=bb', (e) => e.generation === 'z' || e.generation === 'bb'],
      ['answered=not_answered', (e) => !e.has_answered],
      ['answered=answered&risk_level=0', (e) => e.has_answered && e.risk_level === 0],
      ['age=years', (e) => organisationalAge(e.works_since, today) === 'years'],
      ['age=now&age=months', (e) => ['now', 'months'].includes(organisationalAge(e.works_since, today) ?? '')],
      ['name=LEADa', (e) => e.name.toLowerCase().includes('leada')],
      ['name=p', () => true],
      [`id=${org.people.a1}&id=${org.people.b1}`, (e) => e.id === org.people.a1 || e.id === org.people.b1],
    ];
    const broker = whole.employees.find((e) => e.key_roles.length > 0)?.key_roles[0];
    if (broker) cases.push([`key_role=${broker}`, (e) => e.key_roles.includes(broker)]);
    const groupRole = whole.employees.find((e) => e.group_roles.length > 0)?.group_roles[0];
    if (groupRole) cases.push([`group_role=${groupRole}`, (e) => e.group_roles.includes(groupRole)]);
    for (const [query, keep] of cases) {
      const { rows, total, visible } = await allPages(org.tokens.admin, `sort=-risk_level&${query}`);
      const expected = browserSort(whole, whole.employees.filter(keep), 'riskLevel', true);
      expect(rows.map((r) => r.id), query).toEqual(expected.map((e) => e.id));
      expect(total).toBe(expected.length);
      expect(visible).toBe(whole.employees.length);
    }
  });

  it('finds names without regard to case or accents, any length', async () => {
    await ctx.db.db.update(tables.employees).set({ name: 'Árpád Kovács' }).where(eq(tables.employees.id, org.people.a1));
    try {
      for (const name of ['arpad', '  KOVÁCS ', 'Árp', 'V']) {
        const { rows } = await allPages(org.tokens.admin, `name=${encodeURIComponent(name)}`);
        expect(rows.map((r) => r.id), name).toEqual([org.people.a1]);
      }
    } finally {
      await ctx.db.db.update(tables.employees).set({ name: 'Person a1' }).where(eq(tables.employees.id, org.people.a1));
    }
  });

  it('explains the codes its page names, in the request’s language', async () => {
    const page = (await getAs(ctx, org.tokens.admin, listUrl(org.engagementId, 'sort=-risk_factors&page_size=2'), 'hu-HU')).json<TRetentionEmployeeListPage>();
    const named = [...new Set(page.data.flatMap((r) => r.risk_factors.map((f) => f.code)))].sort();
    expect(named.length).toBeGreaterThan(0);
    expect(Object.keys(page.explanations.risk_factors).sort()).toEqual(named);
    expect(page.explanations.risk_levels['3']).toBe('Magas kockázat: körülbelül 70% a valószínűsége, hogy 6 hónapon belül távozik.');
  });

  it('answers 403 for no_access and module_disabled, 404 for another organisation, 409 before any analysis, 400 for an unknown sort', async () => {
    expect((await getAs(ctx, org.tokens.noAccess, listUrl(org.engagementId, ''))).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.disabled, listUrl(org.engagementId, ''))).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.otherOrg, listUrl(org.engagementId, ''))).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.admin, listUrl(org.unanalysedEngagementId, ''))).statusCode).toBe(409);
    expect((await getAs(ctx, org.tokens.admin, listUrl(org.engagementId, 'sort=email'))).statusCode).toBe(400);
    const self = (await getAs(ctx, org.tokens.member, listUrl(org.engagementId, ''))).json<TRetentionEmployeeListPage>();
    expect(self.data.map((r) => r.id)).toEqual([org.people.a2]);
    expect(self.visible).toBe(1);
  });

  it('under "aggregate risk only for leaders" gives the leader their people without levels or factors, as the whole answer does', async () => {
    await ctx.db.db.update(tables.engagements).set({ aggregateRiskOnlyForLeaders: true }).where(eq(tables.engagements.id, org.engagementId));
    try {
      const whole = await retentionWithPeople(ctx, org.tokens.leader, org.engagementId);
      expect(whole.individual_risk_withheld).toBe(true);
      for (const key of RETENTION_EMPLOYEE_SORT_KEYS) {
        const { rows } = await allPages(org.tokens.leader, `sort=${key}`);
        expect(rows.map(withoutNames), key).toEqual(browserSort(whole, whole.employees, COLUMN_OF[key], false));
      }
      const first = (await getAs(ctx, org.tokens.leader, listUrl(org.engagementId, ''))).json<TRetentionEmployeeListPage>();
      expect(first.individual_risk_withheld).toBe(true);
      expect(first.data.every((r) => r.risk_level === null && r.risk_factors.length === 0)).toBe(true);
      expect(Object.keys(first.explanations.risk_factors)).toEqual([]);
      // The levels are withheld, so a level filter keeps nobody, as the browser's filter did.
      expect((await allPages(org.tokens.leader, 'risk_level=1&risk_level=4')).total).toBe(0);
      // The admin (all_access) still sees every level.
      const admin = (await getAs(ctx, org.tokens.admin, listUrl(org.engagementId, 'sort=-risk_level&page_size=1'))).json<TRetentionEmployeeListPage>();
      expect(admin.individual_risk_withheld).toBe(false);
      expect(admin.data[0]?.risk_level).not.toBeNull();
    } finally {
      await ctx.db.db.update(tables.engagements).set({ aggregateRiskOnlyForLeaders: false }).where(eq(tables.engagements.id, org.engagementId));
    }
  });
});

describe('the whole answer without its people: the landing page\'s counts and the names the risks and groups pages show', () => {
  const namedIds = (body: RetentionWithPeople) =>
    new Set([
      ...body.results.key_people_in_danger.map((k) => k.employee),
      ...body.results.leaders_in_need_of_support.flatMap((l) => [l.leader, ...l.neglected]),
      ...Object.values(body.results.groups).flatMap((rows) => rows.map((row) => row.leader.id)),
    ]);
  const check = (body: RetentionWithPeople, aggregateOnly: boolean) => {
    // What the browser counted from every person (risk-summary.ts) and looked up by id (retention-lookups.ts).
    const perLevel = { '0': 0, '1': 0, '2': 0, '3': 0, '4': 0 };
    for (const e of body.employees) if (e.risk_level !== null) perLevel[String(e.risk_level) as '0'] += 1;
    expect(body.risk_summary).toEqual({ total: body.employees.length, per_level: aggregateOnly ? null : perLevel });
    const ids = namedIds(body);
    const expected = body.employees.filter((e) => ids.has(e.id)).map((e) => ({ id: e.id, name: e.name, unit: e.unit, risk_level: e.risk_level }));
    expect(body.named_people).toEqual(expected);
    // Everyone named is someone the caller sees.
    expect(body.named_people.length).toBe(ids.size);
  };

  it('counts the levels of everyone the admin and a subtree leader see, and names exactly the people the results name', async () => {
    for (const token of [org.tokens.admin, org.tokens.leader, org.tokens.member]) {
      const body = await retentionWithPeople(ctx, token, org.engagementId);
      check(body, false);
    }
    const admin = await retentionWithPeople(ctx, org.tokens.admin, org.engagementId);
    expect(admin.named_people.length).toBeGreaterThan(0);
  });

  it('under "aggregate risk only for leaders" gives the leader no count per level and names without levels', async () => {
    await ctx.db.db.update(tables.engagements).set({ aggregateRiskOnlyForLeaders: true }).where(eq(tables.engagements.id, org.engagementId));
    try {
      const body = await retentionWithPeople(ctx, org.tokens.leader, org.engagementId);
      expect(body.individual_risk_withheld).toBe(true);
      check(body, true);
      expect(body.named_people.every((p) => p.risk_level === null)).toBe(true);
    } finally {
      await ctx.db.db.update(tables.engagements).set({ aggregateRiskOnlyForLeaders: false }).where(eq(tables.engagements.id, org.engagementId));
    }
  });
});
