import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import { setUpInstantHosts } from './instant-test-kit.ts';

let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof setUpInstantHosts>>;
beforeAll(async () => {
  ctx = await createTestApp();
  tokens = await setUpInstantHosts(ctx);
});
afterAll(async () => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = tokens.host) =>
  ctx.app.inject({ method, url: `/api/instant-survey/${url}`, headers: { ...authHeader(token), 'accept-language': 'en-US' }, ...(payload ? { payload } : {}) });

describe('users', () => {
  it('create, list, modify and delete, scoped to the organisation', async () => {
    const created = await call('POST', 'users/', { name: 'Una', email: 'una@acme.test' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), name: 'Una', email: 'una@acme.test' });
    const id = created.json().id as number;
    expect((await call('POST', 'users/', { name: 'No mail' })).json().email).toBeNull();
    expect((await call('GET', 'users/')).json().map((u: { name: string }) => u.name)).toEqual(['No mail', 'Una']);
    expect((await call('GET', 'users/', undefined, tokens.otherHost)).json()).toEqual([]);
    const modified = await call('PUT', `users/${id}/`, { name: 'Una B.', email: null });
    expect(modified.json()).toEqual({ id, name: 'Una B.', email: null });
    expect((await call('PUT', `users/${id}/`, { name: 'X' }, tokens.otherHost)).statusCode).toBe(404);
    expect((await call('DELETE', `users/${id}/`, undefined, tokens.otherHost)).statusCode).toBe(404);
    expect((await call('DELETE', `users/${id}/`)).statusCode).toBe(204);
    expect((await call('DELETE', `users/${id}/`)).statusCode).toBe(404);
  });

  it('checks the name and the e-mail', async () => {
    expect((await call('POST', 'users/', { name: '', email: 'a@b.test' })).json().errors).toEqual({ name: ['This field is required.'] });
    expect((await call('POST', 'users/', { name: 'Bad', email: 'nope' })).json().errors).toEqual({ email: ['Invalid email format.'] });
  });

  it('needs the instant_survey_admin permission', async () => {
    expect((await call('GET', 'users/', undefined, tokens.plain)).statusCode).toBe(403);
    expect((await call('GET', 'groups/', undefined, tokens.plain)).statusCode).toBe(403);
  });
});

describe('groups', () => {
  it('list, create, read, modify and delete, with members from the organisation only', async () => {
    const a = (await call('POST', 'users/', { name: 'Alma' })).json().id as number;
    const b = (await call('POST', 'users/', { name: 'Bela' })).json().id as number;
    const foreign = (await call('POST', 'users/', { name: 'Foreign' }, tokens.otherHost)).json().id as number;
    const created = await call('POST', 'groups/', { name: 'Team', users: [a, b] });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json().users.map((u: { name: string }) => u.name)).toEqual(['Alma', 'Bela']);
    expect((await call('GET', 'groups/')).json()).toEqual([{ id, name: 'Team', users: expect.any(Array) }]);
    expect((await call('GET', `groups/${id}/`)).json().name).toBe('Team');
    expect((await call('GET', `groups/${id}/`, undefined, tokens.otherHost)).statusCode).toBe(404);
    const modified = await call('PUT', `groups/${id}/`, { name: 'Team B', users: [b] });
    expect(modified.json()).toMatchObject({ name: 'Team B', users: [{ id: b, name: 'Bela', email: null }] });
    const refused = await call('PUT', `groups/${id}/`, { name: 'Team B', users: [foreign] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ users: ['Some of the chosen users do not exist.'] });
    expect((await call('DELETE', `groups/${id}/`)).statusCode).toBe(204);
    expect((await call('GET', `groups/${id}/`)).statusCode).toBe(404);
  });
});
