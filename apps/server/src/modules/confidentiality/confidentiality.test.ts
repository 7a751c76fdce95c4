import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConfidentialitySettings, TEmployeeSurvey, TPrivacyNotice } from '@ona/contracts';
import { and, asc, eq, tables } from '@ona/db';
import { createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import { createSurveyOrganisation, dayFromToday, setWindow, type SurveyOrganisation } from '../survey/survey-test-setup.ts';

/**
 * The organisation's confidentiality settings and privacy notice (docs/privacy/confidentiality.md):
 * who may change them, what input they refuse in the request's language, the lock while a
 * journey is open, the copy each journey keeps, the audit entry; the notice's versions and the
 * record of who accepted which.
 */

let ctx: TestContext;
let org: SurveyOrganisation;
let orgAdmin: string;

const settingsUrl = '/api/organization/confidentiality/';
const noticeUrl = '/api/organization/privacy-notice/';
const patch = (payload: unknown, token = orgAdmin, language = 'en') =>
  ctx.app.inject({ method: 'PATCH', url: settingsUrl, headers: { ...authHeader(token), 'accept-language': language }, payload: payload as object });
const journeySettings = async (id: number) => {
  const [row] = await ctx.db.db.select({ min: tables.engagements.minGroupSize, freeText: tables.engagements.freeTextMinGroupSize, aggregate: tables.engagements.aggregateRiskOnlyForLeaders }).from(tables.engagements).where(eq(tables.engagements.id, id));
  return row;
};
const auditActions = async () =>
  (await ctx.db.db.select({ action: tables.auditEntries.action }).from(tables.auditEntries).where(eq(tables.auditEntries.organizationId, org.orgId)).orderBy(asc(tables.auditEntries.seq))).map((r) => r.action);

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createSurveyOrganisation(ctx);
  await createUser(ctx.db.db, { email: 'dpo@acme.test', name: 'Dora DPO', organizationIds: [org.orgId], permissions: ['organization_admin', 'engagement_admin'] });
  orgAdmin = await loginAs(ctx.app, 'dpo@acme.test', FIXTURE_PASSWORD);
});
afterAll(async () => ctx.close());

