import { count, eq, statementChunks, tables } from '@ona/db';
import type { TApiError, TCollaborationImport, TCollaborationSource } from '@ona/contracts';
import { multipartFile } from '../employees-import/multipart-body.ts';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader, loginAs, type TestContext } from '../../testing/test-app.ts';

export interface CollaborationTenant {
  organizationId: number;
  adminToken: string;
}

/** An organisation with an administrator and the given people in its directory. */
export async function collaborationTenant(ctx: TestContext, name: string, directory: readonly string[]): Promise<CollaborationTenant> {
  const organization = await createOrganization(ctx.db.db, name);
  const email = `admin@${name.toLowerCase().replace(/\W/g, '')}.test`;
  await createUser(ctx.db.db, { email, name: `${name} Admin`, organizationIds: [organization.id], permissions: ['organization_admin'] });
  const rows = directory.map((address, i) => ({ organizationId: organization.id, externalId: `p${i}`, userName: address, email: address, displayName: `Person ${i}` }));
  for (const chunk of statementChunks(rows)) await ctx.db.db.insert(tables.directoryPeople).values(chunk);
  return { organizationId: organization.id, adminToken: await loginAs(ctx.app, email, FIXTURE_PASSWORD) };
}

export async function upload(ctx: TestContext, token: string, source: TCollaborationSource, file: Buffer | string, headers: Record<string, string> = {}) {
  const body = multipartFile(Buffer.isBuffer(file) ? file : Buffer.from(file), { field: 'collaboration_file', filename: `export.${source === 'slack' ? 'zip' : source === 'calendar' ? 'ics' : 'csv'}`, contentType: 'application/octet-stream' });
  const res = await ctx.app.inject({ method: 'POST', url: `/api/organization/collaboration-imports/?source=${source}`, headers: { ...authHeader(token), ...body.headers, ...headers }, payload: body.payload });
  return { status: res.statusCode, created: res.json() as TCollaborationImport, error: res.json() as TApiError };
}

export const importCount = async (ctx: TestContext, organizationId: number) => (await ctx.db.db.select({ n: count() }).from(tables.collaborationImports).where(eq(tables.collaborationImports.organizationId, organizationId)))[0]?.n ?? 0;
export const weeklyCountRows = async (ctx: TestContext, organizationId: number) => (await ctx.db.db.select({ n: count() }).from(tables.collaborationWeeklyCounts).where(eq(tables.collaborationWeeklyCounts.organizationId, organizationId)))[0]?.n ?? 0;
