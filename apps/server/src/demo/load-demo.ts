import { copyRows, eq, sql, statementChunks, tables, type CopyValue, type Database } from '@ona/db';
import type { TAccessLevel, TModule } from '@ona/contracts';
import { hashPassword } from '../modules/auth/password-hash.ts';
import { copyEmployees, reserveEmployeeIds } from '../modules/employees-import/import-shared.ts';
import { loadDemoDirectory } from './demo-directory.ts';
import type { DemoAnswer, DemoLeadershipBlock, DemoLogin, DemoOrganisation } from './demo-types.ts';

export const DEMO_PASSWORD = 'demo1234';
const DEMO_LOADED_KEY = 'demo_loaded';

type Role = DemoLogin['role'];

/** What each demo login may see (DECISIONS.md, Demo data): the employee sees fewer tiles than the admin. */
export const DEMO_ACCESS: Record<Role, Record<TModule, TAccessLevel>> = {
  admin: {
    survey: 'all_access',
    graph_visualization: 'all_access',
    leader_reports: 'all_access',
    retention_analytics: 'all_access',
    individual_reports: 'all_access',
    executive_reports: 'all_access',
    analytics360_reports: 'all_access',
    key_people_analytics: 'all_access',
    statistics: 'all_access',
  },
  leader: {
    survey: 'self_only',
    graph_visualization: 'subtree',
    leader_reports: 'subtree',
    retention_analytics: 'subtree',
    individual_reports: 'subtree',
    executive_reports: 'module_disabled',
    analytics360_reports: 'subtree',
    key_people_analytics: 'module_disabled',
    statistics: 'subtree',
  },
  employee: {
    survey: 'self_only',
    graph_visualization: 'module_disabled',
    leader_reports: 'no_access',
    retention_analytics: 'no_access',
    individual_reports: 'self_only',
    executive_reports: 'no_access',
    analytics360_reports: 'no_access',
    key_people_analytics: 'no_access',
    statistics: 'no_access',
  },
};

const ALL_PERMISSIONS = ['engagement_admin', 'instant_survey_admin', 'organization_admin'];

export async function isDemoLoaded(db: Database): Promise<boolean> {
  const [row] = await db.select().from(tables.systemSettings).where(eq(tables.systemSettings.key, DEMO_LOADED_KEY)).limit(1);
  return row !== undefined;
}

interface LoadedOrganisation {
  organizationId: number;
  /** Per engagement key: employee key → employee id. */
  employeeIds: Map<string, Map<string, number>>;
  engagementIds: Map<string, number>;
}

