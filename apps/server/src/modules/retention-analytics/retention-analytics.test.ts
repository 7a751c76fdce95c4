import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPLANATIONS } from '@ona/analytics';
import type { TRetentionAnalytics } from '@ona/contracts';
import { analyseThroughApi, getAs, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { buildApp } from '../../app.ts';
import { retentionWithPeople, type RetentionWithPeople } from '../../testing/retention-people.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';
import { requireLatestAnalysis } from '../analytics-shared/latest-result.ts';

let ctx: TestContext;
let org: AnalyticsOrganisation;
const url = (id: number, suffix = '') => `/api/engagements/${id}/retention-analytics-results/${suffix}`;

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
});
afterAll(async () => ctx.close());

async function readWorkbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

describe('GET /engagements/{id}/retention-analytics-results/', () => {
  it('gives all_access everyone, with units, roots and the retention pages', async () => {
    const res = await getAs(ctx, org.tokens.admin, url(org.engagementId));
    expect(res.statusCode).toBe(200);
    const body = await retentionWithPeople(ctx, org.tokens.admin, org.engagementId);
    expect(body.employees).toHaveLength(12);
    expect(body.risk_summary.total).toBe(12);
    // The spec's response holds every person and the roots; they are the datasheet's rows.
    const whole = res.json<TRetentionAnalytics>();
    expect(whole.employees?.map((e) => e.id).sort()).toEqual(body.employees.map((e) => e.id).sort());
    expect(whole.root_employees).toEqual([org.people.ceo]);
    // Asked as the web pages ask, it holds nobody's row: the datasheet and the org chart ask for theirs.
    const paged = await getAs(ctx, org.tokens.admin, `${url(org.engagementId)}?people=false`);
    expect(paged.statusCode).toBe(200);
    expect(Object.keys(paged.json<object>())).not.toContain('employees');
    expect(Object.keys(paged.json<object>())).not.toContain('root_employees');
    expect({ ...whole, employees: undefined, root_employees: undefined }).toEqual({ ...paged.json<TRetentionAnalytics>(), employees: undefined, root_employees: undefined });
    expect(body.root_employees).toEqual([org.people.ceo]);
    expect(body.units.find((u) => u.id === org.units.company)?.children.sort()).toEqual([org.units.sales, org.units.support].sort());
    const a6 = body.employees.find((e) => e.id === org.people.a6);
    expect(a6).toMatchObject({ has_answered: false, leader: org.people.leadA, unit: org.units.sales, generation: 'z', works_since: '2025-02-01' });
    const a1 = body.employees.find((e) => e.id === org.people.a1);
    expect(a1?.risk_factors.map((f) => f.code)).toEqual(expect.arrayContaining(['lackOfManagersAttention', 'lackOfManagersFeedback']));
    expect(a1?.risk_factors[0]?.explanation_code).toMatch(/^riskFactors\./);
    expect(a1?.risk_factors.find((f) => f.code === 'lackOfManagersAttention')?.explanation).toBe(EXPLANATIONS.riskFactors.lackOfManagersAttention);
    expect(body.results.most_typical_causes.withheld).toBe(false);
    expect(body.results.most_typical_causes.items?.length).toBeGreaterThan(0);
    expect(Object.keys(body.results.groups).sort()).toEqual(['incoherent_team', 'key_person_at_risk', 'leader_at_risk', 'leader_relationship', 'several_employees_at_risk']);
  });

  it('explains every code it names in English by default: factors, causes, roles, dysfunctions, levels', async () => {
    const body = await retentionWithPeople(ctx, org.tokens.admin, org.engagementId);
    for (const cause of body.results.most_typical_causes.items ?? []) expect(cause.explanation).toBe(EXPLANATIONS.riskFactors[cause.factor]);
    const dysfunctions = Object.values(body.results.groups).flat().flatMap((row) => row.dysfunctions);
    expect(dysfunctions.length).toBeGreaterThan(0);
    for (const d of dysfunctions) expect(d.explanation).toBe(EXPLANATIONS.dysfunctions[d.code]);
    // The glossary holds exactly the codes the response names, and all five levels.
    const named = <C extends string>(codes: C[]) => [...new Set(codes)].sort();
    expect(Object.keys(body.explanations.risk_factors).sort()).toEqual(named(body.employees.flatMap((e) => e.risk_factors.map((f) => f.code))));
    expect(Object.keys(body.explanations.key_roles).sort()).toEqual(named(body.employees.flatMap((e) => e.key_roles)));
    expect(Object.keys(body.explanations.group_roles).sort()).toEqual(named(body.employees.flatMap((e) => e.group_roles)));
    expect(Object.keys(body.explanations.dysfunctions).sort()).toEqual(named(dysfunctions.map((d) => d.code)));
    expect(body.explanations.key_roles.broker).toBe(EXPLANATIONS.keyRoles.broker);
    expect(body.explanations.group_roles.gatekeeper).toBe(EXPLANATIONS.groupRoles.gatekeeper);
    expect(body.explanations.risk_levels).toEqual({ 0: EXPLANATIONS.riskLevels[0], 1: EXPLANATIONS.riskLevels[1], 2: EXPLANATIONS.riskLevels[2], 3: EXPLANATIONS.riskLevels[3], 4: EXPLANATIONS.riskLevels[4] });
  });

  it('gives the explanations in the request’s language (Accept-Language: hu-HU)', async () => {
    const body = await retentionWithPeople(ctx, org.tokens.admin, org.engagementId, 'hu-HU');
    const a1 = body.employees.find((e) => e.id === org.people.a1);
    expect(a1?.risk_factors.find((f) => f.code === 'lackOfManagersAttention')?.explanation).toBe(
      'Ez a munkatárs nem említi a vezetőjét azok között, akik kérés nélkül is tájékoztatják.',
    );
    expect(body.results.most_typical_causes.items?.find((c) => c.factor === 'noChemistryWithLeader')?.explanation).toBe(
      'Sem ez a munkatárs, sem a vezetője nem nevezi meg a másikat olyanként, akivel szívesen tölt időt a munkahelyen.',
    );
    const leaderHighRisk = Object.values(body.results.groups).flat().flatMap((row) => row.dysfunctions).find((d) => d.code === 'leaderHighRisk');
    expect(leaderHighRisk?.explanation).toBe('A vezetőnél magas a távozás kockázata.');
    expect(body.explanations.key_roles.mentor).toBe('Sok kolléga szerint ez a munkatárs segíti őket a tanulásban és a fejlődésben.');
    expect(body.explanations.group_roles.coordinator).toBe('Ez a munkatárs a saját egységén belül köti össze a kollégákat.');
    expect(body.explanations.risk_levels['3']).toBe('Magas kockázat: körülbelül 70% a valószínűsége, hogy 6 hónapon belül távozik.');
  });

  it('counts the most typical causes exactly as the engine does for the whole organisation', async () => {
    const stored = (await requireLatestAnalysis(ctx.db.db, org.engagementId, [['retention']])).result;
    const body = await retentionWithPeople(ctx, org.tokens.admin, org.engagementId);
    expect(body.results.most_typical_causes.items?.map((c) => [c.factor, c.count, c.high_risk_count])).toEqual(
      stored.retention.mostTypicalCauses.map((c) => [c.factor, c.count, c.highRiskCount]),
    );
    expect(body.results.corresponding_causes.items?.map((c) => [...c.factors, c.count])).toEqual(stored.retention.correspondingCauses.map((c) => [...c.factors, c.count]));
  });

  it('gives subtree the caller and everyone below them, rooted at the caller', async () => {
    const body = await retentionWithPeople(ctx, org.tokens.leader, org.engagementId);
    const { leadA, a1, a2, a3, a4, a5, a6 } = org.people;
    expect(body.employees.map((e) => e.id).sort()).toEqual([leadA, a1, a2, a3, a4, a5, a6].sort());
    expect(body.root_employees).toEqual([leadA]);
    expect(body.results.key_people_in_danger.every((k) => body.employees.some((e) => e.id === k.employee))).toBe(true);
    for (const rows of Object.values(body.results.groups)) for (const row of rows) expect(row.leader.id).toBe(leadA);
  });

  it('never shows a leader which member left them out: the leader-relationship factors of their direct reports are hidden from them', async () => {
    const leaderFactors = ['lackOfManagersAttention', 'lackOfManagersFeedback', 'lackOfManagersRecognition', 'lackOfManagersSupport', 'noChemistryWithLeader'];
    const admin = await retentionWithPeople(ctx, org.tokens.admin, org.engagementId);
    const leader = await retentionWithPeople(ctx, org.tokens.leader, org.engagementId);
    const a1ForAdmin = admin.employees.find((e) => e.id === org.people.a1);
    const a1ForLeader = leader.employees.find((e) => e.id === org.people.a1);
    expect(a1ForAdmin?.risk_factors.some((f) => leaderFactors.includes(f.code))).toBe(true);
    expect(a1ForLeader?.risk_factors.some((f) => leaderFactors.includes(f.code))).toBe(false);
    expect(a1ForLeader?.risk_factors.map((f) => f.code)).toEqual(a1ForAdmin?.risk_factors.map((f) => f.code).filter((code) => !leaderFactors.includes(code)));
    // The level is the engine's: hiding the explanation does not change the risk.
    expect(a1ForLeader?.risk_level).toBe(a1ForAdmin?.risk_level);
  });

  it('gives self_only only the caller’s record and withholds the aggregates of one person', async () => {
    const body = await retentionWithPeople(ctx, org.tokens.member, org.engagementId);
    expect(body.employees.map((e) => e.id)).toEqual([org.people.a2]);
    expect(body.results.most_typical_causes).toEqual({ withheld: true, withheld_reason: { code: 'group_below_minimum', minimum: 5 }, items: null });
    expect(body.results.corresponding_causes).toEqual({ withheld: true, withheld_reason: { code: 'group_below_minimum', minimum: 5 }, items: null });
    expect(Object.values(body.results.groups).flat()).toEqual([]);
  });

  it('withholds the shares of a group with fewer than five respondents', async () => {
    const body = await retentionWithPeople(ctx, org.tokens.admin, org.engagementId);
    const rows = Object.values(body.results.groups).flat();
    const teamB = rows.filter((r) => r.leader.id === org.people.leadB);
    const teamA = rows.filter((r) => r.leader.id === org.people.leadA);
    expect(teamB.length).toBeGreaterThan(0);
    for (const row of teamB) expect(row).toMatchObject({ withheld: true, withheld_reason: { code: 'group_below_minimum', minimum: 5 }, at_risk_share: null, density: null, respondent_count: 2 });
    for (const row of teamA) expect(row).toMatchObject({ withheld: false, respondent_count: 5 });
  });

  it('withholds team A for its leader, whose view is team A and the leader: the two differ by one person', async () => {
    const teamA = (body: TRetentionAnalytics) => Object.values(body.results.groups).flat().filter((r) => r.leader.id === org.people.leadA);
    // The admin sees 10 respondents: team A's 5 leave out 5, so its shares are shown.
    const admin = await retentionWithPeople(ctx, org.tokens.admin, org.engagementId);
    expect(teamA(admin).length).toBeGreaterThan(0);
    for (const row of teamA(admin)) expect(row).toMatchObject({ withheld: false, withheld_reason: null, respondent_count: 5 });
    // Leader A sees 6 respondents (the team and themselves): the causes of all 6 beside the team's
    // shares would describe leader A alone.
    const leader = await retentionWithPeople(ctx, org.tokens.leader, org.engagementId);
    expect(leader.results.most_typical_causes.withheld).toBe(false);
    expect(teamA(leader).length).toBeGreaterThan(0);
    for (const row of teamA(leader)) expect(row).toMatchObject({ withheld: true, withheld_reason: { code: 'difference_below_minimum', minimum: 5 }, at_risk_share: null, density: null });
  });

  it('takes the privacy minimum from the MIN_GROUP_SIZE setting', async () => {
    const lenient = await buildApp({ db: ctx.db, settings: { SMTP_URL: undefined, MAIL_FROM: 'ONA test <test@ona.example>', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined, MIN_GROUP_SIZE: 2 }, webDistDir: '/nonexistent', pollJobs: false });
    try {
      const body = await retentionWithPeople({ app: lenient }, org.tokens.admin, org.engagementId);
      const teamB = Object.values(body.results.groups).flat().filter((r) => r.leader.id === org.people.leadB);
      expect(teamB.length).toBeGreaterThan(0);
      for (const row of teamB) expect(row).toMatchObject({ withheld: false, respondent_count: 2 });
    } finally {
      await lenient.close();
    }
  });

  it('answers 403 for no_access and module_disabled, 404 for another organisation, 409 before any analysis', async () => {
    expect((await getAs(ctx, org.tokens.noAccess, url(org.engagementId))).statusCode).toBe(403);
    const disabled = await getAs(ctx, org.tokens.disabled, url(org.engagementId));
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().code).toBe('permission_denied');
    expect((await getAs(ctx, org.tokens.otherOrg, url(org.engagementId))).statusCode).toBe(404);
    const early = await getAs(ctx, org.tokens.admin, url(org.unanalysedEngagementId), 'de-DE');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'analysis_not_ready', detail: expect.stringContaining('Analyse') });
  });
});

