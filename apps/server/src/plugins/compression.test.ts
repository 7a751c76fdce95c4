import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZEmployeeSurvey } from '@ona/contracts';
import { authHeader, createTestApp, type TestContext } from '../testing/test-app.ts';
import { createSurveyOrganisation, openSurveyForTakers, type SurveyOrganisation } from '../modules/survey/survey-test-setup.ts';
import { IMMUTABLE_ASSET, REVALIDATE } from './web-client.ts';

// A built client in miniature: index.html and a hashed script, each with the .br/.gz twins the
// Vite build writes, plus a stylesheet without twins (compressed per request instead).
const INDEX = `<!doctype html><html><head><title>ONA</title></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`;
const PARTICIPANT = `<!doctype html><html><head><title>ONA</title></head><body>${'<p>participant</p>'.repeat(200)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const STYLE = `body{color:#222}${'.a{margin:0}'.repeat(300)}`;
let dist: string;
let ctx: TestContext;
let org: SurveyOrganisation;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'ona-dist-'));
  mkdirSync(join(dist, 'assets'));
  const files: Record<string, string> = { 'index.html': INDEX, 'participant.html': PARTICIPANT, 'assets/entry-AbC123.js': SCRIPT };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dist, name), text);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(join(dist, 'assets/entry-AbC123.css'), STYLE);
  ctx = await createTestApp({ webDistDir: dist });
  org = await createSurveyOrganisation(ctx);
  await openSurveyForTakers(ctx, org);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('compressed answers', () => {
  it('sends a JSON answer of the zod serializer brotli-compressed when the caller accepts br, and it still parses', async () => {
    const res = await get(`/api/engagements/${org.engagementId}/survey/`, { ...authHeader(org.tokens.member), 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(ZEmployeeSurvey.parse(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')))).toBeTruthy();
  });

  it('sends the same JSON gzip-compressed to a caller that accepts only gzip, and plain to one that accepts nothing', async () => {
    const gzip = await get(`/api/engagements/${org.engagementId}/survey/`, { ...authHeader(org.tokens.member), 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get(`/api/engagements/${org.engagementId}/survey/`, { ...authHeader(org.tokens.member), 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves a small answer (under 1 KB) uncompressed', async () => {
    const res = await get('/api/health/', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('sends an .xlsx download as it is, never compressed a second time', async () => {
    const res = await get(`/api/engagements/${org.engagementId}/employees/template/`, { ...authHeader(org.tokens.admin), 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});

describe('the built client', () => {
  it('serves an SPA page as the precompressed index.html with no-cache', async () => {
    const res = await get('/app/engagements/list.html', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(INDEX);
  });

  it('serves the participant pages of the instant surveys as the small participant.html, the host pages as index.html', async () => {
    for (const url of ['/instant-surveys/take-survey/0b5e6c2e-1111-4f7a-9c1d-2b3c4d5e6f70.html?code=ABC', '/instant-surveys/take-survey/0b5e6c2e-1111-4f7a-9c1d-2b3c4d5e6f70/thankyou.html']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(REVALIDATE);
      expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(PARTICIPANT);
    }
    const host = await get('/instant-surveys/surveys/list.html', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(host.rawPayload).toString('utf8')).toBe(INDEX);
  });

  it('serves /index.html itself with no-cache, gzip-compressed for a gzip-only caller', async () => {
    const res = await get('/index.html', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(INDEX);
  });

  it('serves a hashed asset precompressed with the immutable year-long cache header', async () => {
    const res = await get('/assets/entry-AbC123.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE_ASSET);
    expect(IMMUTABLE_ASSET).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(SCRIPT);
  });

  it('compresses a hashed asset without a twin on the fly and keeps its immutable header', async () => {
    const res = await get('/assets/entry-AbC123.css', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE_ASSET);
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(STYLE);
  });

  it('sends the plain file to a caller that accepts no compression', async () => {
    const res = await get('/assets/entry-AbC123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });
});
