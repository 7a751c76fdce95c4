import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZRetentionPolicy, ZRetentionPolicyInput, type TRetentionPolicy } from '@ona/contracts';
import { eq, tables, type Database } from '@ona/db';
import { notFound } from '../../errors/api-error.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { requireOrganizationAdmin } from '../organizations/organization-guards.ts';
import { toAnonymisation, upcomingAnonymisations, waitingLeaverSummary } from './retention-schedule.ts';

const tags = ['organization'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const forAdmins = 'For organisation administrators (403 otherwise).';

async function readPolicy(db: Database, organizationId: number, now: Date): Promise<TRetentionPolicy> {
  const [organization] = await db.select({ journeyMonths: tables.organizations.retentionJourneyMonths, leaverMonths: tables.organizations.retentionLeaverMonths }).from(tables.organizations).where(eq(tables.organizations.id, organizationId));
  if (!organization) throw notFound();
  const upcoming = await upcomingAnonymisations(db, organizationId);
  const leavers = await waitingLeaverSummary(db, organizationId);
  return {
    journey_months: organization.journeyMonths,
    leaver_months: organization.leaverMonths,
    upcoming: upcoming.map((row) => ({ ...toAnonymisation(row, now.toISOString().slice(0, 10)), engagement_id: row.engagementId, name: row.name })),
    upcoming_leavers: leavers.count,
    next_leaver_due_on: leavers.nextDueOn,
  };
}

/** The organisation's retention policy (docs/privacy/retention.md). */
export const retentionPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/organization/retention-policy/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'The organisation’s retention policy and the anonymisations still to come',
      description: `${forAdmins} Each journey not anonymised yet with its closing day and the day the daily retention run anonymises it; how many leavers of the directory wait for their erasure and the soonest day.`,
      response: { 200: ZRetentionPolicy, ...errors },
    },
  }, async (request) => readPolicy(app.db, requireOrganizationAdmin(requireAuth(request)).organizationId, app.clock()));

  app.put('/organization/retention-policy/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Set how many months after closing a journey is anonymised and after leaving a leaver is erased',
      description: `${forAdmins} journey_months 3-120 (default 24), leaver_months 1-120 (default 12); 400 outside those bounds, nothing stored. Applies from the next daily run, to journeys closed before as well. Written to the audit log as \`retention_policy.change\` in the same transaction.`,
      body: ZRetentionPolicyInput,
      response: { 200: ZRetentionPolicy, ...errors },
    },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    // The route table's `retention_policy.change`, with the months, in the policy's transaction.
    await app.audit.change(
      request,
      async (tx) => {
        await tx.update(tables.organizations).set({ retentionJourneyMonths: request.body.journey_months, retentionLeaverMonths: request.body.leaver_months }).where(eq(tables.organizations.id, auth.organizationId));
      },
      () => ({ targetIds: { journey_months: request.body.journey_months, leaver_months: request.body.leaver_months } }),
    );
    return readPolicy(app.db, auth.organizationId, app.clock());
  });
};
