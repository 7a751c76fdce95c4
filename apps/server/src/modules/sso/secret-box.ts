import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database (an identity provider's client secret) are sealed with AES-256-GCM
 * under a key derived from SECRETS_KEY, so a copy of the database alone does not give them away.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url); the version leaves room for a key rotation.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** Used only by the embedded demo database when SECRETS_KEY is unset (server.ts); never with PostgreSQL. */
export const DEMO_SECRETS_KEY = 'ona-embedded-demo-secrets-key-not-for-production-use';
export const SECRETS_KEY_MIN_LENGTH = 32;

export function createSecretBox(secretsKey: string): SecretBox {
  const key = createHash('sha256').update(`ona-secret-box:${secretsKey}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
