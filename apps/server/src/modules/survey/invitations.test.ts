import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminEmployee } from '@ona/contracts';
import { and, eq, isNotNull, tables } from '@ona/db';
import { decodeQuotedPrintable, startSmtpCatcher } from '../../testing/smtp-catcher.ts';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
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
    expect(res.json()).toEqual({ kind: 'invitation', sent_count: 3, skipped_count: 1 });
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
    expect(res.json()).toEqual({ kind: 'reminder', sent_count: 2, skipped_count: 2 });
    const mail = decodeQuotedPrintable((await smtp.waitFor(emailOf('boss'))).raw);
    expect(mail).toContain('You have not finished the survey');
    await smtp.waitFor(emailOf('lead'));
    expect(smtp.received.flatMap((m) => m.to).sort()).toEqual([emailOf('boss'), emailOf('lead')].sort());
  });
});
