import type { FastifyInstance } from 'fastify';
import type { TPasskey, TPasskeyAuthenticationResponse, TPasskeyRegistrationResponse, TSecondFactorMethod, TSecondFactorNeeded, TSessionMethod, TTotpEnrolment } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { ApiError, conflict } from '../../errors/api-error.ts';
import { openSecret, sealSecret } from '../../security/secret-box.ts';
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';
import { loadMembershipContext, requireUsableMembership, type MembershipContext } from '../users/membership.ts';
import { openSession, type SignInClient } from '../sessions/session-service.ts';
import { endSessionsOfUsers } from '../sessions/session-repository.ts';
import { recordSecondFactorEnrolment, recordSignIn } from '../audit/sign-in-audit.ts';
import type { InTransaction } from '../audit/audit-plugin.ts';
import * as repo from './mfa-repository.ts';
import * as passkeyRepo from './passkey-repository.ts';
import { checkPasskeySignIn, finishPasskeyRegistration, type RelyingParty } from './passkeys.ts';
import { looksLikeTotpCode, matchingTimeStep, newRecoveryCode, newTotpSecret, normaliseRecoveryCode, RECOVERY_CODE_COUNT, TOTP_ISSUER, totpEnrolmentOf } from './totp.ts';

/** How long the password's answer waits for the code (or the enrolment the policy demands). */
export const PENDING_SIGN_IN_LIFETIME_MS = 10 * 60 * 1000;
/** Wrong codes per user, like wrong passwords (auth/service.ts). */
export const CODE_FAILURE_LIMIT = 5;
export const CODE_FAILURE_WINDOW_MS = 15 * 60 * 1000;

type User = typeof tables.users.$inferSelect;
export type PasswordSignIn = { kind: 'session'; token: string } | { kind: 'second_factor'; challenge: TSecondFactorNeeded };

/**
 * What follows a right password: a session at once, or (the user keeps an authenticator, or their
 * organisation requires one they lack) a short-lived, single-use pending token that the code, or
 * the enrolment, turns into a session.
 */
export async function afterRightPassword(app: FastifyInstance, user: User, membership: MembershipContext, client: SignInClient): Promise<PasswordSignIn> {
  const kept = await factorsOf(app, user.id);
  const purpose: repo.PendingPurpose | null = kept.length > 0 ? 'verify' : membership.signInPolicy.secondFactorRequired ? 'enrol' : null;
  if (purpose === null) return { kind: 'session', token: await openSession(app, user.id, 'password', client) };
  const pendingToken = newSecretToken();
  const now = app.clock();
  await repo.insertPendingSignIn(app.db, user.id, hashSecretToken(pendingToken), purpose, new Date(now.getTime() + PENDING_SIGN_IN_LIFETIME_MS), now);
  // Enrolment offers both kinds; a sign-in asks for any of those the user keeps.
  const methods: TSecondFactorMethod[] = purpose === 'enrol' ? ['totp', 'passkey'] : kept;
  return { kind: 'second_factor', challenge: { second_factor: purpose, pending_token: pendingToken, methods } };
}

/** The second factors the user keeps: a confirmed authenticator app, passkeys. */
async function factorsOf(app: FastifyInstance, userId: number): Promise<TSecondFactorMethod[]> {
  const [totp, passkeys] = await Promise.all([repo.findTotp(app.db, userId), passkeyRepo.countPasskeys(app.db, userId)]);
  return [...(totp?.confirmedAt ? (['totp'] as const) : []), ...(passkeys > 0 ? (['passkey'] as const) : [])];
}

const pendingExpired = () => new ApiError(401, 'pending_expired', 'mfa.errors.pending_expired');
const invalidCode = () => new ApiError(400, 'invalid_code', 'mfa.errors.invalid_code', { code: ['mfa.errors.invalid_code'] });

