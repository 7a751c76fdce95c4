import { z } from 'zod';
import { ZLoginResponse } from './auth.ts';

/* ---- Sessions (docs/sign-in-security.md) ---- */

/** How a session was signed in; the single sign-on ones are set by the OIDC and SAML sign-ins. */
export const ZSessionMethod = z.enum(['password', 'password_totp', 'password_passkey', 'oidc', 'saml']);
export type TSessionMethod = z.infer<typeof ZSessionMethod>;

/** `GET /users/me/sessions/`: one live session of the signed-in user. */
export const ZSession = z.object({
  id: z.number().int(),
  /** Browser and system summarised from the sign-in's User-Agent ("Chrome 120 on Windows"); empty when unknown. */
  device: z.string(),
  ip_address: z.string(),
  method: ZSessionMethod,
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session of this very request. */
  current: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;

/** `POST /users/me/sessions/end-others/` and the administrator's `POST /organization/users/{id}/end-sessions/`. */
export const ZSessionsEnded = z.object({ ended: z.number().int() });
export type TSessionsEnded = z.infer<typeof ZSessionsEnded>;

/** `POST /users/me/password/`: a new password for the signed-in user; their other sessions end. */
export const ZPasswordChange = z.object({
  current_password: z.string().min(1).max(1024),
  new_password1: z.string().max(1024),
  new_password2: z.string().max(1024),
});
export type TPasswordChange = z.infer<typeof ZPasswordChange>;

/* ---- The organisation's sign-in policy (organization_admin) ---- */

export const SESSION_IDLE_MINUTES_DEFAULT = 480;
export const SESSION_LIFETIME_DAYS_DEFAULT = 30;
export const ZSecondFactorRequirement = z.enum(['none', 'administrators', 'everyone']);
export type TSecondFactorRequirement = z.infer<typeof ZSecondFactorRequirement>;

/** `GET/PATCH /organization/sign-in-policy/`. */
export const ZSignInPolicy = z.object({
  /** A session unused this long ends (5 minutes to 30 days). */
  session_idle_minutes: z.number().int().min(5).max(43_200),
  /** A session ends this long after its sign-in (1 to 365 days). */
  session_lifetime_days: z.number().int().min(1).max(365),
  second_factor_required_for: ZSecondFactorRequirement,
});
export type TSignInPolicy = z.infer<typeof ZSignInPolicy>;
export const ZSignInPolicyPatch = ZSignInPolicy.partial();
export type TSignInPolicyPatch = z.infer<typeof ZSignInPolicyPatch>;

/* ---- Second factor (TOTP) ---- */

/**
 * `POST /auth/login/` answers 202 with this instead of a session when the password was right but a
 * second factor must follow: `verify` asks for a code, `enrol` leads through enrolment first (the
 * organisation requires a second factor and the user has none). The pending token lives a few
 * minutes and works once; the session token comes only after the code.
 */
export const ZSecondFactorMethod = z.enum(['totp', 'passkey']);
export type TSecondFactorMethod = z.infer<typeof ZSecondFactorMethod>;
/** `methods`: for `verify` the factors the user keeps; for `enrol` the ones they may set up. */
export const ZSecondFactorNeeded = z.object({
  second_factor: z.enum(['verify', 'enrol']),
  pending_token: z.string(),
  methods: z.array(ZSecondFactorMethod),
});
export type TSecondFactorNeeded = z.infer<typeof ZSecondFactorNeeded>;

/** A six-digit TOTP code or a recovery code (`xxxxx-xxxxx`). */
const ZCode = z.string().trim().min(6).max(32);

/** `POST /auth/login/second-factor/`: the pending token and a TOTP code or a recovery code. */
export const ZSecondFactorAnswer = z.object({ pending_token: z.string().min(1).max(256), code: ZCode });
export type TSecondFactorAnswer = z.infer<typeof ZSecondFactorAnswer>;
export const ZSecondFactorSignedIn = ZLoginResponse;

/** Enrolment: shown once, before the first code confirms it. */
export const ZTotpEnrolment = z.object({
  /** The base32 seed, for typing into an authenticator by hand. */
  secret: z.string(),
  /** `otpauth://totp/…`, what the QR code carries. */
  otpauth_url: z.string(),
  /** The QR code as an SVG image. */
  qr_svg: z.string(),
});
export type TTotpEnrolment = z.infer<typeof ZTotpEnrolment>;

export const ZTotpConfirm = z.object({ code: ZCode });
export type TTotpConfirm = z.infer<typeof ZTotpConfirm>;

/** After the first code: ten one-time recovery codes, shown this once (only their hashes are kept). */
export const ZTotpConfirmed = z.object({ recovery_codes: z.array(z.string()) });
export type TTotpConfirmed = z.infer<typeof ZTotpConfirmed>;

/** Enrolment during a sign-in the policy holds up: the pending token of the login answer. */
export const ZPendingEnrolment = z.object({ pending_token: z.string().min(1).max(256) });
export const ZPendingTotpConfirm = ZPendingEnrolment.extend({ code: ZCode });
/** The enrolment is confirmed and the sign-in completed: the session and the recovery codes. */
export const ZPendingTotpConfirmed = ZLoginResponse.extend({ recovery_codes: z.array(z.string()) });
export type TPendingTotpConfirmed = z.infer<typeof ZPendingTotpConfirmed>;

/** `GET /users/me/second-factor/`. */
export const ZSecondFactorStatus = z.object({
  totp: z.boolean(),
  /** How many passkeys the user keeps. */
  passkeys: z.number().int(),
  recovery_codes_left: z.number().int(),
  /** Whether the organisation's policy requires the caller to keep a second factor. */
  required: z.boolean(),
});
export type TSecondFactorStatus = z.infer<typeof ZSecondFactorStatus>;

/** `DELETE /users/me/second-factor/totp/`: turning TOTP off needs a current code. */
export const ZTotpRemove = z.object({ code: ZCode });

/* ---- Second factor (passkeys, WebAuthn) ----
 * The option and response shapes are those of the WebAuthn JSON serialisation (what
 * @simplewebauthn/browser takes and gives); the server makes and checks them with
 * @simplewebauthn/server. Binary values are base64url strings.
 */

const ZBase64Url = z.string().regex(/^[A-Za-z0-9_-]*$/).max(8192);
export const ZAuthenticatorTransport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const ZCredentialDescriptor = z.object({ id: ZBase64Url, type: z.literal('public-key'), transports: z.array(ZAuthenticatorTransport).optional() });
const ZUserVerification = z.enum(['discouraged', 'preferred', 'required']);
const ZHint = z.enum(['hybrid', 'security-key', 'client-device']);

/** What the browser needs to make a passkey (`navigator.credentials.create`). */
export const ZPasskeyCreationOptions = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: ZBase64Url,
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(ZCredentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: ZUserVerification.optional(),
    })
    .optional(),
  hints: z.array(ZHint).optional(),
  attestation: z.enum(['none', 'direct', 'enterprise', 'indirect']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type TPasskeyCreationOptions = z.infer<typeof ZPasskeyCreationOptions>;

/** What the browser needs to sign in with a passkey (`navigator.credentials.get`). */
export const ZPasskeyRequestOptions = z.object({
  challenge: ZBase64Url,
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(ZCredentialDescriptor).optional(),
  userVerification: ZUserVerification.optional(),
  hints: z.array(ZHint).optional(),
});
export type TPasskeyRequestOptions = z.infer<typeof ZPasskeyRequestOptions>;

const ZClientExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });

