import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMISSIONS, ZApiError, ZIdParams, ZOrganizationCreate, ZOrganizationListItem, ZOrganizationPatch, type TOrganizationListItem } from '@ona/contracts';
import { and, asc, eq, isNull, ne, sql, tables } from '@ona/db';
import { conflict, notFound } from '../../errors/api-error.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { DbExecutor } from '../engagement-admin/db-executor.ts';
import { toContentLanguage } from './current-organization.ts';
import { requirePlatformAdmin } from './organization-guards.ts';

const { organizations, memberships } = tables;
const tags = ['organizations'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

async function listItem(db: DbExecutor, id: number): Promise<TOrganizationListItem | undefined> {
  const [row] = await listQuery(db, id);
  return row;
}

async function listQuery(db: DbExecutor, id?: number): Promise<TOrganizationListItem[]> {
  const memberCount = db
    .select({ organizationId: memberships.organizationId, n: sql<number>`count(*)::int`.as('n') })
    .from(memberships)
    .where(isNull(memberships.deactivatedAt))
    .groupBy(memberships.organizationId)
    .as('member_count');
  const rows = await db
    .select({ org: organizations, n: memberCount.n })
    .from(organizations)
    .leftJoin(memberCount, eq(memberCount.organizationId, organizations.id))
    .where(id === undefined ? undefined : eq(organizations.id, id))
    .orderBy(asc(organizations.name), asc(organizations.id));
  return rows.map(({ org, n }) => ({
    id: org.id,
    name: org.name,
    default_language: toContentLanguage(org.defaultLanguage),
    archived: org.archivedAt !== null,
    member_count: n ?? 0,
    created_at: org.createdAt.toISOString(),
  }));
}

/** Two organisations of one name would be told apart by nobody in the switcher. */
async function refuseTakenName(db: DbExecutor, name: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(sql`lower(${organizations.name}) = ${name.toLowerCase()}`, exceptId === undefined ? undefined : ne(organizations.id, exceptId)))
    .limit(1);
  if (taken) throw conflict('organization_name_taken', 'organizations.errors.organization_name_taken');
}

/** Platform administrators (`can_change_organization`): every organisation, archived ones too. */
export const platformOrganizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/organizations/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Every organisation (platform administrators only)', response: { 200: z.array(ZOrganizationListItem), ...errors } },
  }, async (request) => {
    requirePlatformAdmin(requireAuth(request));
    return listQuery(app.db);
  });

  app.post('/organizations/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Create an organisation; its creator becomes a member with every permission, to set it up and invite its administrator',
      body: ZOrganizationCreate,
      response: { 201: ZOrganizationListItem, ...errors },
    },
  }, async (request, reply) => {
    const auth = requirePlatformAdmin(requireAuth(request));
    const created = await app.db.transaction(async (tx) => {
      await refuseTakenName(tx, request.body.name);
      const [org] = await tx.insert(organizations).values({ name: request.body.name, defaultLanguage: request.body.default_language }).returning({ id: organizations.id });
      if (!org) throw notFound();
      await tx.insert(memberships).values({ userId: auth.user.id, organizationId: org.id, permissions: [...PERMISSIONS] });
      return listItem(tx, org.id);
    });
    if (!created) throw notFound();
    // The creator can switch to it now.
    await app.callerCache.forget({ users: [auth.user.id] });
    return reply.status(201).send(created);
  });

  app.patch('/organizations/:id/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Rename, archive (`archived: true`: hidden from every switcher, nobody works in it, data kept) or bring back an organisation',
      params: ZIdParams,
      body: ZOrganizationPatch,
      response: { 200: ZOrganizationListItem, ...errors },
    },
  }, async (request) => {
    requirePlatformAdmin(requireAuth(request));
    const { id } = request.params;
    const { name, archived } = request.body;
    const updated = await app.db.transaction(async (tx) => {
      const [org] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
      if (!org) throw notFound();
      if (name !== undefined) await refuseTakenName(tx, name, id);
      const archivedAt = archived === undefined ? org.archivedAt : archived ? (org.archivedAt ?? new Date()) : null;
      await tx.update(organizations).set({ name: name ?? org.name, archivedAt }).where(eq(organizations.id, id));
      return listItem(tx, id);
    });
    if (!updated) throw notFound();
    // Archived or renamed: whoever has it cached. Brought back: its members, whose cached callers
    // do not list it at all, so everyone (a rare act of a platform administrator).
    await app.callerCache.forget(archived === false ? { everything: true } : { organization: id });
    return updated;
  });
};
