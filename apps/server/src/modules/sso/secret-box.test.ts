import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

describe('the secret box that seals client secrets', () => {
  const box = createSecretBox('a-secrets-key-of-at-least-32-characters!');

  it('opens what it sealed, and seals the same secret differently each time', () => {
    const first = box.seal('client-secret-value');
    const second = box.seal('client-secret-value');
    expect(first).not.toBe(second);
    expect(first).not.toContain('client-secret-value');
    expect(box.open(first)).toBe('client-secret-value');
    expect(box.open(second)).toBe('client-secret-value');
  });

  it('refuses a secret sealed under another key or changed after sealing', () => {
    const sealed = box.seal('client-secret-value');
    expect(() => createSecretBox('another-secrets-key-of-32-characters-too').open(sealed)).toThrow();
    const [version, iv, tag, ciphertext] = sealed.split('.');
    const flipped = `${ciphertext?.[0] === 'A' ? 'B' : 'A'}${ciphertext?.slice(1) ?? ''}`;
    expect(() => box.open([version, iv, tag, flipped].join('.'))).toThrow();
  });
});
