import { describe, expect, it } from 'vitest';
import { intendedTarget, loginAfterPasswordReset, safeReturnTarget, withReturnTarget } from './return-target.ts';

describe('safeReturnTarget', () => {
  const fallback = '/engagements/list.html';

  it('keeps a same-origin path with its query', () => {
    expect(safeReturnTarget('/engagements/3.html?tab=2', fallback)).toBe('/engagements/3.html?tab=2');
  });

  it.each([null, '', 'engagements/3.html', '//evil.example/x', 'https://evil.example', '/\\evil.example', '/a\nb'])(
    'falls back for %j',
    (value) => {
      expect(safeReturnTarget(value, fallback)).toBe(fallback);
    },
  );

  it('never returns to a login or loading page', () => {
    expect(safeReturnTarget('/auth/login.html?next=/x', fallback)).toBe(fallback);
    expect(safeReturnTarget('/instant-surveys/login.html', fallback)).toBe(fallback);
    expect(safeReturnTarget('/loading.html?redirect=/x', fallback)).toBe(fallback);
  });
});

describe('withReturnTarget', () => {
  it('encodes the target as one query parameter', () => {
    expect(withReturnTarget('/auth/login.html', 'next', '/engagements/3.html?a=1&b=2')).toBe(
      '/auth/login.html?next=/engagements/3.html%3Fa%3D1%26b%3D2',
    );
  });
});

describe('withReturnTarget round trip', () => {
  it('reads back the exact target through URLSearchParams', () => {
    const url = new URL(withReturnTarget('/auth/login.html', 'next', '/a.html?x=1&y=%'), 'http://localhost');
    expect(url.searchParams.get('next')).toBe('/a.html?x=1&y=%');
  });
});

describe('intendedTarget', () => {
  it('keeps path, query and hash', () => {
    expect(intendedTarget('/engagements/3.html', '?a=1', '#x')).toBe('/engagements/3.html?a=1#x');
  });

  it('unwraps the redirect target of the loading page', () => {
    expect(intendedTarget('/loading.html', '?redirect=%2Fengagements%2F3.html', '')).toBe('/engagements/3.html');
  });
});

describe('loginAfterPasswordReset', () => {
  it('carries the survey intro of an invitation link on to the login page', () => {
    expect(loginAfterPasswordReset('/auth/login.html', '/engagements/7/survey/intro.html')).toBe('/auth/login.html?next=/engagements/7/survey/intro.html');
  });

  it.each([null, '', 'https://evil.example/x', '//evil.example', '/auth/login.html'])('goes to the plain login page for %j', (next) => {
    expect(loginAfterPasswordReset('/auth/login.html', next)).toBe('/auth/login.html');
  });
});