async function insertOrganisation(db: Database, org: DemoOrganisation): Promise<LoadedOrganisation> {
  const [orgRow] = await db.insert(tables.organizations).values({ name: org.name }).returning({ id: tables.organizations.id });
  if (!orgRow) throw new Error('organisation insert returned nothing');
  const employeeIdsPerEngagement = new Map<string, Map<string, number>>();
  const engagementIds = new Map<string, number>();

  for (const engagement of org.engagements) {
    const [engagementRow] = await db
      .insert(tables.engagements)
      .values({
        organizationId: orgRow.id,
        name: engagement.name,
        accessFrom: engagement.accessFrom,
        accessTill: engagement.accessTill,
        defaultLanguage: engagement.defaultLanguage,
        surveyCreatedAt: new Date(`${engagement.accessFrom}T08:00:00Z`),
      })
      .returning({ id: tables.engagements.id });
    if (!engagementRow) throw new Error('engagement insert returned nothing');
    const engagementId = engagementRow.id;
    engagementIds.set(engagement.key, engagementId);

    // An earlier wave brings its own units and people (before some left and a team was split).
    const roster = engagement.roster ?? org;
    // Units level by level, so that every parent has its id before its children arrive.
    const unitIds = new Map<string, number>();
    const levels = [...new Set(roster.units.map((u) => u.level))].sort((a, b) => a - b);
    let position = 0;
    for (const level of levels) {
      const batch = roster.units.filter((u) => u.level === level);
      const values = batch.map((u) => ({ engagementId, name: u.name, parentId: u.parentKey ? (unitIds.get(u.parentKey) ?? null) : null, position: position++ }));
      const rows: { id: number }[] = [];
      for (const chunk of statementChunks(values)) rows.push(...(await db.insert(tables.units).values(chunk).returning({ id: tables.units.id })));
      batch.forEach((u, i) => unitIds.set(u.key, rows[i]?.id ?? 0));
    }

    const participants = new Set(engagement.participantKeys);
    const people = roster.employees.filter((e) => participants.has(e.key));
    // The ids are drawn from the table's sequence first, so the rows (and their leaders) go in by
    // COPY in one pass, with no RETURNING to wait for and no second pass for the leaders.
    const employeeIds = new Map<string, number>();
    const reserved = await reserveEmployeeIds(db, people.length);
    people.forEach((e, i) => employeeIds.set(e.key, reserved[i]!));
    await copyEmployees(
      db,
      people.map((e) => ({
        id: employeeIds.get(e.key),
        engagementId,
        unitId: unitIds.get(e.unitKey) ?? null,
        leaderId: e.leaderKey ? (employeeIds.get(e.leaderKey) ?? null) : null,
        name: e.name,
        email: e.email,
        gender: e.gender,
        generation: e.generation,
        entryDate: e.entryDate,
        jobTitle: e.jobTitle,
        attributes: { birth_year: String(e.birthYear), unit_manager: e.isUnitManager ? 'yes' : 'no' },
      })),
    );
    employeeIdsPerEngagement.set(engagement.key, employeeIds);
    // Leaver reasons belong to the organisation and the person's e-mail (docs/risk-calibration.md).
    const reasons = people.flatMap((e) => {
      const reason = engagement.leaverReasons?.[e.key];
      return reason && e.email ? [{ organizationId: orgRow.id, personKey: e.email.trim().toLowerCase(), reason }] : [];
    });
    for (const chunk of statementChunks(reasons)) await db.insert(tables.leaverReasons).values(chunk);

    const questionRows = await db
      .insert(tables.questions)
      .values(engagement.questions.map((q) => ({ engagementId, key: q.key, category: q.category, kind: q.kind, position: q.order, texts: { ...q.texts } })))
      .returning({ id: tables.questions.id });
    const questionIds = new Map(engagement.questions.map((q, i) => [q.key, questionRows[i]?.id ?? 0]));

    // The big tables go in by COPY (1.3 million answers at 100,000 people), rows made as they are sent.
    await copyRows(db, 'answers', ['engagement_id', 'employee_id', 'question_id', 'selected_employee_ids', 'answered_at'], answerRowsOf(engagement.answers, engagementId, employeeIds, questionIds));

    if (engagement.leadership) await insertLeadershipBlock(db, engagementId, engagement.leadership, employeeIds);

    const finished = new Set(engagement.finishedKeys);
    const lastAnswer = new Map<string, { at: string; questionKey: string }>();
    for (const a of engagement.answers) {
      const prev = lastAnswer.get(a.employeeKey);
      if (!prev || prev.at < a.answeredAt) lastAnswer.set(a.employeeKey, { at: a.answeredAt, questionKey: a.questionKey });
    }
    // The 360 block closes the survey: whoever answered it finished after its last item.
    const lastLeadershipAnswer = new Map<string, string>();
    for (const a of engagement.leadership?.answers ?? []) {
      const prev = lastLeadershipAnswer.get(a.employeeKey);
      if (!prev || prev < a.answeredAt) lastLeadershipAnswer.set(a.employeeKey, a.answeredAt);
    }
    const finishedAt = (key: string, last: string): string => {
      const leadership = lastLeadershipAnswer.get(key);
      return leadership && leadership > last ? leadership : last;
    };
    // Every participant was invited when the survey opened, whether they answered or not: with
    // only the respondents invited, the open journey showed "66 invited" and, once the demo
    // employee started, "67 started".
    const invitedAt = new Date(`${engagement.accessFrom}T08:00:00Z`);
    const participationRows = engagement.participantKeys
      .filter((key) => employeeIds.has(key))
      .map((key): CopyValue[] => {
        const last = lastAnswer.get(key);
        return [
          engagementId,
          employeeIds.get(key) as number,
          last ? new Date(last.at) : null,
          last && finished.has(key) ? new Date(finishedAt(key, last.at)) : null,
          last ? (questionIds.get(last.questionKey) ?? null) : null,
          invitedAt,
        ];
      });
    await copyRows(db, 'survey_participations', ['engagement_id', 'employee_id', 'terms_accepted_at', 'finished_at', 'last_question_id', 'invited_at'], participationRows);
  }
  // A next wave points at the wave before it, as "Next wave" does for journeys made in the product.
  for (const engagement of org.engagements) {
    const previous = engagement.previousKey === undefined ? undefined : engagementIds.get(engagement.previousKey);
    const id = engagementIds.get(engagement.key);
    if (previous !== undefined && id !== undefined) await db.update(tables.engagements).set({ previousEngagementId: previous }).where(eq(tables.engagements.id, id));
  }
  return { organizationId: orgRow.id, employeeIds: employeeIdsPerEngagement, engagementIds };
}