/** Counts the attempt first (429 beyond the limit), then runs `check`; a right code clears the count. */
async function countedCodeCheck(app: FastifyInstance, userId: number, check: () => Promise<boolean>): Promise<void> {
  await countedAttempt(app, userId, async () => {
    if (!(await check())) throw invalidCode();
  });
}

/**
 * The attempt is counted before `attempt` runs (429 beyond the limit, whatever the answer), and
 * stays counted when it throws its refusal; only a success clears the count. Codes and passkey
 * signatures share the one count per user.
 */
async function countedAttempt(app: FastifyInstance, userId: number, attempt: () => Promise<void>): Promise<void> {
  const taken = await repo.takeSecondFactorAttempt(app.db, userId, new Date(Date.now() - CODE_FAILURE_WINDOW_MS), CODE_FAILURE_LIMIT);
  if (!taken.allowed) throw new ApiError(429, 'too_many_requests', 'mfa.errors.too_many_codes');
  await attempt();
  await repo.clearSecondFactorFailures(app.db, userId);
}

/** A TOTP code of the user's confirmed authenticator not used before, or one of their unused recovery codes. */
async function acceptCode(app: FastifyInstance, userId: number, code: string): Promise<boolean> {
  const totp = await repo.findTotp(app.db, userId);
  if (!totp?.confirmedAt) return false;
  if (looksLikeTotpCode(code)) {
    const step = matchingTimeStep(openSecret(totp.sealedSecret), code, app.clock());
    return step !== null && (await repo.takeTimeStep(app.db, userId, step));
  }
  return repo.useRecoveryCode(app.db, userId, hashSecretToken(normaliseRecoveryCode(code)), app.clock());
}

async function signedInUser(app: FastifyInstance, userId: number) {
  const [user] = await app.db.select().from(tables.users).where(eq(tables.users.id, userId));
  if (!user?.isActive) throw pendingExpired();
  return { user, membership: requireUsableMembership(await loadMembershipContext(app.db, user)) };
}

/** Completes a sign-in the password began: the code (TOTP or recovery) in exchange for a session. */
export async function completeWithCode(app: FastifyInstance, pendingToken: string, code: string, client: SignInClient) {
  const pending = await repo.findPendingSignIn(app.db, hashSecretToken(pendingToken), 'verify', app.clock());
  if (!pending) throw pendingExpired();
  try {
    await countedCodeCheck(app, pending.userId, () => acceptCode(app, pending.userId, code.trim()));
  } catch (error) {
    // A wrong second factor after a right password is a failed sign-in of a known account: on record.
    if (error instanceof ApiError && error.code === 'invalid_code') await recordSignIn(app, app.db, pending.userId, 'failure', client, { method: 'password_totp' });
    throw error;
  }
  if (!(await repo.spendPendingSignIn(app.db, pending.id, app.clock()))) throw pendingExpired();
  const signedIn = await signedInUser(app, pending.userId);
  const method: TSessionMethod = 'password_totp';
  return { token: await openSession(app, pending.userId, method, client), ...signedIn };
}

/** Production without SECRETS_KEY seals nothing (a public development key would protect nothing). */
function sealOrRefuse(secret: string): string {
  try {
    return sealSecret(secret);
  } catch {
    throw new ApiError(503, 'secrets_key_missing', 'mfa.errors.secrets_key_missing');
  }
}

/** Without a route's audit entry to join: a transaction of the change's own. */
const ownTransaction = (app: FastifyInstance): InTransaction => (work) => app.db.transaction(work);

/** A new authenticator seed for the user, sealed in the database until the first code confirms it. */
export async function beginTotpEnrolment(app: FastifyInstance, user: User, inTransaction: InTransaction = ownTransaction(app)): Promise<TTotpEnrolment> {
  const secret = newTotpSecret();
  await inTransaction(async (tx) => {
    const existing = await repo.findTotp(tx, user.id);
    if (existing?.confirmedAt) throw conflict('already_enrolled', 'mfa.errors.already_enrolled');
    await repo.saveUnconfirmedTotp(tx, user.id, sealOrRefuse(secret), app.clock());
  });
  return totpEnrolmentOf(secret, user.email, TOTP_ISSUER);
}

