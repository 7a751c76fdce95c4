import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type JWK, type JWTPayload } from 'jose';

/**
 * A real OpenID Provider for the tests (`oidc-provider`, a certified implementation, outside the
 * product's code), listening on an ephemeral loopback port with its own signing key, client
 * registration and accounts. Its built-in development login form signs in any of its accounts by
 * the account id typed as the login (the password is not checked); consent is granted at once.
 */
export interface TestIdpAccount {
  email: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

/** Rewrites the next ID token the token endpoint answers: its claims, or how it is signed. */
export interface IdTokenTamper {
  claims?: (claims: JWTPayload) => JWTPayload;
  /** `none`: an unsecured token; `foreign-key`: signed with a key the provider does not publish (same kid). */
  signing?: 'none' | 'foreign-key';
}

export interface TestOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Rewrites the ID token of the next token response only. */
  tamperNextIdToken(tamper: IdTokenTamper): void;
  /** Signs an account in at the provider as a browser would and answers the callback address it redirects to. */
  signIn(authorizationUrl: string, accountId: string): Promise<URL>;
  close(): Promise<void>;
}

const KEY_ID = 'test-idp-key';

export async function startTestOpenIdProvider(options: { redirectUris: string[]; accounts: Record<string, TestIdpAccount>; clientId?: string; clientSecret?: string }): Promise<TestOpenIdProvider> {
  const clientId = options.clientId ?? 'ona-test-client';
  const clientSecret = options.clientSecret ?? 'ona-test-client-secret-0123456789';
  const signing = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const privateJwk: JWK = { ...(await exportJWK(signing.privateKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [privateJwk as never] },
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', 'groups'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    // The e-mail and groups go into the ID token itself, where the product reads them.
    conformIdTokenClaims: false,
    cookies: { keys: ['test-idp-cookie-key-0123456789'] },
    findAccount: (_ctx, id) => {
      const account = options.accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, email_verified: true, ...account }) };
    },
    // Consent is taken as given: the tests sign in, they do not click through a consent page.
    loadExistingGrant: async (ctx) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile groups');
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'groups']);
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: true } },
  };
  const provider = new Provider(issuer, configuration);

  let pending: IdTokenTamper | null = null;
  provider.use(async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (!pending || ctx.path !== '/token' || typeof body !== 'object' || body === null || !('id_token' in body) || typeof body.id_token !== 'string') return;
    const tamper = pending;
    pending = null;
    const claims = tamper.claims ? tamper.claims({ ...decodeJwt(body.id_token) }) : decodeJwt(body.id_token);
    const idToken =
      tamper.signing === 'none'
        ? new UnsecuredJWT(claims).encode()
        : await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: KEY_ID }).sign(tamper.signing === 'foreign-key' ? foreign.privateKey : signing.privateKey);
    ctx.body = { ...body, id_token: idToken };
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    tamperNextIdToken(tamper) {
      pending = tamper;
    },
    async signIn(authorizationUrl, accountId) {
      const cookies = new Map<string, string>();
      const send = async (url: string, init: RequestInit = {}) => {
        const response = await fetch(new URL(url, issuer), { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair?.indexOf('=') ?? -1;
          if (pair && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
        return response;
      };
      const toInteraction = await send(authorizationUrl);
      const interactionUrl = toInteraction.headers.get('location');
      if (!interactionUrl) throw new Error(`the provider answered ${toInteraction.status} without a redirect: ${await toInteraction.text()}`);
      const page = await (await send(interactionUrl)).text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (!action) throw new Error(`no login form at ${interactionUrl}`);
      const submitted = await send(action.replace(/&amp;/g, '&'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login: accountId, password: 'any' }).toString(),
      });
      let next = submitted.headers.get('location');
      for (let hop = 0; next && hop < 5; hop++) {
        const target = new URL(next, issuer);
        if (target.origin !== issuer) return target;
        next = (await send(target.toString())).headers.get('location');
      }
      throw new Error('the provider did not redirect back to the product');
    },
    async close() {
      // close() waits for every open connection to end: a browser's kept-alive ones end only when
      // the browser lets go (some 100 s in the browser tests), so they are closed at once.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
