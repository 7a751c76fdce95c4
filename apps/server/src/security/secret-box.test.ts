import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SECRETS_KEY, secretsKeyOf } from '../env.ts';
import { openSecret, sealSecret } from './secret-box.ts';

describe('secret box (AES-256-GCM with SECRETS_KEY)', () => {
  it('opens what it sealed, and seals one secret differently each time (a fresh IV)', () => {
    const first = sealSecret('JBSWY3DPEHPK3PXP');
    const second = sealSecret('JBSWY3DPEHPK3PXP');
    expect(first).not.toBe(second);
    expect(first).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(first)).toBe('JBSWY3DPEHPK3PXP');
    expect(openSecret(second)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a sealed secret that was altered, rather than answer a wrong one', () => {
    const [version, iv, tag, ciphertext] = sealSecret('a secret').split('.');
    const flipped = `${ciphertext?.[0] === 'A' ? 'B' : 'A'}${ciphertext?.slice(1)}`;
    expect(() => openSecret([version, iv, tag, flipped].join('.'))).toThrow();
    expect(() => openSecret('not sealed at all')).toThrow('not a sealed secret');
  });

  it('takes SECRETS_KEY, the development default only outside production, and nothing in production without it', () => {
    expect(secretsKeyOf({ SECRETS_KEY: 'k'.repeat(32), NODE_ENV: 'production' })).toBe('k'.repeat(32));
    expect(secretsKeyOf({ SECRETS_KEY: undefined, NODE_ENV: 'development' })).toBe(DEVELOPMENT_SECRETS_KEY);
    expect(() => secretsKeyOf({ SECRETS_KEY: undefined, NODE_ENV: 'production' })).toThrow('SECRETS_KEY is required in production');
  });
});