/**
 * The first code confirms the authenticator; ten recovery codes are made (shown once, kept hashed)
 * and every other session of the user ends (a new second factor: whoever had only the password is out).
 * The code is checked and counted first (a wrong one stays counted); the confirmation, the codes and
 * the ended sessions are written by `inTransaction`, with the route's audit entry.
 */
export async function confirmTotpEnrolment(app: FastifyInstance, userId: number, code: string, keepSession?: number, inTransaction: InTransaction = ownTransaction(app)): Promise<string[]> {
  const totp = await repo.findTotp(app.db, userId);
  if (!totp || totp.confirmedAt) throw conflict('not_enrolled', 'mfa.errors.not_enrolled');
  const step = looksLikeTotpCode(code.trim()) ? matchingTimeStep(openSecret(totp.sealedSecret), code.trim(), app.clock()) : null;
  await countedCodeCheck(app, userId, async () => step !== null);
  if (step === null) throw invalidCode();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await inTransaction(async (tx) => {
    await repo.confirmTotp(tx, userId, step, codes.map((c) => hashSecretToken(normaliseRecoveryCode(c))), app.clock());
    await endSessionsOfUsers(tx, [userId], app.clock(), keepSession);
  });
  await app.callerCache.forget({ users: [userId] });
  return codes;
}

/** A second factor enrolled inside a held-up sign-in: its entry commits with it (no route mark carries it: no one is signed in yet). */
const enrolmentOnRecord = (app: FastifyInstance, userId: number, client: SignInClient, method: 'totp' | 'passkey'): InTransaction => (work) =>
  app.db.transaction(async (tx) => {
    const done = await work(tx);
    await recordSecondFactorEnrolment(app, tx, userId, client, method);
    return done;
  });

/** Enrolment inside a sign-in the organisation's policy holds up: the pending token stands for the user. */
export async function pendingEnrolmentUser(app: FastifyInstance, pendingToken: string) {
  const pending = await repo.findPendingSignIn(app.db, hashSecretToken(pendingToken), 'enrol', app.clock());
  if (!pending) throw pendingExpired();
  const { user } = await signedInUser(app, pending.userId);
  return { pending, user };
}

/** Confirms the enrolment of a held-up sign-in and completes it: session and recovery codes. */
export async function completeWithEnrolment(app: FastifyInstance, pendingToken: string, code: string, client: SignInClient) {
  const { pending } = await pendingEnrolmentUser(app, pendingToken);
  const recoveryCodes = await confirmTotpEnrolment(app, pending.userId, code, undefined, enrolmentOnRecord(app, pending.userId, client, 'totp'));
  if (!(await repo.spendPendingSignIn(app.db, pending.id, app.clock()))) throw pendingExpired();
  const signedIn = await signedInUser(app, pending.userId);
  return { token: await openSession(app, pending.userId, 'password_totp', client), recoveryCodes, ...signedIn };
}

/**
 * Turning the authenticator off needs a current code, and is refused while a policy requires a
 * second factor and no passkey would remain.
 */
export async function removeTotpOf(app: FastifyInstance, userId: number, secondFactorRequired: boolean, code: string, inTransaction: InTransaction = ownTransaction(app)): Promise<void> {
  if (secondFactorRequired && (await passkeyRepo.countPasskeys(app.db, userId)) === 0) throw conflict('second_factor_required', 'mfa.errors.second_factor_required');
  await countedCodeCheck(app, userId, () => acceptCode(app, userId, code.trim()));
  await inTransaction((tx) => repo.removeTotp(tx, userId));
}

export async function secondFactorStatus(app: FastifyInstance, userId: number, required: boolean) {
  const totp = await repo.findTotp(app.db, userId);
  return {
    totp: Boolean(totp?.confirmedAt),
    passkeys: await passkeyRepo.countPasskeys(app.db, userId),
    recovery_codes_left: totp?.confirmedAt ? await repo.countUnusedRecoveryCodes(app.db, userId) : 0,
    required,
  };
}

