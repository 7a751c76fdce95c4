import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../testing/fixtures.ts';
import { createTestApp, loginAs } from '../testing/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
  const org = await createOrganization(ctx.db.db, 'Shape');
  await createUser(ctx.db.db, { email: 'admin@example.com', organizationIds: [org.id] });
});
afterAll(async () => ctx.close());

describe('every failure answers the shared error shape', () => {
  it('malformed JSON: 400 malformed_json', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'malformed_json', detail: 'The request body is not valid JSON.' });
  });

  it('an empty body sent as JSON counts as no body: a route that needs one answers 400 validation_error, an action goes through', async () => {
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(login.statusCode).toBe(400);
    expect(login.json().code).toBe('validation_error');
    const token = await loginAs(ctx.app, 'admin@example.com', FIXTURE_PASSWORD);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout/', headers: { 'content-type': 'application/json', authorization: `Token ${token}` }, payload: '' });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me/', headers: { authorization: `Token ${token}` } })).statusCode).toBe(401);
  });

  it('a JSON body that poisons the prototype: 400, as before', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', headers: { 'content-type': 'application/json' }, payload: '{"email":"a@b.c","password":"x","__proto__":{"admin":true}}' });
    expect(res.statusCode).toBe(400);
  });

  it('an oversized body: 413 payload_too_large', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('a body that is not JSON: 415 unsupported_media_type', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', headers: { 'content-type': 'text/xml' }, payload: '<login/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
  });

  it('an unknown API path: 404 not_found, in German when asked', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here/', headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', detail: 'Nicht gefunden.' });
  });

  it('Russian messages for a Russian request', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/me/', headers: { 'accept-language': 'ru-RU' } });
    expect(res.json()).toEqual({ code: 'not_authenticated', detail: 'Чтобы продолжить, войдите в систему.' });
  });

  it('serves the OpenAPI description at /api/docs/', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(doc.json().paths)).toEqual(expect.arrayContaining(['/api/auth/login/', '/api/engagements/{id}/', '/api/users/me/set-organization/']));
  });
});
