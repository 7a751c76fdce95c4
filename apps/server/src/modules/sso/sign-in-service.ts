import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TSignInDiscovery, TSsoCallbackRequest, TSsoCallbackResponse, TSsoRound, TSsoTestReport, TLocale } from '@ona/contracts';
import { and, eq, sql, tables } from '@ona/db';
import { translate } from '../../i18n/translate.ts';
import { UNSET_PASSWORD_HASH } from '../auth/password-hash.ts';
import * as authRepo from '../auth/repository.ts';
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';
import { loadMembershipContext, requireUsableMembership } from '../users/membership.ts';
import { toUserProfile } from '../users/profile.ts';
import { authorizationUrl, discoverProvider, finishAtProvider, newRoundSecrets } from './oidc-round.ts';
import { permissionsFromGroups, readEmailClaims } from './claims.ts';
import * as repo from './repository.ts';
import type { SecretBox } from './secret-box.ts';
import { SsoRefusal } from './sso-refusal.ts';
import { openSession, type SignInClient } from '../sessions/session-service.ts';
import { authnRequestUrl, type ServiceProviderUrls } from './saml/service-provider.ts';
import { SAML_REFUSAL_KEYS } from './saml/acs-service.ts';
import { recordSignIn } from '../audit/sign-in-audit.ts';

const { users, memberships } = tables;

export interface SsoContext {
  app: FastifyInstance;
  box: SecretBox | null;
  log: FastifyBaseLogger;
  /** The browser that signs in: its session records the device and address (modules/sessions). */
  client: SignInClient;
  /** The product's SAML addresses for an organisation, on this request's public base. */
  serviceProviderUrls: (organizationId: number) => ServiceProviderUrls;
}

/**
 * Which way this address signs in: the identity provider of the organisation that claims its
 * domain, or of an organisation that requires SSO of this (existing, active) member; else the
 * password field (also for the organisation's break-glass administrator). The account is looked up
 * whatever the address, so the work does not tell; only an SSO route can tell an account exists,
 * as routing needs.
 */
export async function discoverSignIn(ctx: SsoContext, email: string, redirectUri: string, returnPath: string): Promise<TSignInDiscovery> {
  const address = email.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const user = await authRepo.findUserByEmail(ctx.app.db, address);
  let connection = address.includes('@') ? await repo.findEnabledConnectionForDomain(ctx.app.db, domain) : undefined;
  // The break-glass administrator must reach the password field even when the provider is down.
  if (connection && user && connection.breakGlassUserId === user.id) return { method: 'password' };
  if (!connection && user?.isActive) [connection] = await repo.findConnectionsRequiringSsoOf(ctx.app.db, user.id);
  if (!connection) return { method: 'password' };
  const round = await startRound(ctx, connection, { purpose: 'sign_in', redirectUri, returnPath, startedByUserId: null });
  return { method: 'sso', ...round };
}

export async function startRound(
  ctx: SsoContext,
  connection: repo.SsoConnection,
  round: { purpose: 'sign_in' | 'test'; redirectUri: string; returnPath: string; startedByUserId: number | null },
): Promise<TSsoRound> {
  if (connection.protocol === 'saml') return startSamlRound(ctx, connection, round);
  const config = await withRefusalLogged(ctx, connection.organizationId, () => discoverProvider(connection, ctx.box));
  const secrets = newRoundSecrets();
  const browserBinding = newSecretToken();
  const now = new Date();
  await repo.insertLoginState(
    ctx.app.db,
    {
      stateHash: hashSecretToken(secrets.state),
      connectionId: connection.id,
      purpose: round.purpose,
      nonce: secrets.nonce,
      codeVerifier: secrets.codeVerifier,
      browserBindingHash: hashSecretToken(browserBinding),
      redirectUri: round.redirectUri,
      returnPath: round.returnPath,
      startedByUserId: round.startedByUserId,
      expiresAt: new Date(now.getTime() + repo.SSO_ROUND_LIFETIME_MS),
    },
    now,
  );
  // A test always asks the administrator to sign in afresh, so the round shows a real sign-in.
  const url = await authorizationUrl(config, round.redirectUri, secrets, { forceLogin: round.purpose === 'test', askGroups: connection.groupsClaim !== null });
  return { authorization_url: url, browser_binding: browserBinding };
}

/**
 * A SAML round: the AuthnRequest's id is kept where OIDC keeps its nonce (the response's
 * InResponseTo must carry it), and the state travels as RelayState through the identity provider
 * back to the assertion consumer service.
 */
