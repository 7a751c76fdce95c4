import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables, type Database } from '@ona/db';
import { countRequestStatements } from './testing/count-statements.ts';
import { createEngagement, createOrganization, createUser, FIXTURE_PASSWORD, grantAccess } from './testing/fixtures.ts';
import { everyModule } from './testing/analytics-fixtures.ts';
import { authHeader, createTestApp, loginAs } from './testing/test-app.ts';

/**
 * No list sends a statement per item (issue 20): each list endpoint is read with 2 items and
 * again after growing to 50, and both reads must send the same number of statements. Every read
 * is measured after one warm-up request, so that the caller cache and other per-caller memos
 * are in the same state both times.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let db: Database;
let serial = 0;
const unique = () => ++serial;

/** An organisation of its own per list, so that no list starts with another's items. */
interface Tenant {
  orgId: number;
  adminId: number;
  adminToken: string;
  memberId: number;
  memberToken: string;
  engagementId: number;
}

async function setUpTenant(): Promise<Tenant> {
  const n = unique();
  const org = await createOrganization(db, `Acme ${n}`);
  const admin = await createUser(db, { email: `admin-${n}@acme.test`, organizationIds: [org.id], permissions: ['engagement_admin', 'organization_admin', 'instant_survey_admin'], canChangeOrganization: true });
  const member = await createUser(db, { email: `member-${n}@acme.test`, organizationIds: [org.id] });
  const { engagement } = await createEngagement(db, org.id, 'Spring');
  await grantAccess(db, engagement.id, admin.id, everyModule('all_access'));
  return {
    orgId: org.id,
    adminId: admin.id,
    adminToken: await loginAs(ctx.app, admin.email, FIXTURE_PASSWORD),
    memberId: member.id,
    memberToken: await loginAs(ctx.app, member.email, FIXTURE_PASSWORD),
    engagementId: engagement.id,
  };
}

async function statementsOf(url: string, token: string): Promise<number> {
  const request = { method: 'GET' as const, url, headers: authHeader(token) };
  const warm = await ctx.app.inject(request);
  expect(warm.statusCode, `${url}: ${warm.body.slice(0, 200)}`).toBe(200);
  const { response, statements } = await countRequestStatements(ctx, request);
  expect(response.statusCode).toBe(200);
  return statements.length;
}

interface ListCase {
  name: string;
  url: (t: Tenant) => string;
  /** The caller: the tenant's administrator unless said otherwise. */
  token?: (t: Tenant) => string;
  /** Adds `count` more items to the list. */
  grow: (t: Tenant, count: number) => Promise<void>;
  /** A list that shows at most this many (the newest). */
  limit?: number;
  /** How many items the list holds now (to check that growing grew it). */
  length: (body: unknown) => number;
}

const arrayLength = (body: unknown) => (Array.isArray(body) ? body.length : -1);

async function addEmployees({ engagementId }: Tenant, count: number, extra: (n: number) => Partial<typeof tables.employees.$inferInsert> = () => ({})) {
  const [unit] = await db.insert(tables.units).values({ engagementId, name: `Unit ${unique()}` }).returning({ id: tables.units.id });
  await db.insert(tables.employees).values(
    Array.from({ length: count }, () => {
      const n = unique();
      return { engagementId, unitId: unit?.id ?? null, name: `Person ${n}`, email: `person-${n}@acme.test`, attributes: { site: `Site ${n % 3}` }, ...extra(n) };
    }),
  );
}

async function addQuestions({ engagementId }: Tenant, count: number) {
  await db.insert(tables.questions).values(
    Array.from({ length: count }, () => {
      const n = unique();
      return { engagementId, key: `q_${n}`, category: 'work_cooperation', kind: 'cooperation', position: n, texts: { en: `Question ${n}`, hu: `Kérdés ${n}`, de: `Frage ${n}`, ru: `Вопрос ${n}` } };
    }),
  );
}

async function addOrganisationUsers({ orgId, engagementId }: Tenant, count: number) {
  for (let i = 0; i < count; i++) {
    const n = unique();
    const user = await createUser(db, { email: `user-${n}@acme.test`, organizationIds: [orgId] });
    await grantAccess(db, engagementId, user.id, { survey: 'self_only', statistics: 'subtree' });
  }
}

