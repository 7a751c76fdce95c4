import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_UPLOAD_COLUMNS, type TAdminEmployee } from '@ona/contracts';
import { and, eq, isNotNull, tables } from '@ona/db';
import { decodeQuotedPrintable, startSmtpCatcher } from '../../testing/smtp-catcher.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import { multipartFile, workbookBuffer } from '../employees-import/multipart-body.ts';
import { firstPasswordLinkExpiry } from './participant-accounts.ts';
import { createSurveyOrganisation, type SurveyOrganisation } from './survey-test-setup.ts';

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let ctx: TestContext;
let org: SurveyOrganisation;

const post = (url: string, token: string, payload?: object) => ctx.app.inject({ method: 'POST', url, headers: authHeader(token), ...(payload ? { payload } : {}) });
const emailOf = (employee: 'boss' | 'lead' | 'member') => `${employee}-${org.engagementId}@x.test`;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({ smtpUrl: smtp.url });
  org = await createSurveyOrganisation(ctx);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('POST /engagements/{id}/survey/send-invitation/', () => {
  it('refuses before the survey is created (409), non-admins (403) and other organisations (404)', async () => {
    const res = await post(`/api/engagements/${org.engagementId}/survey/send-invitation/`, org.tokens.admin, { kind: 'invitation' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('survey_not_created');
    expect((await post(`/api/engagements/${org.engagementId}/survey/send-invitation/`, org.tokens.member)).statusCode).toBe(403);
    expect((await post(`/api/engagements/${org.engagementId}/survey/send-invitation/`, org.tokens.otherOrgAdmin)).statusCode).toBe(404);
    expect(smtp.received).toHaveLength(0);
  });

  it('delivers the invitation from the engagement’s template to every participant with an e-mail, with the survey link', async () => {
    await post(`/api/engagements/${org.engagementId}/survey/`, org.tokens.admin);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/engagements/${org.engagementId}/email-templates/invitation/en/`,
      headers: authHeader(org.tokens.admin),
      payload: { subject: 'Join {{engagement}}, {{name}}', body: 'Hello {{name}},\nplease answer by {{deadline}}: {{link}}' },
    });
    expect(saved.statusCode).toBe(200);
    // An employee without an address is left out and counted.
    await ctx.db.db.insert(tables.employees).values({ engagementId: org.engagementId, name: 'No Mail' });
    const res = await post(`/api/engagements/${org.engagementId}/survey/send-invitation/`, org.tokens.admin, { kind: 'invitation' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'invitation', sent_count: 3, skipped_count: 1, finished_count: 0 });
    const mail = decodeQuotedPrintable((await smtp.waitFor(emailOf('lead'))).raw);
    expect(mail).toContain('Join Acme spring, Lead');
    expect(mail).toContain(`/engagements/${org.engagementId}/survey/intro.html`);
    expect(mail).toMatch(/please answer by \d{4}-\d{2}-\d{2}/);
    await smtp.waitFor(emailOf('boss'));
    await smtp.waitFor(emailOf('member'));
    expect(smtp.received).toHaveLength(3);
    const invited = await ctx.db.db.select().from(tables.surveyParticipations).where(and(eq(tables.surveyParticipations.engagementId, org.engagementId), isNotNull(tables.surveyParticipations.invitedAt)));
    expect(invited).toHaveLength(3);
    const list = (await ctx.app.inject({ method: 'GET', url: `/api/engagements/${org.engagementId}/employees/`, headers: authHeader(org.tokens.admin) })).json<TAdminEmployee[]>();
    expect(list.filter((e) => e.invited_at !== null).map((e) => e.name).sort()).toEqual(['Boss', 'Lead', 'Member']);
  });

  it('sends reminders only to those who have not finished, in the default reminder text', async () => {
    await post(`/api/engagements/${org.engagementId}/survey/accept-terms/`, org.tokens.member);
    await post(`/api/engagements/${org.engagementId}/survey/finish-survey/`, org.tokens.member);
    smtp.received.length = 0;
    const res = await post(`/api/engagements/${org.engagementId}/survey/send-invitation/`, org.tokens.admin, { kind: 'reminder' });
    expect(res.json()).toEqual({ kind: 'reminder', sent_count: 2, skipped_count: 1, finished_count: 1 });
    const mail = decodeQuotedPrintable((await smtp.waitFor(emailOf('boss'))).raw);
    expect(mail).toContain('You have not finished the survey');
    await smtp.waitFor(emailOf('lead'));
    expect(smtp.received.flatMap((m) => m.to).sort()).toEqual([emailOf('boss'), emailOf('lead')].sort());
  });
});

describe('invitations to uploaded employees who have no account yet', () => {
  const personalLink = (raw: string) => {
    const match = /http:\/\/app\.test\/auth\/confirm-reset-password\.html\?uid=(\d+)&token=([\w-]+)&next=([^\s"<&]+)/.exec(decodeQuotedPrintable(raw));
    if (!match) throw new Error('no personal link in the e-mail');
    return { uid: match[1] ?? '', token: match[2] ?? '', next: match[3] ?? '' };
  };
  const setPassword = (link: { uid: string; token: string }, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/confirm/', payload: { uid: link.uid, token: link.token, new_password1: password, new_password2: password } });

  it('creates the account, lets it set a password from the e-mail and take the survey; existing users keep the plain link', async () => {
    const id = org.otherEngagementId;
    const bossEmail = `boss-${id}@x.test`;
    const file = await workbookBuffer({
      instructions: [['anything']],
      employees: [
        [...EMPLOYEE_UPLOAD_COLUMNS],
        ['Clara CEO', bossEmail, 'Company', null, null, null, null, null],
        ['Nina New', 'nina.new@acme.test', 'Team A', bossEmail, null, null, null, null],
        ['Otto Offline', 'otto.offline@acme.test', 'Team A', bossEmail, null, null, null, null],
        // An Acme user (linked by the upload) and a Globex user (not an Acme member, so unlinked),
        // both with survey levels above self_only that the invitation must keep.
        ['Ada Admin', 'admin@acme.test', 'Company', null, null, null, null, null],
        ['Gus Globex', 'admin@globex.test', 'Company', null, null, null, null, null],
      ],
    });
    await ctx.db.db.insert(tables.moduleAccess).values([
      { engagementId: id, userId: org.userIds.admin, module: 'survey', accessLevel: 'subtree' },
      { engagementId: id, userId: org.userIds.otherOrgAdmin, module: 'survey', accessLevel: 'all_access' },
    ]);
    const { payload, headers } = multipartFile(file);
    const uploaded = await ctx.app.inject({ method: 'POST', url: `/api/engagements/${id}/employees/upload-excel/`, headers: { ...authHeader(org.tokens.admin), ...headers }, payload });
    expect(uploaded.statusCode).toBe(200);
    expect((await post(`/api/engagements/${id}/survey/`, org.tokens.admin)).statusCode).toBeLessThan(300);
    smtp.received.length = 0;

    const sent = await post(`/api/engagements/${id}/survey/send-invitation/`, org.tokens.admin, { kind: 'invitation' });
    expect(sent.json()).toEqual({ kind: 'invitation', sent_count: 5, skipped_count: 0, finished_count: 0 });
    const levels = await ctx.db.db.select({ userId: tables.moduleAccess.userId, level: tables.moduleAccess.accessLevel }).from(tables.moduleAccess).where(and(eq(tables.moduleAccess.engagementId, id), eq(tables.moduleAccess.module, 'survey')));
    expect(levels.find((l) => l.userId === org.userIds.admin)?.level).toBe('subtree');
    expect(levels.find((l) => l.userId === org.userIds.otherOrgAdmin)?.level).toBe('all_access');
    // The Globex user keeps their account and password: linked, made an Acme member without permissions, plain link.
    expect(decodeQuotedPrintable((await smtp.waitFor('admin@globex.test')).raw)).toContain(`http://app.test/engagements/${id}/survey/intro.html`);
    const [gus] = await ctx.db.db.select().from(tables.employees).where(and(eq(tables.employees.engagementId, id), eq(tables.employees.email, 'admin@globex.test')));
    expect(gus?.userId).toBe(org.userIds.otherOrgAdmin);
    const gusMemberships = await ctx.db.db.select().from(tables.memberships).where(eq(tables.memberships.userId, org.userIds.otherOrgAdmin));
    expect(gusMemberships.find((m) => m.organizationId === org.orgId)?.permissions).toEqual([]);

    // The boss is linked to an existing user: the plain survey link, and the survey level nobody
    // had set for this engagement becomes self_only.
    const bossMail = decodeQuotedPrintable((await smtp.waitFor(bossEmail)).raw);
    expect(bossMail).toContain(`http://app.test/engagements/${id}/survey/intro.html`);
    expect(bossMail).not.toContain('confirm-reset-password');
    const [bossAccess] = await ctx.db.db.select().from(tables.moduleAccess).where(and(eq(tables.moduleAccess.engagementId, id), eq(tables.moduleAccess.userId, org.userIds.disabled)));
    expect(bossAccess?.accessLevel).toBe('self_only');

    const link = personalLink((await smtp.waitFor('nina.new@acme.test')).raw);
    expect(decodeURIComponent(link.next)).toBe(`/engagements/${id}/survey/intro.html`);
    const [nina] = await ctx.db.db.select().from(tables.users).where(eq(tables.users.email, 'nina.new@acme.test'));
    expect(nina?.id).toBe(Number(link.uid));
    const [membership] = await ctx.db.db.select().from(tables.memberships).where(eq(tables.memberships.userId, Number(link.uid)));
    expect(membership).toMatchObject({ organizationId: org.orgId, permissions: [] });
    const [ninaEmployee] = await ctx.db.db.select().from(tables.employees).where(and(eq(tables.employees.engagementId, id), eq(tables.employees.email, 'nina.new@acme.test')));
    expect(ninaEmployee?.userId).toBe(Number(link.uid));
    // No password yet: nothing signs in until the link has been used.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'nina.new@acme.test', password: '' } })).statusCode).toBe(400);

    expect((await setPassword(link, 'nina-secret-1')).statusCode).toBe(200);
    expect((await setPassword(link, 'nina-secret-2')).statusCode).toBe(400);
    const token = await loginAs(ctx.app, 'nina.new@acme.test', 'nina-secret-1');
    const survey = await ctx.app.inject({ method: 'GET', url: `/api/engagements/${id}/survey/`, headers: authHeader(token) });
    expect(survey.statusCode).toBe(200);
    const questionId = survey.json<{ questions: { id: number }[] }>().questions[0]?.id;
    expect((await post(`/api/engagements/${id}/survey/accept-terms/`, token)).statusCode).toBe(200);
    const [clara] = await ctx.db.db.select().from(tables.employees).where(and(eq(tables.employees.engagementId, id), eq(tables.employees.email, bossEmail)));
    const answer = await ctx.app.inject({ method: 'PUT', url: `/api/engagements/${id}/survey/answers/${questionId}/`, headers: authHeader(token), payload: { selected_users: [clara?.id] } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().selected_users).toEqual([clara?.id]);
  });

  it('sends reminders a fresh personal link while the password is unset, and the plain link once it is set', async () => {
    const id = org.otherEngagementId;
    const invitationLink = personalLink((await smtp.waitFor('otto.offline@acme.test')).raw);
    smtp.received.length = 0;
    const sent = await post(`/api/engagements/${id}/survey/send-invitation/`, org.tokens.admin, { kind: 'reminder' });
    expect(sent.json()).toMatchObject({ kind: 'reminder', sent_count: 5 });
    const ninaMail = decodeQuotedPrintable((await smtp.waitFor('nina.new@acme.test')).raw);
    expect(ninaMail).toContain(`http://app.test/engagements/${id}/survey/intro.html`);
    expect(ninaMail).not.toContain('confirm-reset-password');
    const reminderLink = personalLink((await smtp.waitFor('otto.offline@acme.test')).raw);
    expect(reminderLink.token).not.toBe(invitationLink.token);
    expect((await setPassword(reminderLink, 'otto-secret-1')).statusCode).toBe(200);
    // The invitation's older link can no longer change the password just chosen.
    expect((await setPassword(invitationLink, 'otto-secret-2')).statusCode).toBe(400);
    await loginAs(ctx.app, 'otto.offline@acme.test', 'otto-secret-1');
  });
});

describe('the personal link’s lifetime', () => {
  it('lasts until the end of the survey’s last day, and at least 24 hours', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(firstPasswordLinkExpiry('2026-03-21', now).toISOString()).toBe('2026-03-22T00:00:00.000Z');
    expect(firstPasswordLinkExpiry('2026-03-10', now).toISOString()).toBe('2026-03-11T12:00:00.000Z');
  });
});
