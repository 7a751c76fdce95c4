import type { FastifyInstance } from 'fastify';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { TPasskey, TPasskeyAuthenticationResponse, TPasskeyCreationOptions, TPasskeyRegistrationResponse, TPasskeyRequestOptions } from '@ona/contracts';
import { ZAuthenticatorTransport } from '@ona/contracts';
import { tables, type Database } from '@ona/db';
import { ApiError, conflict } from '../../errors/api-error.ts';
import * as repo from './passkey-repository.ts';
import { TOTP_ISSUER } from './totp.ts';

/** How long a registration or sign-in ceremony may take (the browser's dialog included). */
export const PASSKEY_CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

type User = typeof tables.users.$inferSelect;

/**
 * Who the passkeys are for: the RP id is the host name of the configured public origin
 * (PUBLIC_URL, or the local host the request came to, as links in e-mails use) and the origins the
 * browser may report are that origin and the instant-survey tool's (a subdomain of it, if it has a
 * host of its own). A passkey made on one host name works on that name and its subdomains only.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

export function relyingPartyOf(publicBase: string, instantSurveyBase: string): RelyingParty {
  const origin = new URL(publicBase);
  return { id: origin.hostname, name: TOTP_ISSUER, origins: [...new Set([origin.origin, new URL(instantSurveyBase).origin])] };
}

const challengeUnknown = () => new ApiError(400, 'passkey_challenge_unknown', 'mfa.errors.passkey_challenge_unknown');
const notVerified = () => new ApiError(400, 'passkey_not_verified', 'mfa.errors.passkey_not_verified');
const unknownPasskey = () => new ApiError(400, 'passkey_unknown', 'mfa.errors.passkey_unknown');

/** The challenge the browser signed, read from its clientDataJSON (the library checks it again). */
function challengeOf(clientDataJSON: string): string {
  try {
    const data: unknown = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON));
    if (typeof data === 'object' && data !== null && 'challenge' in data && typeof data.challenge === 'string') return data.challenge;
  } catch {
    // Not base64url JSON: the same refusal as a challenge never issued.
  }
  throw challengeUnknown();
}

const transportsOf = (values: string[]) => values.flatMap((value) => {
  const parsed = ZAuthenticatorTransport.safeParse(value);
  return parsed.success ? [parsed.data] : [];
});

export const toPasskey = (row: repo.StoredPasskey): TPasskey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** Options for a new passkey of the user; the challenge is stored for this user, to be taken once. */
export async function beginPasskeyRegistration(app: FastifyInstance, rp: RelyingParty, user: User): Promise<TPasskeyCreationOptions> {
  const existing = await repo.listPasskeys(app.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    // The user handle the authenticator keeps: the account number, no personal data.
    userID: new TextEncoder().encode(`ona-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: PASSKEY_CHALLENGE_LIFETIME_MS,
  });
  const now = app.clock();
  await repo.insertChallenge(app.db, user.id, options.challenge, 'register', new Date(now.getTime() + PASSKEY_CHALLENGE_LIFETIME_MS), now);
  return options;
}

/**
 * Checks the new passkey against a challenge issued to this user (taken once) and the relying
 * party, and stores its public key under the given name.
 */
export async function finishPasskeyRegistration(
  app: FastifyInstance,
  rp: RelyingParty,
  userId: number,
  name: string,
  response: TPasskeyRegistrationResponse,
  /** Runs the store inside the caller's transaction (its audit entry and ended sessions with it). */
  commit: (store: (db: Database) => Promise<repo.StoredPasskey>) => Promise<repo.StoredPasskey> = (store) => store(app.db),
): Promise<TPasskey> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!(await repo.takeChallenge(app.db, userId, challenge, 'register', app.clock()))) throw challengeUnknown();
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: rp.origins, expectedRPID: rp.id, requireUserVerification: false });
  } catch (error) {
    app.log.info({ userId, reason: error instanceof Error ? error.message : String(error) }, 'passkey registration refused');
    throw notVerified();
  }
  if (!verification.verified || !verification.registrationInfo) throw notVerified();
  const { credential } = verification.registrationInfo;
  const stored = await commit(async (db) => {
    const inserted = await repo.insertPasskey(db, {
      userId,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      name: name.trim(),
      createdAt: app.clock(),
    });
    // A passkey registered already changes nothing: refused before the commit, so no entry is written.
    if (!inserted) throw conflict('passkey_already_registered', 'mfa.errors.passkey_already_registered');
    return inserted;
  });
  return toPasskey(stored);
}

/** Options to sign in with one of the user's passkeys; the challenge is stored for this user. */
export async function beginPasskeySignIn(app: FastifyInstance, rp: RelyingParty, userId: number): Promise<TPasskeyRequestOptions> {
  const passkeys = await repo.listPasskeys(app.db, userId);
  if (passkeys.length === 0) throw conflict('no_passkey', 'mfa.errors.no_passkey');
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
    userVerification: 'preferred',
    timeout: PASSKEY_CHALLENGE_LIFETIME_MS,
  });
  const now = app.clock();
  await repo.insertChallenge(app.db, userId, options.challenge, 'authenticate', new Date(now.getTime() + PASSKEY_CHALLENGE_LIFETIME_MS), now);
  return options;
}

/**
 * Checks a passkey's signature: the challenge was issued to this user and is taken once, the
 * credential is one of the user's own, the signature verifies under its public key for this relying
 * party, and its counter moved on. Throws the refusal; the caller counts it like a wrong code.
 */
export async function checkPasskeySignIn(app: FastifyInstance, rp: RelyingParty, userId: number, response: TPasskeyAuthenticationResponse): Promise<void> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!(await repo.takeChallenge(app.db, userId, challenge, 'authenticate', app.clock()))) throw challengeUnknown();
  const passkey = await repo.findPasskeyByCredentialId(app.db, response.id);
  // Another user's passkey is refused as if unknown: the answer must not tell whose it is.
  if (!passkey || passkey.userId !== userId) throw unknownPasskey();
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter, transports: transportsOf(passkey.transports) },
      requireUserVerification: false,
    });
  } catch (error) {
    // Among these: a counter that did not move on (a cloned authenticator), a wrong origin or RP id.
    app.log.info({ userId, passkeyId: passkey.id, reason: error instanceof Error ? error.message : String(error) }, 'passkey sign-in refused');
    throw notVerified();
  }
  if (!verification.verified) throw notVerified();
  if (!(await repo.recordPasskeyUse(app.db, passkey.id, verification.authenticationInfo.newCounter, app.clock()))) throw notVerified();
}
