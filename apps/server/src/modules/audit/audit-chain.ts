import { createHash, createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { DEVELOPMENT_SECRETS_KEY, type Settings } from '../../env.ts';
import { DEMO_SECRETS_KEY } from '../sso/secret-box.ts';

/** The `prev_hash` of an organisation's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry's hash covers: every column but its own id and hash. */
export interface ChainedFields {
  organizationId: number;
  seq: number;
  occurredAt: Date;
  action: string;
  outcome: string;
  actorUserId: number | null;
  apiKeyId: number | null;
  scimTokenId: number | null;
  sessionId: number | null;
  route: string | null;
  engagementId: number | null;
  subjectEmployeeId: number | null;
  subjectUserId: number | null;
  targetIds: Record<string, number | string>;
  ipAddress: string | null;
  userAgent: string | null;
  prevHash: string;
}

/**
 * The chain's key: derived from SECRETS_KEY (the same key that seals secrets), so someone who can
 * write to the database but does not hold the key cannot forge an entry and re-hash the rest of
 * the chain behind it. A plain SHA-256 chain would only catch careless edits.
 */
export function auditKeyFrom(secretsKey: string): Buffer {
  return createHmac('sha256', createHash('sha256').update(secretsKey, 'utf8').digest()).update('audit-chain-v1').digest();
}

/**
 * The secret the server keys the chain with, for scripts that open the database themselves: what
 * server.ts hands the app (SECRETS_KEY; unset, the demo key on the embedded database) and, on
 * PostgreSQL without SECRETS_KEY, the public development key the app falls back to (with a warning:
 * the chain then only catches edits by someone who does not read this source).
 */
export function auditSecretOf(settings: Pick<Settings, 'SECRETS_KEY' | 'DATABASE_URL'>): string {
  return settings.SECRETS_KEY ?? (settings.DATABASE_URL ? DEVELOPMENT_SECRETS_KEY : DEMO_SECRETS_KEY);
}

/** One fixed serialisation: the order of the array, object keys sorted (jsonb keeps no order). */
function canonical(fields: ChainedFields): string {
  const targets = Object.keys(fields.targetIds)
    .sort()
    .map((k) => [k, fields.targetIds[k]]);
  return JSON.stringify([
    fields.organizationId, fields.seq, fields.occurredAt.toISOString(), fields.action, fields.outcome,
    fields.actorUserId, fields.apiKeyId, fields.scimTokenId, fields.sessionId, fields.route,
    fields.engagementId, fields.subjectEmployeeId, fields.subjectUserId, targets,
    fields.ipAddress, fields.userAgent, fields.prevHash,
  ]);
}

// Node imports a raw key into a KeyObject on every createHmac; the chain's key is one Buffer for the
// process's life, so it is imported once (a tenth of an audited read's server CPU in the profile).
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyObjectOf(key: Buffer): KeyObject {
  let object = keyObjects.get(key);
  if (!object) {
    object = createSecretKey(key);
    keyObjects.set(key, object);
  }
  return object;
}

export function entryHash(key: Buffer, fields: ChainedFields): string {
  return createHmac('sha256', keyObjectOf(key)).update(canonical(fields)).digest('hex');
}

export interface CheckpointFacts {
  organizationId: number;
  throughSeq: number;
  throughHash: string;
  throughOccurredAt: Date;
  removedCount: number;
}

export function checkpointSignature(key: Buffer, facts: CheckpointFacts): string {
  const text = JSON.stringify(['checkpoint', facts.organizationId, facts.throughSeq, facts.throughHash, facts.throughOccurredAt.toISOString(), facts.removedCount]);
  return createHmac('sha256', key).update(text).digest('hex');
}

export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