/** The new passkey, as the browser reports it. */
export const ZPasskeyRegistrationResponse = z.object({
  id: ZBase64Url,
  rawId: ZBase64Url,
  response: z.object({
    clientDataJSON: ZBase64Url,
    attestationObject: ZBase64Url,
    authenticatorData: ZBase64Url.optional(),
    transports: z.array(ZAuthenticatorTransport).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: ZBase64Url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ZClientExtensionResults,
  type: z.literal('public-key'),
});
export type TPasskeyRegistrationResponse = z.infer<typeof ZPasskeyRegistrationResponse>;

/** A passkey's signature over the challenge, as the browser reports it. */
export const ZPasskeyAuthenticationResponse = z.object({
  id: ZBase64Url,
  rawId: ZBase64Url,
  response: z.object({ clientDataJSON: ZBase64Url, authenticatorData: ZBase64Url, signature: ZBase64Url, userHandle: ZBase64Url.optional() }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ZClientExtensionResults,
  type: z.literal('public-key'),
});
export type TPasskeyAuthenticationResponse = z.infer<typeof ZPasskeyAuthenticationResponse>;

/** The name the user gives a passkey ("Laptop", "Security key"), to tell them apart in the list. */
export const ZPasskeyName = z.string().trim().min(1).max(60);

/** `POST /users/me/passkeys/`: the new passkey and its name. */
export const ZPasskeyRegistration = z.object({ name: ZPasskeyName, response: ZPasskeyRegistrationResponse });
export type TPasskeyRegistration = z.infer<typeof ZPasskeyRegistration>;

/** One of the user's passkeys (`GET /users/me/passkeys/`). */
export const ZPasskey = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type TPasskey = z.infer<typeof ZPasskey>;
export const ZPasskeyList = z.array(ZPasskey);

/** `POST /auth/login/second-factor/passkey/`: the pending token and the passkey's signature. */
export const ZPendingPasskeyAnswer = ZPendingEnrolment.extend({ response: ZPasskeyAuthenticationResponse });
export type TPendingPasskeyAnswer = z.infer<typeof ZPendingPasskeyAnswer>;
/** `POST /auth/login/second-factor/enrol/passkey/`: the enrolment the policy demands, with a passkey. */
export const ZPendingPasskeyRegistration = ZPendingEnrolment.extend({ name: ZPasskeyName, response: ZPasskeyRegistrationResponse });
export type TPendingPasskeyRegistration = z.infer<typeof ZPendingPasskeyRegistration>;
