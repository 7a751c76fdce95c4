import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEmailTemplate } from '@ona/contracts';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import { createSurveyOrganisation, type SurveyOrganisation } from '../survey/survey-test-setup.ts';

let ctx: TestContext;
let org: SurveyOrganisation;
const url = (suffix = '') => `/api/engagements/${org.engagementId}/email-templates/${suffix}`;
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, token = org.tokens.admin, payload?: object, language = 'en-US') =>
  ctx.app.inject({ method, url: path, headers: { ...authHeader(token), 'accept-language': language }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createSurveyOrganisation(ctx);
});
afterAll(async () => ctx.close());

describe('e-mail templates', () => {
  it('lists the four kinds in four languages, defaults from the locale files with their placeholders', async () => {
    const res = await call('GET', url());
    expect(res.statusCode).toBe(200);
    const list = res.json<TEmailTemplate[]>();
    expect(list).toHaveLength(16);
    expect(list.every((t) => t.is_default && t.updated_at === null)).toBe(true);
    const hu = list.find((t) => t.kind === 'invitation' && t.language === 'hu');
    expect(hu?.subject).toBe('Meghívó a kérdőív kitöltésére: {{engagement}}');
    expect(hu?.body).toContain('{{link}}');
    expect(list.find((t) => t.kind === 'leader_report_code' && t.language === 'en')?.placeholders).toEqual(['name', 'engagement', 'link', 'code']);
  });

  it('saves an edited template, reads it back and resets it to the default', async () => {
    const saved = await call('PUT', url('reminder/de/'), org.tokens.admin, { subject: 'Erinnerung an {{engagement}}', body: 'Hallo {{name}}, bitte bis {{deadline}}: {{link}}' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ kind: 'reminder', language: 'de', subject: 'Erinnerung an {{engagement}}', is_default: false });
    expect((await call('GET', url('reminder/de/'))).json<TEmailTemplate>().body).toBe('Hallo {{name}}, bitte bis {{deadline}}: {{link}}');
    const reset = await call('DELETE', url('reminder/de/'));
    expect(reset.json<TEmailTemplate>()).toMatchObject({ is_default: true, subject: 'Erinnerung: Die Umfrage „{{engagement}}“ endet am {{deadline}}' });
  });

  it('refuses unknown placeholders and a body without the required one (400 with field errors)', async () => {
    const unknown = await call('PUT', url('invitation/en/'), org.tokens.admin, { subject: 'Hi {{firstname}}', body: 'Go: {{link}} {{code}}' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.subject).toEqual(['Unknown placeholder: {{firstname}}. Use only {{name}}, {{engagement}}, {{link}}, {{deadline}}.']);
    expect(unknown.json().errors.body).toHaveLength(1);
    const missing = await call('PUT', url('leader_report_code/en/'), org.tokens.admin, { subject: 'Code', body: 'Dear {{name}}, see {{link}}' });
    expect(missing.json().errors.body).toEqual(['The text must contain the placeholder {{code}}.']);
    expect((await call('PUT', url('invitation/xx/'), org.tokens.admin, { subject: 'a', body: '{{link}}' })).statusCode).toBe(400);
    expect((await call('PUT', url('invitation/en/'), org.tokens.admin, { subject: '', body: '{{link}}' })).statusCode).toBe(400);
  });

  it('previews the stored template or the unsaved draft with sample values', async () => {
    const stored = await call('POST', url('invitation/hu/preview/'));
    expect(stored.statusCode).toBe(200);
    expect(stored.json().subject).toBe('Meghívó a kérdőív kitöltésére: Acme spring');
    expect(stored.json().body).toContain('Kedves Kovács Anna!');
    expect(stored.json().body).toContain(`/engagements/${org.engagementId}/survey/intro.html`);
    const draft = await call('POST', url('leader_report_code/en/preview/'), org.tokens.admin, { body: 'Code for {{name}}: {{code}}' });
    expect(draft.json().body).toMatch(/^Code for Anna Kovács: [A-Z0-9]{8}$/);
  });

  it('is for engagement admins of the organisation only', async () => {
    expect((await call('GET', url(), org.tokens.member)).statusCode).toBe(403);
    expect((await call('PUT', url('invitation/en/'), org.tokens.lead, { subject: 'x', body: '{{link}}' })).statusCode).toBe(403);
    expect((await call('GET', url(), org.tokens.otherOrgAdmin)).statusCode).toBe(404);
  });
});
