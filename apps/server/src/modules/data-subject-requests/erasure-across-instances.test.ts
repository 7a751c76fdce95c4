import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, eq, tables, type DbHandle } from '@ona/db';
import { buildApp, type App } from '../../app.ts';
import { analyseThroughApi, createAnalyticsOrganisation, everyModule, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { createUser, FIXTURE_PASSWORD, grantAccess } from '../../testing/fixtures.ts';
import { authHeader, loginAs } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { requireLatestAnalysis } from '../analytics-shared/latest-result.ts';

/**
 * An erasure made through one instance reaches the analysis answers of every other: two instances
 * of one deployment share the database and Redis (the kept answers' shared tier), each with its own
 * memory. Instance B has read the reports (its memory holds the parsed run with the name, and Redis
 * the answers built from it); A erases the person; B's next answers carry only the pseudonym, and
 * the parsed run B builds answers from is read again (its row version changed with the rewrite).
 * On PostgreSQL B has a pool of its own, as a second server process would. The embedded database
 * is one process by nature (one server holds its data directory): there both instances share it.
 */

const NAME = 'Ottilie Zwischenspeicher';
const EMAIL = 'ottilie@acme.test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let db: TestDatabase;
let secondHandle: DbHandle | null = null;
let appA: App;
let appB: App;
let org: Omit<AnalyticsOrganisation, 'tokens'>;
let dpoOnA: string;
let dpoOnB: string;
let personId: number;

const REPORTS = (id: number, person: number) => [
  `/api/engagements/${id}/individual-reports/`,
  `/api/engagements/${id}/individual-reports/${person}/`,
  `/api/engagements/${id}/leader-reports/`,
  `/api/engagements/${id}/metrics/`,
  `/api/engagements/${id}/graph-visualization/`,
  `/api/engagements/${id}/retention-analytics-results/`,
  `/api/engagements/${id}/key-people-analytics/`,
];

beforeAll(async () => {
  db = await createTestDatabase();
  const { emails, ...made } = await createAnalyticsOrganisation(db.db);
  org = made;
  await db.db.update(tables.employees).set({ name: NAME, email: EMAIL }).where(eq(tables.employees.id, org.people.a4));
  const [person] = await db.db.insert(tables.directoryPeople).values({ organizationId: org.orgId, externalId: 'E-OZ', userName: EMAIL, email: EMAIL, displayName: NAME, unitPath: 'Company / Sales' }).returning();
  if (!person) throw new Error('no directory person');
  personId = person.id;
  await db.db.update(tables.employees).set({ directoryPersonId: personId }).where(eq(tables.employees.id, org.people.a4));
  const dpo = await createUser(db.db, { email: 'dpo@acme.test', name: 'Acme DPO', organizationIds: [org.orgId], permissions: ['organization_admin'] });
  await grantAccess(db.db, org.engagementId, dpo.id, everyModule('all_access'));

  const settings = { SMTP_URL: undefined, MAIL_FROM: 'test@ona.example', PUBLIC_URL: 'http://app.test', REDIS_URL, REDIS_PREFIX: `erasure:${randomBytes(4).toString('hex')}:` };
  secondHandle = db.url ? await createDb({ url: db.url, poolSize: 3 }) : null;
  appA = await buildApp({ db, settings, webDistDir: '/nonexistent', pollJobs: false });
  appB = await buildApp({ db: secondHandle ?? db, settings, webDistDir: '/nonexistent', pollJobs: false });
  await Promise.all([appA.ready(), appB.ready()]);
  await analyseThroughApi({ app: appA, db, close: async () => {} }, org.engagementId, await loginAs(appA, emails.admin, FIXTURE_PASSWORD));
  dpoOnA = await loginAs(appA, 'dpo@acme.test', FIXTURE_PASSWORD);
  dpoOnB = await loginAs(appB, 'dpo@acme.test', FIXTURE_PASSWORD);
}, 240_000);
afterAll(async () => {
  await Promise.all([appA?.close(), appB?.close()]);
  await secondHandle?.close();
  await db?.close();
});

describe('an erasure on one instance', () => {
  it('leaves no other instance serving the erased name from what it kept of the analysis', async () => {
    const urls = REPORTS(org.engagementId, org.people.a4);
    const before = await Promise.all(urls.map((url) => appB.inject({ method: 'GET', url, headers: authHeader(dpoOnB) })));
    for (const [i, res] of before.entries()) expect(res.statusCode, `${urls[i]} ${res.body.slice(0, 200)}`).toBe(200);
    // The reports B built name her (so B has kept them and the run they were built from).
    expect(before.filter((res) => res.body.includes(NAME)).length).toBeGreaterThanOrEqual(3);

    // B keeps the stored run parsed, the name in it (the erasure rewrites it there too).
    const runOnB = async () => JSON.stringify((await requireLatestAnalysis(appB.db, org.engagementId)).result);
    expect(await runOnB()).toContain(NAME);

    const erased = await appA.inject({ method: 'POST', url: `/api/organization/directory/people/${personId}/erasure/`, headers: authHeader(dpoOnA), payload: { nominations: 'anonymise' } });
    expect(erased.statusCode, erased.body).toBe(200);
    const { pseudonym } = erased.json<{ pseudonym: string }>();

    for (const url of urls) {
      const res = await appB.inject({ method: 'GET', url, headers: authHeader(dpoOnB) });
      expect(res.statusCode).toBe(200);
      expect(res.body, url).not.toContain(NAME);
      expect(res.body, url).not.toContain(EMAIL);
    }
    expect(await runOnB()).not.toContain(NAME);
    const report = await appB.inject({ method: 'GET', url: `/api/engagements/${org.engagementId}/individual-reports/`, headers: authHeader(dpoOnB) });
    expect(report.body).toContain(pseudonym);
  }, 120_000);
});