describe('GET /engagements/{id}/retention-analytics-results/export/', () => {
  it('answers an xlsx with the datasheet and one sheet per retention page, in the request’s language', async () => {
    const res = await getAs(ctx, org.tokens.admin, url(org.engagementId, 'export/'), 'hu-HU');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="retention-analytics-acme-spring-2026.xlsx"; filename*=UTF-8''${encodeURIComponent('megtartáselemzés-acme-spring-2026.xlsx')}`);
    const workbook = await readWorkbook(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Munkatársak', 'Kockázati megoszlás', 'Leggyakoribb okok', 'Veszélyeztetett kulcsemberek', 'Támogatásra szoruló vezetők', 'Együtt járó okok', 'Csoportos működési zavarok', 'Magyarázatok',
    ]);
    const sheet = workbook.getWorksheet('Munkatársak')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 10)).toEqual(['Munkatárs', 'Munkatárs azonosító', 'Kockázati szint', 'Kockázati tényezők', 'Szervezeti egység', 'Vezető', 'Generáció', 'Kulcsszerepek', 'Belépés dátuma']);
    expect(sheet.rowCount).toBe(13);
    const a1Row = sheet.getRows(2, 12)!.find((r) => r.getCell(1).value === 'Person a1')!;
    expect(a1Row.getCell(2).value).toBe(org.people.a1);
    expect(String(a1Row.getCell(4).value)).toContain('A vezető figyelmének hiánya');
    expect(a1Row.getCell(5).value).toBe('Sales');
    expect(a1Row.getCell(6).value).toBe('Person leadA');
  });

  it('explains each level, factor, role and dysfunction present in Hungarian, on its own sheet and beside the causes', async () => {
    const res = await getAs(ctx, org.tokens.admin, url(org.engagementId, 'export/'), 'hu-HU');
    const workbook = await readWorkbook(res.rawPayload);
    const sheet = workbook.getWorksheet('Magyarázatok')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Típus', 'Név', 'Mit jelent']);
    const rows = sheet.getRows(2, sheet.rowCount - 1)!.map((r) => (r.values as unknown[]).slice(1));
    expect(rows).toContainEqual(['Kockázati tényező', 'A vezető figyelmének hiánya', 'Ez a munkatárs nem említi a vezetőjét azok között, akik kérés nélkül is tájékoztatják.']);
    expect(rows).toContainEqual(['Kulcsszerep', 'Közvetítő', 'Ez a munkatárs olyan egységeket köt össze, amelyek nélküle alig kapcsolódnának egymáshoz.']);
    expect(rows).toContainEqual(['Csoportszerep', 'Kapuőr', 'Az egységen kívülről érkező kérések ehhez a munkatárshoz futnak be, aki továbbadja őket az egység kollégáinak.']);
    expect(rows).toContainEqual(['Csoportos működési zavar', 'Magas kockázatú vezető', 'A vezetőnél magas a távozás kockázata.']);
    expect(rows).toContainEqual(['Kockázati szint', '4 – Legmagasabb kockázat', 'Legmagasabb kockázat: 90% fölötti a valószínűsége, hogy 6 hónapon belül távozik.']);
    // Only what the data names: no one here is isolated, so the sheet does not explain it.
    expect(rows.some((r) => r[1] === 'Elszigetelt')).toBe(false);

    const causes = workbook.getWorksheet('Leggyakoribb okok')!;
    expect(causes.getRow(1).getCell(6).value).toBe('Mit jelent');
    const noChemistry = causes.getRows(2, causes.rowCount - 1)!.find((r) => r.getCell(1).value === 'Nincs összhang a vezetővel')!;
    expect(noChemistry.getCell(6).value).toBe('Sem ez a munkatárs, sem a vezetője nem nevezi meg a másikat olyanként, akivel szívesen tölt időt a munkahelyen.');
    const groups = workbook.getWorksheet('Csoportos működési zavarok')!;
    expect(groups.getRow(1).getCell(6).value).toBe('Mit jelent');
    expect(groups.getRows(2, groups.rowCount - 1)!.map((r) => r.getCell(6).value)).toContain('A vezetőnél magas a távozás kockázata.');
  });

  it('exports only what the caller sees', async () => {
    const res = await getAs(ctx, org.tokens.leader, url(org.engagementId, 'export/'), 'en-US');
    const sheet = (await readWorkbook(res.rawPayload)).getWorksheet('Employees')!;
    expect(sheet.rowCount).toBe(1 + 7);
    expect((await getAs(ctx, org.tokens.noAccess, url(org.engagementId, 'export/'))).statusCode).toBe(403);
  });
});

describe('the stored result behind the pages', () => {
  it('is read again when a new analysis is stored, and gives the same page twice in a row', async () => {
    const first = await retentionWithPeople(ctx, org.tokens.admin, org.engagementId);
    const again = await retentionWithPeople(ctx, org.tokens.admin, org.engagementId);
    expect(again).toEqual(first);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await analyseThroughApi(ctx, org.engagementId, org.tokens.admin);
    const after = await retentionWithPeople(ctx, org.tokens.admin, org.engagementId);
    expect(after.analysed_at).not.toBe(first.analysed_at);
    // Same answers, same analysis: only the time differs.
    expect({ ...after, analysed_at: null }).toEqual({ ...first, analysed_at: null });
  });
});

describe('what a leader may read about the members who leave them out', () => {
  let neglectCtx: TestContext;
  let neglectOrg: AnalyticsOrganisation;
  beforeAll(async () => {
    neglectCtx = await createTestApp();
    // Three of team A's members name their leader on nothing: a neglect pattern.
    neglectOrg = await setUpAnalysedOrganisation(neglectCtx, ['a1', 'a2', 'a3']);
  });
  afterAll(async () => neglectCtx.close());

  it('names the neglected members to HR but never to that leader, in the groups and among the leaders in need of support', async () => {
    const admin = await retentionWithPeople(neglectCtx, neglectOrg.tokens.admin, neglectOrg.engagementId);
    const leader = await retentionWithPeople(neglectCtx, neglectOrg.tokens.leader, neglectOrg.engagementId);
    const neglected = [neglectOrg.people.a1, neglectOrg.people.a2, neglectOrg.people.a3].sort((a, b) => a - b);
    const patternFor = (body: TRetentionAnalytics) =>
      body.results.groups.leader_relationship.filter((r) => r.leader.id === neglectOrg.people.leadA).flatMap((r) => r.dysfunctions).find((d) => d.code === 'neglectPattern');
    expect([...(patternFor(admin)?.affected ?? [])].sort((a, b) => a - b)).toEqual(neglected);
    expect(patternFor(leader)).toMatchObject({ code: 'neglectPattern', affected: [] });
    const supportFor = (body: TRetentionAnalytics) => body.results.leaders_in_need_of_support.find((l) => l.leader === neglectOrg.people.leadA);
    expect([...(supportFor(admin)?.neglected ?? [])].sort((a, b) => a - b)).toEqual(neglected);
    expect(supportFor(leader)).toMatchObject({ neglect_severity: 'pattern', neglected: [] });
  });

  it('leaves the neglected members out of the leader’s export too', async () => {
    const cellsOf = async (token: string): Promise<string[]> => {
      const res = await getAs(neglectCtx, token, url(neglectOrg.engagementId, 'export/'), 'en-US');
      expect(res.statusCode).toBe(200);
      const cells: string[] = [];
      (await readWorkbook(res.rawPayload)).eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value ?? '')))));
      return cells;
    };
    const neglectedCell = 'Person a1, Person a2, Person a3';
    expect(await cellsOf(neglectOrg.tokens.admin)).toContain(neglectedCell);
    const forLeader = await cellsOf(neglectOrg.tokens.leader);
    expect(forLeader).toContain('Person leadA');
    expect(forLeader.filter((cell) => /Person a[123]\b/.test(cell) && cell.includes(','))).toEqual([]);
  });
});
