import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readSettings, secretsKeyOf } from '../env.ts';

const VERSION = 'v1';
const IV_BYTES = 12;

let cachedKey: { source: string; key: Buffer } | undefined;

/** The 256-bit key: SHA-256 of SECRETS_KEY (or of the development default outside production). */
function key(): Buffer {
  const source = secretsKeyOf(readSettings());
  if (cachedKey?.source !== source) cachedKey = { source, key: createHash('sha256').update(source, 'utf8').digest() };
  return cachedKey.key;
}

/**
 * Seals a secret for storage (TOTP seeds, client secrets): AES-256-GCM with a fresh 96-bit IV,
 * as `v1.<iv>.<tag>.<ciphertext>` in base64url. The tag makes any change to what is stored
 * detectable: `openSecret` then throws rather than answer a wrong secret.
 */
export function sealSecret(plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** The plain secret of `sealSecret`'s output; throws when it was sealed with another key or altered. */
export function openSecret(sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
