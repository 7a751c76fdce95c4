import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
/** What authenticator apps show above the account (the product's name, the same in every language). */
export const TOTP_ISSUER = 'ONA Platform';
/** One step either side is accepted, for clocks a little apart. */
const TOTP_WINDOW = 1;

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

function totpOf(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The time step of a moment (unix seconds / 30). */
export const timeStepOf = (now: Date): number => Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The time step the code belongs to, or null when it fits none within the window around `now`. */
export function matchingTimeStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : timeStepOf(now) + delta;
}

export async function totpEnrolmentOf(secret: string, account: string, issuer: string) {
  const otpauthUrl = totpOf(secret, account, issuer).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

export const looksLikeTotpCode = (code: string): boolean => /^\d{6}$/.test(code);

/* ---- Recovery codes ---- */

export const RECOVERY_CODE_COUNT = 10;
/** Without 0/o, 1/l/i: read off paper without doubt. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx`: 50 random bits in ten characters people can type. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** As typed: case, spaces and the dash do not matter. */
export const normaliseRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');
