import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, sql, type DbHandle } from '@ona/db';
import { buildApp, type App } from '../app.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { authHeader, createTestApp, type TestContext } from '../testing/test-app.ts';
import { createSurveyOrganisation, openSurveyForTakers, type SurveyOrganisation } from '../modules/survey/survey-test-setup.ts';
import { createSurveyAs, instantHeader, join, setUpInstantHosts, startSurveyAs } from '../modules/instant-survey/instant-test-kit.ts';

// PGlite runs inside the process: it has no connections to lose.
describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres')('after PostgreSQL drops every connection', () => {
  let ctx: TestContext;
  let org: SurveyOrganisation;
  let questionIds: number[];
  let admin: pg.Client;
  let databaseName: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    org = await createSurveyOrganisation(ctx);
    ({ questionIds } = await openSurveyForTakers(ctx, org));
    const { rows } = await ctx.db.db.execute<{ name: string }>(sql`select current_database() as name`);
    databaseName = rows[0]?.name ?? '';
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await ctx.close();
  });

  /** What a failover or a restart does to the pool: every server process of the database ends. */
  async function dropEveryConnection(): Promise<number> {
    const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName]);
    return rowCount ?? 0;
  }

  it('no request answers 500: reads and saves go through or answer 503 database_unavailable, and the health check says 200 again', async () => {
    const statuses: number[] = [];
    const unavailable: unknown[] = [];
    for (let round = 0; round < 8; round++) {
      // Warm the pool so that it holds connections for the server to end.
      await Promise.all([0, 1, 2, 3].map(() => ctx.app.inject({ method: 'GET', url: '/api/health/' })));
      expect(await dropEveryConnection()).toBeGreaterThan(0);
      const responses = await Promise.all([
        ctx.app.inject({ method: 'GET', url: `/api/engagements/${org.engagementId}/survey/`, headers: authHeader(org.tokens.member) }),
        ctx.app.inject({ method: 'PUT', url: `/api/engagements/${org.engagementId}/survey/answers/${questionIds[round % questionIds.length]}/`, headers: { ...authHeader(org.tokens.member), 'accept-language': 'hu' }, payload: { selected_users: [org.people.boss] } }),
        ctx.app.inject({ method: 'GET', url: `/api/engagements/${org.engagementId}/survey/answers/${questionIds[0]}/`, headers: authHeader(org.tokens.lead) }),
        ctx.app.inject({ method: 'GET', url: '/api/health/' }),
      ]);
      for (const res of responses) {
        statuses.push(res.statusCode);
        if (res.statusCode === 503) unavailable.push(res.json());
      }
    }
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    for (const body of unavailable) expect(body).toEqual({ code: 'database_unavailable', detail: expect.any(String) });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
  });

  it('an instant save (read and write on one held connection) goes through or answers 503, never 500, and stores what it acknowledged', async () => {
    const tokens = await setUpInstantHosts(ctx, 'loss');
    const survey = await createSurveyAs(ctx, tokens.host);
    await startSurveyAs(ctx, tokens.host, survey.id);
    const participant = await join(ctx, survey, 'Lost Lea');
    const freetext = survey.questions.find((q) => q.type === 'freetext')!.id;
    const save = (sequence: number) =>
      ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${survey.public_id}/save-answer/`, headers: instantHeader(participant.token), payload: { question_id: freetext, value: { type: 'freetext', text: `round ${sequence}` }, sequence } });
    // The participant kept: from here on a save sends only its read and its write.
    expect((await save(1)).statusCode).toBe(200);
    for (let sequence = 2; sequence < 10; sequence++) {
      await Promise.all([0, 1, 2, 3].map(() => ctx.app.inject({ method: 'GET', url: '/api/health/' })));
      expect(await dropEveryConnection()).toBeGreaterThan(0);
      const res = await save(sequence);
      expect([200, 503]).toContain(res.statusCode);
      // The acknowledgement carries the answer as the write stored it.
      if (res.statusCode === 200) expect(res.json()).toMatchObject({ answer: { sequence, value: { type: 'freetext', text: `round ${sequence}` } } });
      else expect(res.json()).toEqual({ code: 'database_unavailable', detail: expect.any(String) });
    }
    const after = await save(10);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ answer: { sequence: 10, value: { type: 'freetext', text: 'round 10' } } });
  });
});

/**
 * A TCP relay in front of PostgreSQL that can go down (every connection cut, new ones refused at
 * once) and come back: what the app sees of a failover or a restart.
 */
async function relayTo(target: URL): Promise<{ url: string; down(): void; up(): void; close(): Promise<void> }> {
  let isDown = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (isDown) return void client.destroy();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(typeof address === 'object' && address ? address.port : 0);
  return {
    url: url.toString(),
    down() {
      isDown = true;
      for (const socket of sockets) socket.destroy();
    },
    up() {
      isDown = false;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres')('while PostgreSQL cannot be reached at all', () => {
  let owner: DbHandle & { url?: string };
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let handle: DbHandle;
  let app: App;
  beforeAll(async () => {
    owner = await createTestDatabase();
    relay = await relayTo(new URL(owner.url as string));
    handle = await createDb({ url: relay.url, poolSize: 3 });
    app = await buildApp({ db: handle, settings: { SMTP_URL: undefined, MAIL_FROM: 'test@ona.example', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined }, webDistDir: '/nonexistent', pollJobs: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
    await relay.close();
    await owner.close();
  });

  it('answers 503 database_unavailable in the caller’s language, never 500, and the health check turns 200 once it is back', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    relay.down();
    const login = await app.inject({ method: 'POST', url: '/api/auth/login/', headers: { 'accept-language': 'de' }, payload: { email: 'nobody@acme.test', password: 'whatever1' } });
    expect([login.statusCode, login.json()]).toEqual([503, { code: 'database_unavailable', detail: 'Der Dienst erreicht seine Datenbank gerade nicht. Bitte versuchen Sie es gleich noch einmal.' }]);
    const setup = await app.inject({ method: 'GET', url: '/api/setup/' });
    expect(setup.statusCode).not.toBe(500);
    expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(503);
    relay.up();
    expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
  });
});
