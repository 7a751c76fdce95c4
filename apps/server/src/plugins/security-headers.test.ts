import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../testing/test-app.ts';
import { securityHeaders } from './security-headers.ts';

const OPTIONS = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], styleSrc: ["'self'", "'unsafe-inline'"], upgradeInsecureRequests: null } } };

/** The headers helmet itself sets on a real Node response with these options. */
async function helmetOnARealResponse(): Promise<IncomingHttpHeaders> {
  const middleware = helmet(OPTIONS);
  const server = createServer((request, response) => middleware(request, response, () => response.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    // forEach, not Object.fromEntries(headers): once lib.dom is in the program (@xmldom/xmldom's
    // types bring it), Headers is not iterable to the type checker.
    const headers: IncomingHttpHeaders = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return headers;
  } finally {
    server.close();
  }
}

describe('security headers worked out once', () => {
  it('are every header helmet sets on a response, with the same values', async () => {
    const real = await helmetOnARealResponse();
    const once = securityHeaders(OPTIONS);
    expect(Object.keys(once).length).toBeGreaterThan(8);
    for (const [name, value] of Object.entries(once)) expect(real[name], name).toBe(value);
    const fromHelmet = Object.keys(real).filter((name) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name));
    expect(fromHelmet.sort()).toEqual(Object.keys(once).sort());
  });

  describe('on the app', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp();
    });
    afterAll(async () => ctx.close());

    it('go out on API answers, with the client’s Content-Security-Policy', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health/' });
      expect(response.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
      expect(response.headers['content-security-policy']).toContain("connect-src 'self' ws: wss:");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    });
  });
});