async function addEngagements({ orgId, memberId }: Tenant, count: number) {
  for (let i = 0; i < count; i++) {
    const { engagement, employees } = await createEngagement(db, orgId, `Journey ${unique()}`);
    // The member takes part in every journey (own employee, progress, subtree, access rows).
    await db.update(tables.employees).set({ userId: memberId }).where(eq(tables.employees.id, employees.lead.id));
    await grantAccess(db, engagement.id, memberId, { ...everyModule('subtree'), survey: 'self_only' });
    await db.insert(tables.surveyParticipations).values({ engagementId: engagement.id, employeeId: employees.lead.id, termsAcceptedAt: new Date() });
  }
}

const cases: ListCase[] = [
  // First: it lists every organisation of the database, and each list below adds one.
  {
    name: 'organisations (platform administrator)',
    url: () => '/api/organizations/',
    grow: async (_t, count) => {
      for (let i = 0; i < count; i++) {
        const org = await createOrganization(db, `Organisation ${unique()}`);
        await createUser(db, { email: `owner-${serial}@org.test`, organizationIds: [org.id], permissions: ['organization_admin'] });
      }
    },
    length: arrayLength,
  },
  { name: 'journeys (engagement admin)', url: () => '/api/engagements/', grow: addEngagements, length: arrayLength },
  { name: 'journeys (a participant with module access)', url: () => '/api/engagements/', token: (t) => t.memberToken, grow: addEngagements, length: arrayLength },
  { name: 'employees of a journey', url: (t) => `/api/engagements/${t.engagementId}/employees/`, grow: (t, n) => addEmployees(t, n), length: (body) => arrayLength((body as { results?: unknown }).results ?? body) },
  {
    name: 'units of a journey',
    url: (t) => `/api/engagements/${t.engagementId}/units/`,
    grow: async ({ engagementId }, count) => void (await db.insert(tables.units).values(Array.from({ length: count }, () => ({ engagementId, name: `Unit ${unique()}` })))),
    length: arrayLength,
  },
  {
    name: 'unit tree of a journey',
    url: (t) => `/api/engagements/${t.engagementId}/hierarchy/`,
    grow: async ({ engagementId }, count) => void (await db.insert(tables.units).values(Array.from({ length: count }, () => ({ engagementId, name: `Unit ${unique()}` })))),
    length: arrayLength,
  },
  {
    name: 'filters of a journey',
    url: (t) => `/api/engagements/${t.engagementId}/filters/`,
    grow: (t, count) => addEmployees(t, count, (n) => ({ attributes: { [`key_${n}`]: `Value ${n}` } })),
    length: (body) => (Array.isArray(body) ? body.length : Object.keys(body as object).length),
  },
  { name: 'access rights of a journey', url: (t) => `/api/engagements/${t.engagementId}/access-rights/`, grow: addOrganisationUsers, length: arrayLength },
  { name: 'users of the organisation', url: () => '/api/organization/users/', grow: addOrganisationUsers, length: arrayLength },
  {
    name: 'analysis runs of a journey',
    url: (t) => `/api/engagements/${t.engagementId}/analysis-runs/`,
    grow: async ({ engagementId }, count) => void (await db.insert(tables.analysisRuns).values(Array.from({ length: count }, () => ({ engagementId, status: 'failed', error: 'test' })))),
    length: arrayLength,
  },
  { name: 'questionnaire of a journey', url: (t) => `/api/engagements/${t.engagementId}/survey/questionnaire/`, grow: addQuestions, length: (body) => arrayLength((body as { questions?: unknown }).questions) },
  { name: 'survey overview of a journey', url: (t) => `/api/engagements/${t.engagementId}/survey/overview/`, grow: addQuestions, length: (body) => arrayLength((body as { questionnaire?: { questions?: unknown } }).questionnaire?.questions) },
  {
    name: 'API keys of the organisation',
    url: () => '/api/organization/api-keys/',
    grow: async ({ orgId, adminId }, count) => {
      await db.insert(tables.apiKeys).values(Array.from({ length: count }, () => ({ organizationId: orgId, createdByUserId: adminId, name: `Key ${unique()}`, keyHash: `hash-${serial}`, keyPrefix: 'ona_test' })));
    },
    length: arrayLength,
  },
  {
    name: 'SCIM tokens of the organisation',
    url: () => '/api/organization/scim-tokens/',
    grow: async ({ orgId, adminId }, count) => {
      await db.insert(tables.scimTokens).values(Array.from({ length: count }, () => ({ organizationId: orgId, createdByUserId: adminId, name: `Token ${unique()}`, tokenHash: `scim-hash-${serial}`, tokenPrefix: 'scim_test' })));
    },
    length: arrayLength,
  },
  {
    name: 'people of the organisation’s directory',
    url: () => '/api/organization/directory/people/?page_size=100',
    grow: async ({ orgId }, count) => {
      await db.insert(tables.directoryPeople).values(
        Array.from({ length: count }, () => {
          const n = unique();
          return { organizationId: orgId, externalId: `E${n}`, userName: `person${n}@acme.test`, email: `person${n}@acme.test`, displayName: `Person ${n}`, active: n % 3 !== 0 };
        }),
      );
    },
    length: (body) => arrayLength((body as { data?: unknown }).data),
  },
  {
    name: 'instant surveys of the organisation',
    url: () => '/api/instant-survey/surveys/?page_size=100',
    grow: async ({ orgId, adminId }, count) => {
      const surveys = await db
        .insert(tables.instantSurveys)
        .values(Array.from({ length: count }, () => ({ organizationId: orgId, createdBy: adminId, title: `Survey ${unique()}`, code: `CODE${serial}` })))
        .returning({ id: tables.instantSurveys.id });
      await db.insert(tables.instantSurveyQuestions).values(surveys.map((s) => ({ surveyId: s.id, position: 0, label: 'Who?', type: 'user_select' })));
      await db.insert(tables.instantSurveyParticipants).values(surveys.flatMap((s) => [{ surveyId: s.id, name: 'Ann' }, { surveyId: s.id, name: 'Bob' }]));
    },
    length: (body) => arrayLength((body as { data?: unknown }).data),
  },
  {
    name: 'recent instant surveys as templates',
    url: () => '/api/instant-survey/templates/custom/',
    limit: 20,
    grow: async ({ orgId, adminId }, count) => {
      const surveys = await db
        .insert(tables.instantSurveys)
        .values(Array.from({ length: count }, () => ({ organizationId: orgId, createdBy: adminId, title: `Template ${unique()}`, code: `TPL${serial}`, state: 'closed' })))
        .returning({ id: tables.instantSurveys.id });
      await db.insert(tables.instantSurveyQuestions).values(surveys.map((s) => ({ surveyId: s.id, position: 0, label: 'Who?', type: 'user_select' })));
    },
    length: arrayLength,
  },
  {
    name: 'instant survey users',
    url: () => '/api/instant-survey/users/',
    grow: async ({ orgId }, count) => void (await db.insert(tables.instantUsers).values(Array.from({ length: count }, () => ({ organizationId: orgId, name: `User ${unique()}` })))),
    length: arrayLength,
  },
  {
    name: 'instant survey groups with their members',
    url: () => '/api/instant-survey/groups/',
    grow: async ({ orgId }, count) => {
      const groups = await db.insert(tables.instantGroups).values(Array.from({ length: count }, () => ({ organizationId: orgId, name: `Group ${unique()}` }))).returning({ id: tables.instantGroups.id });
      const users = await db.insert(tables.instantUsers).values(groups.map(() => ({ organizationId: orgId, name: `Member ${unique()}` }))).returning({ id: tables.instantUsers.id });
      await db.insert(tables.instantGroupMembers).values(groups.map((g, i) => ({ groupId: g.id, userId: users[i]?.id ?? 0 })));
    },
    length: arrayLength,
  },
];

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.db.db;
});
afterAll(async () => ctx.close());

describe('every list sends as many statements for 50 items as for 2', () => {
  for (const list of cases) {
    it(list.name, async () => {
      const tenant = await setUpTenant();
      const token = list.token?.(tenant) ?? tenant.adminToken;
      const url = list.url(tenant);
      const lengthNow = async () => list.length((await ctx.app.inject({ method: 'GET', url, headers: authHeader(token) })).json());
      const before = await lengthNow();
      if (before < 2) await list.grow(tenant, 2 - before);
      const smallLength = await lengthNow();
      expect(smallLength).toBeGreaterThanOrEqual(2);
      const small = await statementsOf(url, token);
      await list.grow(tenant, 48);
      expect(await lengthNow()).toBe(Math.min(smallLength + 48, list.limit ?? Infinity));
      expect(await statementsOf(url, token)).toBe(small);
    });
  }
});
