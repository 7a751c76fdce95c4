import { ZDetailResponse } from '@ona/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiDownload, apiRequest, apiSend, configureApiClient, filenameFromDisposition } from './api-client.ts';

describe('filenameFromDisposition', () => {
  it('reads a quoted filename', () => {
    expect(filenameFromDisposition('attachment; filename="retention.xlsx"', 'x.xlsx')).toBe('retention.xlsx');
  });

  it('prefers the UTF-8 encoded filename', () => {
    expect(filenameFromDisposition("attachment; filename=\"a.pdf\"; filename*=UTF-8''%C3%A9rt%C3%A9kel%C3%A9s.pdf", 'x.pdf')).toBe(
      'értékelés.pdf',
    );
  });

  it('falls back when the header is missing', () => {
    expect(filenameFromDisposition(null, 'export.xlsx')).toBe('export.xlsx');
  });
});

describe('what a refusal does to the session (DECISIONS.md: 401 signs out, 403 explains)', () => {
  const calls: string[] = [];
  const answer = (status: number) =>
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ detail: 'No', code: status === 401 ? 'not_authenticated' : 'no_access' }), { status }));
  beforeEach(() => {
    calls.length = 0;
    configureApiClient({
      getToken: () => 'token',
      getLocale: () => 'en',
      onUnauthorized: () => void calls.push('unauthorized'),
      onForbidden: (_error, { handledByCaller }) => void calls.push(handledByCaller ? 'forbidden, shown by the caller' : 'forbidden'),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a 401 ends the session', async () => {
    answer(401);
    await expect(apiRequest('/engagements/', ZDetailResponse)).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual(['unauthorized']);
  });

  it('a 403 to a load keeps the session and marks the page as not open to the user', async () => {
    answer(403);
    await expect(apiRequest('/engagements/1/access-rights/', ZDetailResponse)).rejects.toMatchObject({ status: 403 });
    await expect(apiRequest('/engagements/1/key-people-analytics/', ZDetailResponse, { ownForbidden: true })).rejects.toMatchObject({ status: 403 });
    expect(calls).toEqual(['forbidden', 'forbidden, shown by the caller']);
  });

  it('a 403 to an action (a change, an export) is left to the caller', async () => {
    answer(403);
    await expect(apiSend('/engagements/1/run-analysis/')).rejects.toMatchObject({ status: 403 });
    await expect(apiDownload('/engagements/1/leader-reports/export/', 'x.xlsx')).rejects.toMatchObject({ status: 403 });
    expect(calls).toEqual([]);
  });

  it('an anonymous call (a sign-in) touches neither', async () => {
    answer(401);
    await expect(apiRequest('/auth/login/', ZDetailResponse, { method: 'POST', body: {}, anonymous: true })).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual([]);
  });
});