/** The 360 block: its items in order, and the leaders each respondent chose (only those of the engagement). */
async function insertLeadershipBlock(db: Database, engagementId: number, block: DemoLeadershipBlock, employeeIds: Map<string, number>): Promise<void> {
  if (block.items.length === 0) return;
  const itemRows = await db
    .insert(tables.leadershipItems)
    .values(block.items.map((item) => ({ engagementId, dimension: item.dimension, position: item.order, texts: { ...item.texts } })))
    .returning({ id: tables.leadershipItems.id });
  const itemIds = new Map(block.items.map((item, i) => [item.key, itemRows[i]?.id ?? 0]));
  await copyRows(db, 'leadership_answers', ['engagement_id', 'employee_id', 'item_id', 'selected_leader_ids', 'answered_at'], leadershipRowsOf(block, engagementId, employeeIds, itemIds));
}

/** The rows of the answers table, made one at a time as COPY sends them (exported for the 100,000-person generator test). */
export function* answerRowsOf(answers: DemoAnswer[], engagementId: number, employeeIds: Map<string, number>, questionIds: Map<string, number>): Generator<CopyValue[]> {
  for (const a of answers) {
    const employeeId = employeeIds.get(a.employeeKey);
    const questionId = questionIds.get(a.questionKey);
    if (employeeId === undefined || questionId === undefined) continue;
    const selected = a.selectedKeys.map((k) => employeeIds.get(k)).filter((id): id is number => id !== undefined);
    yield [engagementId, employeeId, questionId, selected, new Date(a.answeredAt)];
  }
}

/** The rows of the 360 answers table, made as COPY sends them. */
export function* leadershipRowsOf(block: DemoLeadershipBlock, engagementId: number, employeeIds: Map<string, number>, itemIds: Map<string, number>): Generator<CopyValue[]> {
  for (const a of block.answers) {
    const employeeId = employeeIds.get(a.employeeKey);
    const itemId = itemIds.get(a.itemKey);
    if (employeeId === undefined || itemId === undefined) continue;
    const selected = a.leaderKeys.map((k) => employeeIds.get(k)).filter((id): id is number => id !== undefined);
    yield [engagementId, employeeId, itemId, selected, new Date(a.answeredAt)];
  }
}

/**
 * Writes the demo organisations and logins in one transaction: a crash half-way leaves an empty
 * database that the next start fills again.
 */
export async function loadDemo(db: Database, organisations: DemoOrganisation[], logins: DemoLogin[]): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const loaded: LoadedOrganisation[] = [];
    for (const org of organisations) loaded.push(await insertOrganisation(tx, org));
    const primary = loaded[0];
    if (!primary) throw new Error('the demo needs at least one organisation');

    for (const login of logins) {
      const isAdmin = login.role === 'admin';
      const [user] = await tx
        .insert(tables.users)
        .values({ email: login.email, name: login.name, passwordHash, canChangeOrganization: isAdmin, currentOrganizationId: primary.organizationId })
        .returning({ id: tables.users.id });
      if (!user) throw new Error('user insert returned nothing');
      const orgsOfUser = isAdmin ? loaded : [primary];
      for (const org of orgsOfUser) {
        await tx.insert(tables.memberships).values({ userId: user.id, organizationId: org.organizationId, permissions: isAdmin ? ALL_PERMISSIONS : [] });
        for (const [engagementKey, engagementId] of org.engagementIds) {
          const employeeId = login.employeeKey ? org.employeeIds.get(engagementKey)?.get(login.employeeKey) : undefined;
          if (employeeId !== undefined) {
            // The record carries the login's address, as an upload links people by e-mail: the
            // survey invitations and reminders then reach the demo login's mailbox.
            await tx.update(tables.employees).set({ userId: user.id, email: login.email }).where(eq(tables.employees.id, employeeId));
          }
          await tx.insert(tables.moduleAccess).values(
            Object.entries(DEMO_ACCESS[login.role]).map(([module, accessLevel]) => ({ engagementId, userId: user.id, module, accessLevel })),
          );
        }
      }
    }
    // Last: the directory takes the addresses the demo logins gave their people above.
    for (const org of loaded) await loadDemoDirectory(tx, org.organizationId);
    await tx.insert(tables.systemSettings).values({ key: DEMO_LOADED_KEY, value: { at: new Date().toISOString() } });
  });
}