async function startSamlRound(
  ctx: SsoContext,
  connection: repo.SsoConnection,
  round: { purpose: 'sign_in' | 'test'; redirectUri: string; returnPath: string; startedByUserId: number | null },
): Promise<TSsoRound> {
  const state = newSecretToken();
  const browserBinding = newSecretToken();
  const { url, requestId } = await withRefusalLogged(ctx, connection.organizationId, () =>
    authnRequestUrl(connection, ctx.serviceProviderUrls(connection.organizationId), state, round.purpose === 'test'),
  );
  const now = new Date();
  await repo.insertLoginState(
    ctx.app.db,
    {
      stateHash: hashSecretToken(state),
      connectionId: connection.id,
      purpose: round.purpose,
      nonce: requestId,
      codeVerifier: '',
      browserBindingHash: hashSecretToken(browserBinding),
      redirectUri: round.redirectUri,
      returnPath: round.returnPath,
      startedByUserId: round.startedByUserId,
      expiresAt: new Date(now.getTime() + repo.SSO_ROUND_LIFETIME_MS),
    },
    now,
  );
  return { authorization_url: url, browser_binding: browserBinding };
}

/**
 * The callback page's report of what the identity provider sent: a sign-in answers the product's
 * normal login token; a test round answers what came back or exactly what failed. Refusals leave
 * nothing behind (the round itself is taken either way) and write one log line for the administrator.
 */
export async function finishRound(ctx: SsoContext, body: TSsoCallbackRequest, locale: TLocale): Promise<TSsoCallbackResponse> {
  const params = new URLSearchParams(body.callback_query.replace(/^\?/, ''));
  const state = params.get('state');
  const samlError = params.get('saml_error');
  if (!state && samlError && SAML_REFUSAL_KEYS[samlError]) {
    // The assertion consumer service refused a response that named no round of this browser (and logged why).
    throw new SsoRefusal(samlError, SAML_REFUSAL_KEYS[samlError]).toApiError();
  }
  const round = state ? await repo.takeLoginState(ctx.app.db, hashSecretToken(state), new Date()) : undefined;
  if (!state || !round) throw logged(ctx, null, new SsoRefusal('sso_state_unknown', 'sso.errors.state_unknown', { reason: state ? 'state never issued, already used or expired' : 'no state in the callback' })).toApiError();
  const connection = await repo.findConnectionById(ctx.app.db, round.connectionId);
  if (!connection) throw logged(ctx, null, new SsoRefusal('sso_state_unknown', 'sso.errors.state_unknown', { reason: 'connection removed' })).toApiError();
  // An IdP-initiated SAML round has no browser binding: no browser of ours started it.
  const unbound = connection.protocol === 'saml' && round.browserBindingHash === '';
  if (!unbound && hashSecretToken(body.browser_binding) !== round.browserBindingHash) {
    // Not this browser's round (a link passed on, a forged callback): refused for tests too.
    throw logged(ctx, connection.organizationId, new SsoRefusal('sso_browser_mismatch', 'sso.errors.browser_mismatch', { reason: 'browser binding does not match the round' })).toApiError();
  }
  let claims: Record<string, unknown> | null = null;
  try {
    if (connection.protocol === 'saml') {
      claims = samlAttributesOf(round);
    } else {
      const config = await discoverProvider(connection, ctx.box);
      const callbackUrl = new URL(round.redirectUri);
      callbackUrl.search = params.toString();
      claims = await finishAtProvider(config, callbackUrl, { state, nonce: round.nonce, codeVerifier: round.codeVerifier });
    }
    const { email } = readEmailClaims(claims, connection);
    const permissions = permissionsFromGroups(claims, connection);
    if (round.purpose === 'test') {
      ctx.log.info({ organizationId: connection.organizationId, email }, 'sso connection test succeeded');
      return { outcome: 'test', report: { ok: true, claims, email, permissions: permissions ?? [] } };
    }
    if (!connection.enabled) throw new SsoRefusal('sso_not_enabled', 'sso.errors.not_enabled', { reason: 'connection disabled since the round started' });
    return await signIn(ctx, connection, email, claims, permissions, round.returnPath);
  } catch (error) {
    if (!(error instanceof SsoRefusal)) throw error;
    // The assertion consumer service logged its own refusals already.
    if (!(connection.protocol === 'saml' && round.samlOutcome?.ok === false)) logged(ctx, connection.organizationId, error);
    if (round.purpose === 'test') return { outcome: 'test', report: failedTest(error, claims, locale) };
    await recordSignIn(ctx.app, ctx.app.db, null, 'failure', ctx.client, { method: connection.protocol, organizationId: connection.organizationId, reason: error.code });
    throw error.toApiError();
  }
}

