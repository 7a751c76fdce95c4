import { expect } from 'vitest';
import type { TScimTokenCreated } from '@ona/contracts';
import { and, asc, eq, tables } from '@ona/db';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';

export type TScimJson = Record<string, unknown> & { id: string };

export interface TScimTenant {
  organizationId: number;
  adminToken: string;
  scimToken: string;
}

/** An organisation with an administrator who creates a SCIM token through the product's API. */
export async function scimTenant(ctx: TestContext, name: string): Promise<TScimTenant> {
  const organization = await createOrganization(ctx.db.db, name);
  const email = `admin@${name.toLowerCase().replace(/\W/g, '')}.test`;
  await createUser(ctx.db.db, { email, name: `${name} Admin`, organizationIds: [organization.id], permissions: ['organization_admin'] });
  const adminToken = await loginAs(ctx.app, email, FIXTURE_PASSWORD);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/organization/scim-tokens/', headers: authHeader(adminToken), payload: { name: 'Entra ID' } });
  expect(res.statusCode).toBe(201);
  return { organizationId: organization.id, adminToken, scimToken: (res.json() as TScimTokenCreated).token };
}

/** A SCIM request as an identity provider sends it: bearer token, application/scim+json. */
export async function scim(ctx: TestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: object, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/scim+json' } : {}), ...headers },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, headers: res.headers, json: () => res.json() as TScimJson, body: res.body };
}

export const person = async (ctx: TestContext, organizationId: number, resourceId: string) => {
  const [row] = await ctx.db.db.select().from(tables.directoryPeople).where(and(eq(tables.directoryPeople.organizationId, organizationId), eq(tables.directoryPeople.resourceId, resourceId)));
  if (!row) throw new Error(`no directory person ${resourceId}`);
  return row;
};

export const historyOf = async (ctx: TestContext, personId: number) =>
  (await ctx.db.db.select().from(tables.directoryPersonHistory).where(eq(tables.directoryPersonHistory.personId, personId)).orderBy(asc(tables.directoryPersonHistory.id))).map((h) => ({
    unitPath: h.unitPath,
    managerExternalId: h.managerExternalId,
    active: h.active,
    leaveDate: h.leaveDate,
  }));

export { createTestApp };
