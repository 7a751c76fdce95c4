import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, createDb, eq, tables, type DbHandle } from '@ona/db';
import { buildApp, type App } from './app.ts';
import { shutDownGracefully } from './graceful-shutdown.ts';
import { createTestDatabase } from './testing/test-database.ts';
import type { TestContext } from './testing/test-app.ts';
import { createSurveyOrganisation, openSurveyForTakers, type SurveyOrganisation } from './modules/survey/survey-test-setup.ts';
import { createSurveyAs, setUpInstantHosts } from './modules/instant-survey/instant-test-kit.ts';
import { LiveSocketClient } from './modules/instant-survey/live-socket-client.ts';

/**
 * The server's own database handle, closed by the app as server.ts does; `reopen` gives the test a
 * handle of the same data afterwards to check what was stored.
 */
async function databaseTheAppCloses(): Promise<{ handle: DbHandle; reopen(): Promise<DbHandle>; cleanUp(): Promise<void> }> {
  if (process.env.TEST_DB_DRIVER === 'postgres') {
    const owner = await createTestDatabase();
    const url = owner.url as string;
    return { handle: await createDb({ url, poolSize: 5 }), reopen: async () => owner, cleanUp: () => owner.close() };
  }
  const dir = mkdtempSync(joinPath(tmpdir(), 'ona-shutdown-'));
  let reopened: DbHandle | null = null;
  return {
    handle: await createDb({ dataDir: dir }),
    reopen: async () => (reopened = await createDb({ dataDir: dir })),
    cleanUp: async () => {
      await reopened?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('graceful shutdown while employee saves are in flight', () => {
  let database: Awaited<ReturnType<typeof databaseTheAppCloses>>;
  let app: App;
  let org: SurveyOrganisation;
  let questionIds: number[];
  let instantSurveyId: number;
  let hostToken: string;
  let baseUrl: string;
  let allArrived: Promise<void>;
  let release = (): void => undefined;
  let expected = 0;

  beforeAll(async () => {
    database = await databaseTheAppCloses();
    app = await buildApp({ db: database.handle, closeDbWithApp: true, settings: { SMTP_URL: undefined, MAIL_FROM: 'test@ona.example', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined }, webDistDir: '/nonexistent', pollJobs: false });
    // Holds every save at the door until all have arrived, so that all are in flight when the stop begins.
    let arrived = 0;
    let everyoneArrived = (): void => undefined;
    allArrived = new Promise((resolve) => (everyoneArrived = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    app.addHook('preHandler', async (request) => {
      if (request.method !== 'PUT') return;
      arrived += 1;
      if (arrived === expected) everyoneArrived();
      await gate;
    });
    const ctx: TestContext = { app, db: database.handle, close: async () => undefined };
    org = await createSurveyOrganisation(ctx);
    ({ questionIds } = await openSurveyForTakers(ctx, org));
    const tokens = await setUpInstantHosts(ctx, 'shutdown');
    hostToken = tokens.host;
    instantSurveyId = (await createSurveyAs(ctx, hostToken)).id;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    if (app.server.listening) await app.close();
    await database.cleanUp();
  });

  it('lets every save in flight finish and stores it, turns later requests away with 503, and closes live sockets with 1012', async () => {
    const live = new LiveSocketClient();
    await live.connect(baseUrl.replace('http', 'ws'), instantSurveyId, { token: hostToken });

    // One save per (employee, question), so each acknowledged save must be the stored answer.
    const takers = [
      { token: org.tokens.lead, employee: org.people.lead, names: [org.people.member] },
      { token: org.tokens.member, employee: org.people.member, names: [org.people.boss, org.people.lead] },
    ];
    const saves = takers.flatMap((taker) => questionIds.map((questionId) => ({ ...taker, questionId })));
    expected = saves.length;
    const answers = saves.map(async (save) => {
      try {
        const res = await fetch(`${baseUrl}/api/engagements/${org.engagementId}/survey/answers/${save.questionId}/`, {
          method: 'PUT',
          headers: { authorization: `Token ${save.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ selected_users: save.names }),
        });
        return { save, status: res.status, body: (await res.json()) as { code?: string } };
      } catch {
        // Refused or reset before any answer: the client was told nothing and saves again.
        return { save, status: 0, body: {} };
      }
    });
    await allArrived;
    const stopped = shutDownGracefully(app, { deadlineMs: 60_000 });
    // A request that comes once the stop has begun is turned away in the caller's language.
    const late = await app.inject({ method: 'PUT', url: `/api/engagements/${org.engagementId}/survey/answers/${questionIds[0]}/`, headers: { authorization: `Token ${org.tokens.lead}`, 'accept-language': 'de' }, payload: { selected_users: [] } });
    expect([late.statusCode, late.json()]).toEqual([503, { code: 'service_restarting', detail: expect.stringContaining('neu gestartet') }]);
    release();
    const results = await Promise.all(answers);
    expect(await stopped).toBe('drained');

    // Every save was in flight when the stop began: each is answered, and stored.
    expect(results.map((r) => r.status)).toEqual(saves.map(() => 200));
    expect(await live.closed()).toBe(1012);

    const verify = await database.reopen();
    for (const { save } of results.filter((r) => r.status === 200)) {
      const [row] = await verify.db.select().from(tables.answers).where(and(eq(tables.answers.employeeId, save.employee), eq(tables.answers.questionId, save.questionId)));
      expect([save.questionId, row?.selectedEmployeeIds]).toEqual([save.questionId, save.names]);
    }
  });
});