/** What the assertion consumer service made of the identity provider's response, handed over in the round. */
function samlAttributesOf(round: repo.SsoLoginState): Record<string, unknown> {
  const outcome = round.samlOutcome;
  if (!outcome) throw new SsoRefusal('sso_state_unknown', 'sso.errors.state_unknown', { reason: 'the identity provider has not answered this round' });
  if (!outcome.ok) throw new SsoRefusal(outcome.code, SAML_REFUSAL_KEYS[outcome.code] ?? 'sso.errors.saml_response_invalid', { reason: outcome.reason });
  return outcome.attributes;
}

function failedTest(refusal: SsoRefusal, claims: Record<string, unknown> | null, locale: TLocale): TSsoTestReport {
  const message = translate(locale, refusal.messageKey, refusal.details.domain ? { domain: refusal.details.domain } : {});
  return { ok: false, code: refusal.code, detail: refusal.details.reason ? `${message} (${refusal.details.reason})` : message, claims };
}

async function signIn(
  ctx: SsoContext,
  connection: repo.SsoConnection,
  email: string,
  claims: Record<string, unknown>,
  groupPermissions: string[] | null,
  returnPath: string,
): Promise<TSsoCallbackResponse> {
  const db = ctx.app.db;
  const organizationId = connection.organizationId;
  const userId = await db.transaction(async (tx) => {
    const [account] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
    if (!account) {
      if (!connection.createMembers) throw new SsoRefusal('sso_not_invited', 'sso.errors.not_invited', { reason: `no account for ${email}` });
      const given = [claims.name, claims.displayName, claims['http://schemas.microsoft.com/identity/claims/displayname']].find((n): n is string => typeof n === 'string' && n.trim() !== '');
      const name = given ? given.trim().slice(0, 200) : email.slice(0, email.indexOf('@'));
      const [created] = await tx.insert(users).values({ email, name, passwordHash: UNSET_PASSWORD_HASH, currentOrganizationId: organizationId }).onConflictDoNothing().returning();
      if (!created) throw new SsoRefusal('sso_not_invited', 'sso.errors.not_invited', { reason: 'account created concurrently' });
      await tx.insert(memberships).values({ userId: created.id, organizationId, permissions: groupPermissions ?? [] });
      return created.id;
    }
    if (!account.isActive) throw new SsoRefusal('sso_member_deactivated', 'sso.errors.member_deactivated', { reason: `account ${account.id} deactivated` });
    const [membership] = await tx.select().from(memberships).where(and(eq(memberships.userId, account.id), eq(memberships.organizationId, organizationId))).limit(1);
    // An account of another organisation is never joined to this one by its identity provider's word alone.
    if (!membership) throw new SsoRefusal('sso_not_invited', 'sso.errors.not_invited', { reason: `account ${account.id} is not a member of organisation ${organizationId}` });
    if (membership.deactivatedAt) throw new SsoRefusal('sso_member_deactivated', 'sso.errors.member_deactivated', { reason: `membership of account ${account.id} deactivated` });
    if (groupPermissions !== null) await tx.update(memberships).set({ permissions: groupPermissions }).where(and(eq(memberships.userId, account.id), eq(memberships.organizationId, organizationId)));
    await tx.update(users).set({ currentOrganizationId: organizationId }).where(eq(users.id, account.id));
    return account.id;
  });
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new SsoRefusal('sso_not_invited', 'sso.errors.not_invited', { reason: 'account vanished' });
  const membership = requireUsableMembership(await loadMembershipContext(db, user));
  const token = await openSession(ctx.app, user.id, connection.protocol === 'saml' ? 'saml' : 'oidc', ctx.client);
  // Permissions or the current organisation may have changed for tokens already cached.
  await ctx.app.callerCache.forget({ users: [user.id] });
  ctx.log.info({ organizationId, userId: user.id }, 'sso sign-in');
  return { outcome: 'signed_in', token, user: toUserProfile({ user, ...membership }), return_path: returnPath };
}

function logged(ctx: SsoContext, organizationId: number | null, refusal: SsoRefusal): SsoRefusal {
  ctx.log.warn({ organizationId, code: refusal.code, reason: refusal.details.reason }, 'sso sign-in refused');
  return refusal;
}

async function withRefusalLogged<T>(ctx: SsoContext, organizationId: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SsoRefusal) throw logged(ctx, organizationId, error).toApiError();
    throw error;
  }
}

/** Password sign-in of a member whose organisation requires SSO (the break-glass administrator excepted). */
export async function refusePasswordWhenSsoRequired(ctx: Pick<SsoContext, 'app'>, userId: number): Promise<void> {
  const requiring = await repo.findConnectionsRequiringSsoOf(ctx.app.db, userId);
  if (requiring.length > 0) throw new SsoRefusal('sso_required', 'sso.errors.sso_required').toApiError();
}
