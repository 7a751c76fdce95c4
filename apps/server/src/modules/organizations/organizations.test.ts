import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '@ona/contracts';
import { eq, sql, tables } from '@ona/db';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { decodeQuotedPrintable, startSmtpCatcher } from '../../testing/smtp-catcher.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import { multipartFile } from '../employees-import/multipart-body.ts';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let acme: { id: number };
let globex: { id: number };
const tokens: Record<string, string> = {};

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000dIHDR-fake-but-signed')]);
const SAFE_SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><defs><linearGradient id="g"/></defs><rect width="10" height="10" fill="url(#g)"/><use xlink:href="#g"/></svg>\n';

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: authHeader(tokens[who] ?? ''), ...(payload ? { payload } : {}) });
const uploadLogo = (who: string, content: Buffer, filename = 'logo.png', field = 'logo') => {
  const body = multipartFile(content, { field, filename, contentType: 'image/png' });
  return ctx.app.inject({ method: 'PUT', url: '/api/organization/logo/', headers: { ...authHeader(tokens[who] ?? ''), ...body.headers }, payload: body.payload });
};
const userId = async (email: string) => (await ctx.db.db.select().from(tables.users).where(sql`lower(${tables.users.email}) = ${email}`))[0]?.id ?? 0;
const linkOf = (raw: string) => {
  const match = /uid=(\d+)&token=([A-Za-z0-9_%-]+)&purpose=invitation/.exec(decodeQuotedPrintable(raw));
  if (!match?.[1] || !match[2]) throw new Error(`no invitation link in ${raw}`);
  return { uid: match[1], token: decodeURIComponent(match[2]) };
};

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({ smtpUrl: smtp.url });
  const db = ctx.db.db;
  acme = await createOrganization(db, 'Acme');
  globex = await createOrganization(db, 'Globex');
  await createUser(db, { email: 'platform@ona.test', name: 'Pat Platform', organizationIds: [acme.id], permissions: ['organization_admin'], canChangeOrganization: true });
  await createUser(db, { email: 'admin@acme.test', name: 'Ada Admin', organizationIds: [acme.id], permissions: ['organization_admin', 'engagement_admin'] });
  await createUser(db, { email: 'plain@acme.test', name: 'Paul Plain', organizationIds: [acme.id], permissions: ['engagement_admin'] });
  await createUser(db, { email: 'admin@globex.test', name: 'Gina Globex', organizationIds: [globex.id], permissions: ['organization_admin'] });
  await createUser(db, { email: 'worker@globex.test', name: 'Walter Worker', organizationIds: [globex.id] });
  for (const email of ['platform@ona.test', 'admin@acme.test', 'plain@acme.test', 'admin@globex.test']) tokens[email] = await loginAs(ctx.app, email, FIXTURE_PASSWORD);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('platform administrators and organisations', () => {
  it('create an organisation (201) and become a member with every permission of it', async () => {
    const res = await call('POST', '/api/organizations/', 'platform@ona.test', { name: 'Initech', default_language: 'en' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Initech', default_language: 'en', archived: false, member_count: 1 });
    const me = (await call('GET', '/api/users/me/', 'platform@ona.test')).json();
    expect(me.available_organizations.map((o: { name: string }) => o.name)).toEqual(['Acme', 'Initech']);
    const switched = await call('POST', '/api/users/me/set-organization/', 'platform@ona.test', { organization: res.json().id });
    expect(switched.json().permissions).toEqual(['engagement_admin', 'instant_survey_admin', 'organization_admin']);
    await call('POST', '/api/users/me/set-organization/', 'platform@ona.test', { organization: acme.id });
  });

  it('refuses a second organisation of the same name with 409 and stores nothing', async () => {
    const before = (await call('GET', '/api/organizations/', 'platform@ona.test')).json().length;
    const res = await call('POST', '/api/organizations/', 'platform@ona.test', { name: 'initech', default_language: 'hu' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('organization_name_taken');
    expect((await call('GET', '/api/organizations/', 'platform@ona.test')).json()).toHaveLength(before);
  });

  it('answers 403 to everyone else on every organisation call', async () => {
    expect((await call('GET', '/api/organizations/', 'admin@acme.test')).statusCode).toBe(403);
    expect((await call('POST', '/api/organizations/', 'admin@acme.test', { name: 'Mine', default_language: 'hu' })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/organizations/${globex.id}/`, 'admin@acme.test', { archived: true })).statusCode).toBe(403);
  });

  it('archiving takes the organisation out of available_organizations and stops its only members at once (401); un-archiving brings it back', async () => {
    const initech = (await call('GET', '/api/organizations/', 'platform@ona.test')).json().find((o: { name: string }) => o.name === 'Initech');
    const db = ctx.db.db;
    await createUser(db, { email: 'only@initech.test', organizationIds: [initech.id] });
    const onlyToken = await loginAs(ctx.app, 'only@initech.test', FIXTURE_PASSWORD);
    const archived = await call('PATCH', `/api/organizations/${initech.id}/`, 'platform@ona.test', { archived: true, name: 'Initech Old' });
    expect(archived.json()).toMatchObject({ archived: true, name: 'Initech Old' });
    const me = (await call('GET', '/api/users/me/', 'platform@ona.test')).json();
    expect(me.available_organizations.map((o: { name: string }) => o.name)).toEqual(['Acme']);
    const stopped = await ctx.app.inject({ method: 'GET', url: '/api/users/me/', headers: authHeader(onlyToken) });
    expect(stopped.statusCode).toBe(401);
    expect(stopped.json().code).toBe('no_active_membership');
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'only@initech.test', password: FIXTURE_PASSWORD } });
    expect(login.statusCode).toBe(401);
    await call('PATCH', `/api/organizations/${initech.id}/`, 'platform@ona.test', { archived: false });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me/', headers: authHeader(onlyToken) })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown organisation', async () => {
    expect((await call('PATCH', '/api/organizations/999999/', 'platform@ona.test', { name: 'X' })).statusCode).toBe(404);
  });
});

describe('the organisation administrator and their organisation', () => {
  it('reads and changes name and default language; others get 403', async () => {
    expect((await call('GET', '/api/organization/', 'admin@acme.test')).json()).toEqual({ id: acme.id, name: 'Acme', default_language: 'hu', logo_url: null, time_zone: 'Europe/Budapest', sending_hours_start: '08:00', sending_hours_end: '18:00', send_on_weekends: false, reminder_max_per_person: 3 });
    const res = await call('PATCH', '/api/organization/', 'admin@acme.test', { name: 'Acme Ltd', default_language: 'de' });
    expect(res.json()).toMatchObject({ name: 'Acme Ltd', default_language: 'de' });
    expect((await call('PATCH', '/api/organization/', 'admin@acme.test', { default_language: 'xx' })).statusCode).toBe(400);
    expect((await call('GET', '/api/organization/', 'plain@acme.test')).statusCode).toBe(403);
    expect((await call('PATCH', '/api/organization/', 'plain@acme.test', { name: 'Hijack' })).statusCode).toBe(403);
    await call('PATCH', '/api/organization/', 'admin@acme.test', { name: 'Acme', default_language: 'hu' });
  });

  it('uploads a PNG logo that a browser loads without a token, with its type, nosniff and a long cache; it shows on leader reports', async () => {
    const res = await uploadLogo('admin@acme.test', PNG, 'anything.txt');
    expect(res.statusCode).toBe(200);
    const url: string = res.json().logo_url;
    expect(url).toMatch(new RegExp(`^/api/organization-logos/${acme.id}/[a-z0-9]+\\.png$`));
    const image = await ctx.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const [org] = await ctx.db.db.select().from(tables.organizations).where(eq(tables.organizations.id, acme.id));
    expect(org?.logoUrl).toBe(url);
    // A new upload has a new address; the old one answers 404.
    const second = await uploadLogo('admin@acme.test', Buffer.from(SAFE_SVG), 'logo.png');
    expect(second.json().logo_url).toMatch(/\.svg$/);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const svg = await ctx.app.inject({ method: 'GET', url: second.json().logo_url });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toContain("default-src 'none'");
    expect(svg.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuses a file that is not an image with 415, whatever its name', async () => {
    const res = await uploadLogo('admin@acme.test', Buffer.from('%PDF-1.7 not an image'), 'logo.png');
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_file_type');
    const gif = multipartFile(Buffer.from('GIF89a'), { field: 'logo' });
    const hu = await ctx.app.inject({ method: 'PUT', url: '/api/organization/logo/', headers: { ...authHeader(tokens['admin@acme.test'] ?? ''), 'accept-language': 'hu', ...gif.headers }, payload: gif.payload });
    expect(hu.json().detail).toBe('A logó PNG, JPEG vagy SVG kép lehet.');
  });

  it('refuses a logo over 512 KB with 413 and keeps the old one', async () => {
    const before = (await call('GET', '/api/organization/', 'admin@acme.test')).json().logo_url;
    const res = await uploadLogo('admin@acme.test', Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES + 1)]));
    expect(res.statusCode).toBe(413);
    expect((await call('GET', '/api/organization/', 'admin@acme.test')).json().logo_url).toBe(before);
  });

  it.each([
    ['a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'],
    ['a foreignObject', '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="https://evil.test"/></foreignObject></svg>'],
    ['an external image', '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.test/track.png"/></svg>'],
    ['a javascript: link', '<svg xmlns="http://www.w3.org/2000/svg"><a xlink:href="javascript:alert(1)"><rect/></a></svg>'],
    ['an external entity', '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>'],
    ['a CSS import', '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.test/x.css);</style></svg>'],
  ])('refuses an SVG with %s (400 unsafe_svg)', async (_label, svg) => {
    const res = await uploadLogo('admin@acme.test', Buffer.from(svg), 'logo.svg');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('unsafe_svg');
  });

  it('removes the logo; a user without organization_admin may not upload one', async () => {
    expect((await uploadLogo('plain@acme.test', PNG)).statusCode).toBe(403);
    const res = await call('DELETE', '/api/organization/logo/', 'admin@acme.test');
    expect(res.json().logo_url).toBeNull();
  });
});

describe('users of the organisation', () => {
  it('lists the organisation’s users only, searchable by name and e-mail; 403 without organization_admin', async () => {
    const all = (await call('GET', '/api/organization/users/', 'admin@acme.test')).json();
    expect(all.map((u: { email: string }) => u.email)).toEqual(['admin@acme.test', 'platform@ona.test', 'plain@acme.test']);
    expect(all[0]).toEqual({ id: expect.any(Number), name: 'Ada Admin', email: 'admin@acme.test', permissions: ['engagement_admin', 'organization_admin'], active: true, invitation_pending: false });
    expect((await call('GET', '/api/organization/users/?q=PAUL', 'admin@acme.test')).json().map((u: { name: string }) => u.name)).toEqual(['Paul Plain']);
    expect((await call('GET', '/api/organization/users/?q=ona.test', 'admin@acme.test')).json()).toHaveLength(1);
    expect((await call('GET', '/api/organization/users/?q=%25', 'admin@acme.test')).json()).toHaveLength(0);
    expect((await call('GET', '/api/organization/users/', 'plain@acme.test')).statusCode).toBe(403);
  });

  it('invites a new address: the e-mail arrives with a one-time link that sets the password, then the user signs in with the permissions given', async () => {
    const res = await call('POST', '/api/organization/users/', 'admin@acme.test', { name: 'Nora New', email: 'Nora@acme.test', permissions: ['engagement_admin'] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Nora New', email: 'Nora@acme.test', permissions: ['engagement_admin'], active: true, invitation_pending: true, outcome: 'invited' });
        // SMTP keeps the local part's case as written (the domain arrives in lower case).
    const mail = await smtp.waitFor('Nora@acme.test');
    expect(decodeQuotedPrintable(mail.raw)).toContain('http://app.test/auth/confirm-reset-password.html?uid=');
    const [reset] = await ctx.db.db.select().from(tables.passwordResets).where(eq(tables.passwordResets.userId, res.json().id));
    expect(reset?.purpose).toBe('invitation');
    const days = ((reset?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    const link = linkOf(mail.raw);
    const short = await ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/confirm/', payload: { ...link, new_password1: 'short', new_password2: 'short' } });
    expect(short.statusCode).toBe(400);
    const mismatch = await ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/confirm/', payload: { ...link, new_password1: 'long-enough-1', new_password2: 'long-enough-2' } });
    expect(mismatch.statusCode).toBe(400);
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/confirm/', payload: { ...link, new_password1: 'nora-password', new_password2: 'nora-password' } });
    expect(ok.statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/confirm/', payload: { ...link, new_password1: 'other-password', new_password2: 'other-password' } });
    expect(again.json().code).toBe('invalid_reset_link');
    tokens['nora@acme.test'] = await loginAs(ctx.app, 'nora@acme.test', 'nora-password');
    const me = (await call('GET', '/api/users/me/', 'nora@acme.test')).json();
    expect(me).toMatchObject({ organization: { id: acme.id }, permissions: ['engagement_admin'] });
    const listed = (await call('GET', '/api/organization/users/?q=nora', 'admin@acme.test')).json();
    expect(listed[0].invitation_pending).toBe(false);
  });

  it('refuses to invite a member again with 409 already_member, in the caller’s language, and sends nothing', async () => {
    await ctx.app.mailer.settled();
    const outbox = (await ctx.db.db.select().from(tables.emailOutbox)).length;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/organization/users/', headers: { ...authHeader(tokens['admin@acme.test'] ?? ''), 'accept-language': 'hu' }, payload: { name: 'Nora', email: 'NORA@acme.test', permissions: [] } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'already_member', detail: 'Ez az e-mail-cím már a szervezet egyik tagjáé.' });
    await ctx.app.mailer.settled();
    expect((await ctx.db.db.select().from(tables.emailOutbox)).length).toBe(outbox);
  });

  it('refuses a bad e-mail or an unknown permission with 400', async () => {
    expect((await call('POST', '/api/organization/users/', 'admin@acme.test', { name: 'X', email: 'not-an-address', permissions: [] })).statusCode).toBe(400);
    expect((await call('POST', '/api/organization/users/', 'admin@acme.test', { name: 'X', email: 'x@acme.test', permissions: ['superuser'] })).statusCode).toBe(400);
    expect(await userId('x@acme.test')).toBe(0);
  });

  it('an address of another organisation joins with a membership, keeps its one password and sees both organisations', async () => {
    const res = await call('POST', '/api/organization/users/', 'admin@globex.test', { name: 'Someone Else', email: 'plain@acme.test', permissions: ['instant_survey_admin'] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Paul Plain', outcome: 'added', invitation_pending: false, permissions: ['instant_survey_admin'] });
    const text = decodeQuotedPrintable((await smtp.waitFor('plain@acme.test')).raw);
    expect(text).toContain('http://app.test/auth/login.html');
    expect(text).not.toContain('token=');
    const token = await loginAs(ctx.app, 'plain@acme.test', FIXTURE_PASSWORD);
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/users/me/', headers: authHeader(token) })).json();
    expect(me.available_organizations.map((o: { name: string }) => o.name)).toEqual(['Acme', 'Globex']);
    const switched = await ctx.app.inject({ method: 'POST', url: '/api/users/me/set-organization/', headers: authHeader(token), payload: { organization: globex.id } });
    expect(switched.json()).toMatchObject({ organization: { id: globex.id }, permissions: ['instant_survey_admin'] });
    await ctx.app.inject({ method: 'POST', url: '/api/users/me/set-organization/', headers: authHeader(token), payload: { organization: acme.id } });
  });

  it('gives and takes permissions', async () => {
    const id = await userId('plain@acme.test');
    const res = await call('PATCH', `/api/organization/users/${id}/`, 'admin@acme.test', { permissions: ['instant_survey_admin', 'engagement_admin'] });
    expect(res.json().permissions).toEqual(['engagement_admin', 'instant_survey_admin']);
    const me = (await call('GET', '/api/users/me/', 'plain@acme.test')).json();
    expect(me.permissions).toEqual(['engagement_admin', 'instant_survey_admin']);
  });

  it('refuses to remove the last active administrator, by permission or deactivation, also oneself (409 last_administrator)', async () => {
    const self = await userId('admin@globex.test');
    const take = await call('PATCH', `/api/organization/users/${self}/`, 'admin@globex.test', { permissions: [] });
    expect(take.statusCode).toBe(409);
    expect(take.json().code).toBe('last_administrator');
    const off = await call('PATCH', `/api/organization/users/${self}/`, 'admin@globex.test', { active: false });
    expect(off.json().code).toBe('last_administrator');
    const [membership] = await ctx.db.db.select().from(tables.memberships).where(eq(tables.memberships.userId, self));
    expect(membership).toMatchObject({ permissions: ['organization_admin'], deactivatedAt: null });
  });

  it('deactivating stops the user’s token at once (401 when it was their only organisation); reactivating lets them in again', async () => {
    const id = await userId('nora@acme.test');
    const res = await call('PATCH', `/api/organization/users/${id}/`, 'admin@acme.test', { active: false });
    expect(res.json()).toMatchObject({ active: false });
    const stopped = await call('GET', '/api/engagements/', 'nora@acme.test');
    expect(stopped.statusCode).toBe(401);
    expect((await call('GET', '/api/organization/users/?q=nora', 'admin@acme.test')).json()[0].active).toBe(false);
    await call('PATCH', `/api/organization/users/${id}/`, 'admin@acme.test', { active: true });
    expect((await call('GET', '/api/users/me/', 'nora@acme.test')).statusCode).toBe(200);
  });

  it('a member of two organisations deactivated in one keeps working in the other', async () => {
    const id = await userId('plain@acme.test');
    await call('PATCH', `/api/organization/users/${id}/`, 'admin@acme.test', { active: false });
    const me = await call('GET', '/api/users/me/', 'plain@acme.test');
    expect(me.statusCode).toBe(200);
    expect(me.json().organization.id).toBe(globex.id);
    await call('PATCH', `/api/organization/users/${id}/`, 'admin@acme.test', { active: true });
  });

  it('answers 404 for a user of another organisation and 403 without organization_admin', async () => {
    const stranger = await userId('worker@globex.test');
    expect((await call('PATCH', `/api/organization/users/${stranger}/`, 'admin@acme.test', { active: false })).statusCode).toBe(404);
    expect((await call('POST', `/api/organization/users/${stranger}/resend-invitation/`, 'admin@acme.test')).statusCode).toBe(404);
    const [membership] = await ctx.db.db.select().from(tables.memberships).where(eq(tables.memberships.userId, stranger));
    expect(membership?.deactivatedAt).toBeNull();
    const own = await userId('admin@acme.test');
    expect((await call('PATCH', `/api/organization/users/${own}/`, 'plain@acme.test', { permissions: [] })).statusCode).toBe(403);
    expect((await call('POST', '/api/organization/users/', 'plain@acme.test', { name: 'X', email: 'y@acme.test', permissions: [] })).statusCode).toBe(403);
  });

  it('sends a pending invitation again with a fresh link; a user with a password gets 409', async () => {
    const res = await call('POST', '/api/organization/users/', 'admin@acme.test', { name: 'Late Larry', email: 'larry@acme.test', permissions: [] });
    const id: number = res.json().id;
    await smtp.waitFor('larry@acme.test');
    const before = smtp.received.filter((m) => m.to.includes('larry@acme.test')).length;
    const again = await call('POST', `/api/organization/users/${id}/resend-invitation/`, 'admin@acme.test');
    expect(again.statusCode).toBe(200);
    for (;;) {
      if (smtp.received.filter((m) => m.to.includes('larry@acme.test')).length > before) break;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const latest = smtp.received.filter((m) => m.to.includes('larry@acme.test')).at(-1);
    const link = linkOf(latest?.raw ?? '');
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/confirm/', payload: { ...link, new_password1: 'larry-password', new_password2: 'larry-password' } });
    expect(ok.statusCode).toBe(200);
    const done = await call('POST', `/api/organization/users/${id}/resend-invitation/`, 'admin@acme.test');
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('invitation_not_pending');
  });
});
