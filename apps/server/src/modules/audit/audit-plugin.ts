import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '@ona/db';
import type { TAuditAction } from '@ona/contracts';
import { auditKeyFrom } from './audit-chain.ts';
import { AuditBatcher } from './audit-batch.ts';
import { appendAuditEntry, type AuditRecord } from './audit-repository.ts';
import { AUDITED_ROUTES, openApiPath, type AuditMark } from './audited-routes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set from AUDITED_ROUTES when the route is registered: what its successful answer records. */
    audit?: AuditMark;
  }
  interface FastifyInstance {
    audit: AuditLog;
  }
  interface FastifyRequest {
    /** The SCIM token a provisioning request came with (modules/scim). */
    scimTokenId: number | null;
    /** Set once the route's entry was written inside its change's transaction (AuditLog.change): the hook writes none. */
    auditRecorded: boolean;
  }
}

/**
 * Runs a change's writes in one transaction: a service that also checks (and counts) attempts or
 * fetches over the network outside its writes takes one, so its route can pass
 * `(work) => app.audit.change(request, work)` and the entry commits with the writes.
 */
export type InTransaction = <T>(work: (tx: Database) => Promise<T>) => Promise<T>;

/** What an entry says beyond who, when and from where. */
export interface AuditFacts {
  action: TAuditAction;
  outcome?: 'success' | 'failure';
  organizationId: number;
  actorUserId?: number | null;
  route?: string | null;
  engagementId?: number | null;
  subjectEmployeeId?: number | null;
  subjectUserId?: number | null;
  targetIds?: Record<string, number | string>;
}

/** Ids a change only knows once it is made (the user account an erasure found), added to its mark's entry. */
export type LearnedFacts = Pick<AuditFacts, 'subjectUserId'> & { targetIds?: Record<string, number | string> };

export interface AuditLog {
  /** The chain's key (derived from SECRETS_KEY). */
  key: Buffer;
  /**
   * Appends an entry from a request (who and from where come from it) on `db`: pass the
   * transaction of a change so both commit together.
   */
  record(db: Database, request: FastifyRequest, facts: AuditFacts): Promise<void>;
  /**
   * Runs a marked route's change in one transaction with the route's entry (from its mark, as the
   * hook would write it): a change that fails writes no entry, a change that commits has one. The
   * hook then writes nothing more for the request.
   */
  change<T>(request: FastifyRequest, work: (tx: Database) => Promise<T>, learned?: (done: T) => LearnedFacts): Promise<T>;
}

const USER_AGENT_MAX = 300;

/** The route as the OpenAPI document names it, e.g. `GET /api/engagements/{id}/`. */
export const routeNameOf = (request: FastifyRequest): string => `${request.method} ${openApiPath(request.routeOptions.url ?? request.url.split('?')[0] ?? '')}`;

function idOf(value: unknown): number | string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value !== 'string' || value === '') return undefined;
  // Ids only: a number, or an identifier-like token (SCIM ids); anything else (a name, free text) is left out.
  if (/^\d{1,15}$/.test(value)) return Number(value);
  return /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;
}

const asRecord = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/** The entry a marked route's successful answer writes: ids from the path and query only. */
function factsOfMark(request: FastifyRequest, mark: AuditMark, organizationId: number): AuditFacts {
  const params = asRecord(request.params);
  const query = asRecord(request.query);
  const numberOf = (name: string | undefined) => {
    const id = name ? idOf(params[name]) : undefined;
    return typeof id === 'number' ? id : null;
  };
  const targetIds: Record<string, number | string> = {};
  for (const name of mark.targets ?? []) {
    const id = idOf(params[name] ?? query[name]);
    if (id !== undefined) targetIds[name] = id;
  }
  const route = routeNameOf(request);
  return {
    action: mark.action,
    organizationId,
    route,
    engagementId: route.includes(' /api/engagements/{id}/') ? numberOf('id') : null,
    subjectEmployeeId: numberOf(mark.subjectEmployee),
    subjectUserId: numberOf(mark.subjectUser),
    targetIds,
  };
}

/**
 * The audit log's hooks (docs/audit-log.md). Marks from AUDITED_ROUTES are attached to their
 * routes as they are registered; after a marked route (or any route called with an API key)
 * answers 2xx or 3xx, one entry is appended before the answer leaves. If the append fails the
 * caller gets a 500 instead of the data: nothing person-level goes out unrecorded.
 */
export const auditPlugin = fp<{ secretsKey: string }>(async (app: FastifyInstance, options) => {
  const key = auditKeyFrom(options.secretsKey);
  /** The entry for `facts` as `request` made it: who and from where come from the request. */
  const recordOf = (request: FastifyRequest, facts: AuditFacts): AuditRecord => {
    const auth = request.auth;
    return {
      organizationId: facts.organizationId,
      occurredAt: app.clock(),
      action: facts.action,
      outcome: facts.outcome ?? 'success',
      actorUserId: facts.actorUserId !== undefined ? facts.actorUserId : (auth?.user.id ?? null),
      apiKeyId: auth?.apiKeyId ?? null,
      scimTokenId: request.scimTokenId ?? null,
      sessionId: auth?.tokenId ?? null,
      route: facts.route !== undefined ? facts.route : routeNameOf(request),
      engagementId: facts.engagementId ?? null,
      subjectEmployeeId: facts.subjectEmployeeId ?? null,
      subjectUserId: facts.subjectUserId ?? null,
      targetIds: facts.targetIds ?? {},
      ipAddress: request.ip ?? null,
      userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
    };
  };
  const batcher = new AuditBatcher(app.db, key);
  const audit: AuditLog = {
    key,
    async record(db, request, facts) {
      await appendAuditEntry(db, key, recordOf(request, facts));
    },
    async change(request, work, learned) {
      const mark = request.routeOptions.config.audit;
      const organizationId = request.auth?.organizationId || request.scimOrganizationId;
      if (!mark || !organizationId) throw new Error(`audit.change on ${routeNameOf(request)}: the route has no audit mark or no organisation`);
      const result = await app.db.transaction(async (tx) => {
        const done = await work(tx);
        const facts = factsOfMark(request, mark, organizationId);
        const more = learned?.(done);
        await audit.record(tx, request, more ? { ...facts, ...more, targetIds: { ...facts.targetIds, ...more.targetIds } } : facts);
        return done;
      });
      request.auditRecorded = true;
      return result;
    },
  };
  app.decorate('audit', audit);
  app.decorateRequest('scimTokenId', null);
  app.decorateRequest('auditRecorded', false);

  const attached = new Set<string>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const name = `${method} ${openApiPath(route.url)}`;
      const mark = AUDITED_ROUTES[name];
      if (!mark) continue;
      route.config = { ...route.config, audit: mark };
      attached.add(name);
    }
  });
  app.addHook('onReady', async () => {
    const unmatched = Object.keys(AUDITED_ROUTES).filter((name) => !attached.has(name));
    if (unmatched.length > 0) throw new Error(`The audit route table names routes that do not exist: ${unmatched.join(', ')}`);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 || request.auditRecorded) return payload;
    const mark = request.routeOptions.config.audit;
    const apiKeyId = request.auth?.apiKeyId ?? null;
    if (!mark && apiKeyId === null) return payload;
    const organizationId = request.auth?.organizationId || request.scimOrganizationId;
    if (!organizationId) return payload;
    // Not part of a change: appended with the other requests' entries of the moment (audit-batch.ts).
    await batcher.append(recordOf(request, mark ? factsOfMark(request, mark, organizationId) : { action: 'api_key.use', organizationId }));
    return payload;
  });
});