describe('confidentiality settings', () => {
  it('starts at today’s rule (5, 10, individual risk for leaders) and names the open journeys that lock it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: settingsUrl, headers: authHeader(orgAdmin) });
    expect(res.statusCode).toBe(200);
    const body = res.json<TConfidentialitySettings>();
    expect(body).toMatchObject({ min_group_size: 5, free_text_min_group_size: 10, aggregate_risk_only_for_leaders: false });
    expect(body.locked_by.map((j) => j.name).sort()).toEqual(['Acme autumn', 'Acme spring']);
  });

  it('is for organisation administrators only (403)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: settingsUrl, headers: authHeader(org.tokens.admin) })).statusCode).toBe(403);
    expect((await patch({ min_group_size: 7 }, org.tokens.admin)).statusCode).toBe(403);
  });

  it('refuses any change while a journey is open: 409 in the request’s language, naming the journey, nothing stored', async () => {
    const messages: Record<string, string> = {};
    for (const language of ['en', 'hu', 'de', 'ru']) {
      const res = await patch({ min_group_size: 7 }, orgAdmin, language);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('confidentiality_locked');
      expect(res.json().detail).toContain('Acme spring');
      messages[language] = res.json().detail;
    }
    expect(messages.en).toContain('cannot change while a journey is open');
    expect(messages.hu).toContain('nem módosíthatók');
    expect(messages.de).toContain('nicht geändert werden');
    expect(messages.ru).toContain('нельзя изменить');
    expect(new Set(Object.values(messages)).size).toBe(4);
    const [stored] = await ctx.db.db.select({ min: tables.organizations.minGroupSize }).from(tables.organizations).where(eq(tables.organizations.id, org.orgId));
    expect(stored?.min).toBe(5);
  });

  it('refuses a threshold of 2, 11 or 5.5 and a free-text threshold below it with 400 in the request’s language', async () => {
    const cases: [unknown, string, string][] = [
      [{ min_group_size: 2 }, 'hu', 'A legkisebb megengedett érték: 3.'],
      [{ min_group_size: 11 }, 'de', 'Der größte zulässige Wert ist 10.'],
      [{ min_group_size: 5.5 }, 'ru', 'Введите целое число.'],
      [{ min_group_size: '5' }, 'en', 'This value is not valid.'],
    ];
    for (const [payload, language, message] of cases) {
      const res = await patch(payload, orgAdmin, language);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.min_group_size).toEqual([message]);
    }
  });

  describe('once no journey is open', () => {
    let draftId = 0;
    let closedId = 0;
    beforeAll(async () => {
      // Acme spring has closed (its last day passed), Acme autumn is still to come.
      await setWindow(ctx.db.db, org.engagementId, dayFromToday(-20), dayFromToday(-5));
      await setWindow(ctx.db.db, org.otherEngagementId, dayFromToday(5), dayFromToday(20));
      closedId = org.engagementId;
      draftId = org.otherEngagementId;
    });

    it('refuses a free-text threshold below the anonymity threshold (400), nothing stored', async () => {
      const res = await patch({ min_group_size: 8, free_text_min_group_size: 6 }, orgAdmin, 'en');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.free_text_min_group_size).toEqual(['The threshold for free-text answers cannot be lower than the anonymity threshold (8).']);
      expect(await journeySettings(draftId)).toEqual({ min: 5, freeText: 10, aggregate: false });
    });

    it('changes the organisation and the journeys that have not opened; a journey that opened keeps its own', async () => {
      const res = await patch({ min_group_size: 7, free_text_min_group_size: 12, aggregate_risk_only_for_leaders: true });
      expect(res.statusCode).toBe(200);
      expect(res.json<TConfidentialitySettings>()).toEqual({ min_group_size: 7, free_text_min_group_size: 12, aggregate_risk_only_for_leaders: true, locked_by: [] });
      expect(await journeySettings(draftId)).toEqual({ min: 7, freeText: 12, aggregate: true });
      expect(await journeySettings(closedId)).toEqual({ min: 5, freeText: 10, aggregate: false });
      // Each change is on record as a confidentiality change; refused ones are not.
      expect((await auditActions()).filter((a) => a === 'confidentiality.change')).toHaveLength(1);
    });

    it('gives a journey created now the organisation’s settings', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/engagements/',
        headers: authHeader(orgAdmin),
        payload: { name: 'Acme winter', access_from: dayFromToday(30), access_till: dayFromToday(40), default_language: 'en', modules: ['survey', 'retention_analytics'], questionnaire: { source: 'default' } },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await journeySettings(res.json<{ id: number }>().id)).toEqual({ min: 7, freeText: 12, aggregate: true });
    });

    it('is locked again as soon as a journey opens', async () => {
      await setWindow(ctx.db.db, draftId, dayFromToday(0), dayFromToday(20));
      const res = await patch({ min_group_size: 3 });
      expect(res.statusCode).toBe(409);
      expect(await journeySettings(draftId)).toEqual({ min: 7, freeText: 12, aggregate: true });
    });
  });

  it('keeps each organisation’s settings its own (Acme’s change leaves Globex at 5)', async () => {
    const [globex] = await ctx.db.db.select().from(tables.organizations).where(eq(tables.organizations.name, 'Globex'));
    const globexAdmin = await createUser(ctx.db.db, { email: 'orgadmin@globex.test', organizationIds: [globex!.id], permissions: ['organization_admin'] });
    const token = await loginAs(ctx.app, globexAdmin.email, FIXTURE_PASSWORD);
    const res = await ctx.app.inject({ method: 'GET', url: settingsUrl, headers: authHeader(token) });
    expect(res.json<TConfidentialitySettings>().min_group_size).toBe(5);
  });
});