/** Completes a sign-in the password began with a passkey's signature (counted like a code). */
export async function completeWithPasskey(app: FastifyInstance, rp: RelyingParty, pendingToken: string, response: TPasskeyAuthenticationResponse, client: SignInClient) {
  const pending = await pendingVerification(app, pendingToken);
  try {
    await countedAttempt(app, pending.userId, () => checkPasskeySignIn(app, rp, pending.userId, response));
  } catch (error) {
    // A refused passkey after a right password is a failed sign-in of a known account: on record.
    if (error instanceof ApiError && error.statusCode < 500 && error.statusCode !== 429) await recordSignIn(app, app.db, pending.userId, 'failure', client, { method: 'password_passkey' });
    throw error;
  }
  if (!(await repo.spendPendingSignIn(app.db, pending.id, app.clock()))) throw pendingExpired();
  const signedIn = await signedInUser(app, pending.userId);
  return { token: await openSession(app, pending.userId, 'password_passkey', client), ...signedIn };
}

/** The pending sign-in that waits for a second factor (a passkey's options are asked for with it). */
export async function pendingVerification(app: FastifyInstance, pendingToken: string) {
  const pending = await repo.findPendingSignIn(app.db, hashSecretToken(pendingToken), 'verify', app.clock());
  if (!pending) throw pendingExpired();
  return pending;
}

/**
 * A new passkey of a signed-in user: stored, and every other session of the user ends (a new
 * second factor: whoever had only the password is out), as for a new authenticator app.
 */
export async function addPasskey(app: FastifyInstance, rp: RelyingParty, userId: number, name: string, response: TPasskeyRegistrationResponse, keepSession?: number, inTransaction: InTransaction = ownTransaction(app)): Promise<TPasskey> {
  const passkey = await finishPasskeyRegistration(app, rp, userId, name, response, (store) =>
    inTransaction(async (tx) => {
      const stored = await store(tx);
      await endSessionsOfUsers(tx, [userId], app.clock(), keepSession);
      return stored;
    }),
  );
  await app.callerCache.forget({ users: [userId] });
  return passkey;
}

/** The enrolment a held-up sign-in needs, with a passkey: stored, and the sign-in completes. */
export async function completeWithPasskeyEnrolment(app: FastifyInstance, rp: RelyingParty, pendingToken: string, name: string, response: TPasskeyRegistrationResponse, client: SignInClient) {
  const { pending } = await pendingEnrolmentUser(app, pendingToken);
  await addPasskey(app, rp, pending.userId, name, response, undefined, enrolmentOnRecord(app, pending.userId, client, 'passkey'));
  if (!(await repo.spendPendingSignIn(app.db, pending.id, app.clock()))) throw pendingExpired();
  const signedIn = await signedInUser(app, pending.userId);
  return { token: await openSession(app, pending.userId, 'password_passkey', client), ...signedIn };
}

/** Removes one of the user's passkeys; refused while a policy requires a second factor and it is the last one. */
export async function removePasskeyOf(app: FastifyInstance, userId: number, passkeyId: number, secondFactorRequired: boolean, inTransaction: InTransaction = ownTransaction(app)): Promise<void> {
  const passkeys = await passkeyRepo.listPasskeys(app.db, userId);
  if (!passkeys.some((p) => p.id === passkeyId)) throw new ApiError(404, 'passkey_not_found', 'mfa.errors.passkey_not_found');
  const factorsLeft = passkeys.length - 1 + ((await factorsOf(app, userId)).includes('totp') ? 1 : 0);
  if (secondFactorRequired && factorsLeft === 0) throw conflict('second_factor_required', 'mfa.errors.second_factor_required');
  await inTransaction(async (tx) => {
    if (!(await passkeyRepo.deletePasskey(tx, userId, passkeyId))) throw new ApiError(404, 'passkey_not_found', 'mfa.errors.passkey_not_found');
  });
}
