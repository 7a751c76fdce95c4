import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets.ts';

describe('redactSecrets', () => {
  it('blanks the token of a reset link and keeps the rest of the link and text', () => {
    const text = 'Reset: https://app.example.com/auth/confirm-reset-password.html?uid=7&token=Zx9_-abc.DEF&next=%2F\nThanks';
    expect(redactSecrets(text)).toBe('Reset: https://app.example.com/auth/confirm-reset-password.html?uid=7&token=redacted&next=%2F\nThanks');
  });

  it('blanks tokens at the start of a query, in HTML attributes with &amp;, and every one of several', () => {
    const html = '<a href="https://x.test/take-survey/3.html?token=aaa&amp;code=ABC">a</a> <a href="https://x.test/r?uid=1&amp;token=bbb">b</a>';
    expect(redactSecrets(html)).toBe('<a href="https://x.test/take-survey/3.html?token=redacted&amp;code=ABC">a</a> <a href="https://x.test/r?uid=1&amp;token=redacted">b</a>');
  });

  it('leaves a text without secrets as it is', () => {
    expect(redactSecrets('Your report is ready: https://app.example.com/engagements/3/')).toBe('Your report is ready: https://app.example.com/engagements/3/');
  });
});