describe('privacy notice', () => {
  const surveyOf = async (token: string) => (await ctx.app.inject({ method: 'GET', url: `/api/engagements/${org.otherEngagementId}/survey/`, headers: authHeader(token) })).json<TEmployeeSurvey>();
  const accept = (token: string, payload?: unknown, language = 'en') =>
    ctx.app.inject({ method: 'POST', url: `/api/engagements/${org.otherEngagementId}/survey/accept-terms/`, headers: { ...authHeader(token), 'accept-language': language }, ...(payload === undefined ? {} : { payload: payload as object }) });
  let memberToken = '';

  beforeAll(async () => {
    // The second journey is open now (the settings tests opened it); its member signs in to answer.
    const db = ctx.db.db;
    const survey = await ctx.app.inject({ method: 'POST', url: `/api/engagements/${org.otherEngagementId}/survey/`, headers: authHeader(orgAdmin) });
    if (survey.statusCode !== 201 && survey.statusCode !== 200) throw new Error(survey.body);
    const member = await createUser(db, { email: 'autumn-member@acme.test', name: 'Ava Autumn', organizationIds: [org.orgId] });
    await db.update(tables.employees).set({ userId: member.id }).where(eq(tables.employees.id, org.otherEngagementMember));
    await db.insert(tables.moduleAccess).values({ engagementId: org.otherEngagementId, userId: member.id, module: 'survey', accessLevel: 'self_only' });
    memberToken = await loginAs(ctx.app, member.email, FIXTURE_PASSWORD);
  });

  it('shows no notice with the survey while the organisation has none', async () => {
    expect((await surveyOf(memberToken)).privacy_notice).toBeNull();
  });

  it('keeps each save as a new version and shows the newest with the survey', async () => {
    for (const text of ['We process your answers to improve cooperation.', 'We process your answers to improve cooperation. Contact: dpo@acme.test']) {
      const res = await ctx.app.inject({ method: 'POST', url: noticeUrl, headers: authHeader(orgAdmin), payload: { text } });
      expect(res.statusCode).toBe(201);
    }
    const list = (await ctx.app.inject({ method: 'GET', url: noticeUrl, headers: authHeader(orgAdmin) })).json<TPrivacyNotice>();
    expect(list.versions.map((v) => v.version)).toEqual([2, 1]);
    expect((await surveyOf(memberToken)).privacy_notice).toEqual({ version: 2, text: 'We process your answers to improve cooperation. Contact: dpo@acme.test' });
    expect((await auditActions()).filter((a) => a === 'privacy_notice.change')).toHaveLength(2);
  });

  it('refuses an empty notice (400) and anyone but an organisation administrator (403)', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: noticeUrl, headers: authHeader(orgAdmin), payload: { text: '   ' } })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: noticeUrl, headers: authHeader(org.tokens.admin), payload: { text: 'x' } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: noticeUrl, headers: authHeader(memberToken) })).statusCode).toBe(403);
  });

  it('needs the version shown with the tick: missing 400, an older one 409 in the request’s language, nothing recorded', async () => {
    expect((await accept(memberToken)).statusCode).toBe(400);
    const older = await accept(memberToken, { privacy_notice_version: 1 }, 'hu');
    expect(older.statusCode).toBe(409);
    expect(older.json()).toMatchObject({ code: 'privacy_notice_changed', detail: expect.stringContaining('adatkezelési tájékoztató megváltozott') });
    expect((await surveyOf(memberToken)).terms_accepted).toBe(false);
    expect(await ctx.db.db.select().from(tables.privacyNoticeAcceptances)).toEqual([]);
  });

  it('records who accepted which version and when, and counts acceptances per version', async () => {
    const before = new Date();
    const res = await accept(memberToken, { privacy_notice_version: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().terms_accepted).toBe(true);
    const [row] = await ctx.db.db
      .select({ version: tables.privacyNotices.version, employeeId: tables.privacyNoticeAcceptances.employeeId, at: tables.privacyNoticeAcceptances.acceptedAt })
      .from(tables.privacyNoticeAcceptances)
      .innerJoin(tables.privacyNotices, and(eq(tables.privacyNotices.id, tables.privacyNoticeAcceptances.noticeId)));
    expect(row).toMatchObject({ version: 2, employeeId: org.otherEngagementMember });
    expect(row!.at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    // A second tick keeps the first record.
    expect((await accept(memberToken, { privacy_notice_version: 2 })).statusCode).toBe(200);
    const list = (await ctx.app.inject({ method: 'GET', url: noticeUrl, headers: authHeader(orgAdmin) })).json<TPrivacyNotice>();
    expect(list.versions.map((v) => [v.version, v.acceptances])).toEqual([[2, 1], [1, 0]]);
  });
});
