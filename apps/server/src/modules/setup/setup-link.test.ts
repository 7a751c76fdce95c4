import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@ona/db';
import { createOrganization, createUser } from '../../testing/fixtures.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { setupLinkBase, setupLinkLine } from './setup-link.ts';
import { issueSetupToken } from './setup-tokens.ts';

describe('the set-up link line', () => {
  it('points at PUBLIC_URL when it is set, without a doubled slash', () => {
    expect(setupLinkBase({ PUBLIC_URL: 'https://ona.acme.example/', HOST: '0.0.0.0', PORT: 8080 })).toBe('https://ona.acme.example');
  });

  it('points at the listening address otherwise, localhost for an any-address bind', () => {
    expect(setupLinkBase({ HOST: '127.0.0.1', PORT: 8101 })).toBe('http://127.0.0.1:8101');
    expect(setupLinkBase({ HOST: '0.0.0.0', PORT: 80 })).toBe('http://localhost:80');
    expect(setupLinkBase({ HOST: '::1', PORT: 8101 })).toBe('http://[::1]:8101');
  });

  it('is one line whose last word is the link, or nothing without a token', () => {
    const line = setupLinkLine('http://127.0.0.1:8101', 'abc_DEF-123');
    expect(line).not.toContain('\n');
    expect(line?.split(' ').at(-1)).toBe('http://127.0.0.1:8101/setup.html?token=abc_DEF-123');
    expect(setupLinkLine('http://127.0.0.1:8101', null)).toBeNull();
  });
});

describe('whether a start prints a set-up link', () => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db.close());

  it('issues a token on a database without users, and none once a user exists', async () => {
    expect(await issueSetupToken(db)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const org = await createOrganization(db.db, 'Demo-like');
    await createUser(db.db, { email: 'someone@demo.test', organizationIds: [org.id] });
    expect(await issueSetupToken(db)).toBeNull();
  });
});
