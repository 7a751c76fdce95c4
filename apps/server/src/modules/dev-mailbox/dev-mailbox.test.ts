import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '@ona/db';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
const SUBJECTS = Array.from({ length: 40 }, (_, i) => `Invitation number ${i + 1}`);

beforeAll(async () => {
  ctx = await createTestApp({ demoMode: true });
  // About 25 KB of page: well above the compressor's synchronous limit (issue 35, point 1).
  await ctx.db.db.insert(tables.emailOutbox).values(
    SUBJECTS.map((subject, i) => ({ toAddress: `person${i}@example.com`, subject, textBody: `Dear colleague,\n\n${'Please answer the survey. '.repeat(20)}\nhttp://app.test/survey/${i}` })),
  );
});
afterAll(() => ctx.close());

describe('the dev mailbox', () => {
  it('shows every e-mail to a browser that accepts brotli, however large the page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const page = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(page.length).toBeGreaterThan(16_384);
    for (const subject of SUBJECTS) expect(page).toContain(`<h2>${subject}</h2>`);
    expect(page).toContain('</html>');
  });

  it('answers the same page gzip-compressed and plain', async () => {
    const gzip = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox', headers: { 'accept-encoding': 'gzip' } });
    const plain = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox', headers: { 'accept-encoding': 'identity' } });
    expect(plain.body).toContain('Mailbox (40)');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });
});
