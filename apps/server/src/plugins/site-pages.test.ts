import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { showContactErrors, siteAnswer } from './site-pages.ts';
import { IMMUTABLE_ASSET, REVALIDATE } from './web-client.ts';

const FILES = new Set(['index.html', '404.html', 'en/index.html', 'en/404.html', 'de/404.html', 'blog/index.html', 'blog/first.html', 'contact.html', 'contact-sent.html', 'en/contact.html', 'en/contact-sent.html', 'privacy/index.html', 'privacy/202411.html']);
const answer = (path: string, query = '') => siteAnswer(path, new URLSearchParams(query), FILES, '/site/');

describe('what the server answers for a site path', () => {
  it('sends the prerendered page, the index page of a folder, and the folder form of a folder named without its slash', () => {
    expect(answer('')).toEqual({ kind: 'file', file: 'index.html' });
    expect(answer('blog/first.html')).toEqual({ kind: 'file', file: 'blog/first.html' });
    expect(answer('en/')).toEqual({ kind: 'file', file: 'en/index.html' });
    expect(answer('blog')).toEqual({ kind: 'redirect', location: '/site/blog/' });
  });

  it('answers an unknown post or notice version with the 404 page of the address’s language', () => {
    expect(answer('blog/no-such-post.html')).toEqual({ kind: 'not-found', file: '404.html' });
    expect(answer('en/privacy/209901.html')).toEqual({ kind: 'not-found', file: 'en/404.html' });
    expect(answer('de/privacy/209901.html')).toEqual({ kind: 'not-found', file: 'de/404.html' });
    expect(answer('../../etc/passwd')).toEqual({ kind: 'not-found', file: '404.html' });
    expect(answer('%E0%A4%A')).toEqual({ kind: 'not-found', file: '404.html' });
  });

  it('leads the sign-in and the survey code entry into the app and the instant surveys', () => {
    expect(answer('sign-in.html')).toEqual({ kind: 'app', routeSet: 'app', path: 'auth/login.html' });
    expect(answer('join-survey.html')).toEqual({ kind: 'app', routeSet: 'instant-survey', path: 'login.html' });
  });

  it('shows the thank-you or the errors of a contact form sent without JavaScript', () => {
    expect(answer('en/contact.html', 'sent=1')).toEqual({ kind: 'file', file: 'en/contact-sent.html' });
    expect(answer('contact.html', 'errors=email:invalid_email,consent:required')).toEqual({ kind: 'contact-errors', file: 'contact.html', errors: { email: 'invalid_email', consent: 'required' } });
    expect(answer('contact.html', 'errors=nonsense')).toEqual({ kind: 'file', file: 'contact.html' });
  });

  it('reveals exactly the messages of the fields in error and marks those fields invalid', () => {
    const page = '<div data-problem="summary" hidden="">Fix</div><input data-field="email"/><p data-problem="email:required" hidden="">R</p><p data-problem="email:invalid_email" hidden="">E</p><input data-field="name"/>';
    expect(showContactErrors(page, { email: 'invalid_email' })).toBe('<div data-problem="summary">Fix</div><input data-field="email" aria-invalid="true"/><p data-problem="email:required" hidden="">R</p><p data-problem="email:invalid_email">E</p><input data-field="name"/>');
  });
});

/**
 * The real site, built by its own build (apps/site) into a temporary folder and served by the
 * real application, read over HTTP as a crawler without JavaScript would.
 */
describe('the site over HTTP, without JavaScript', () => {
  let siteDir: string;
  let app: App;
  let close: () => Promise<void>;

  beforeAll(async () => {
    siteDir = mkdtempSync(join(tmpdir(), 'ona-site-'));
    // From apps/site, whose tsconfig tells tsx how to compile the templates' JSX.
    const build = spawnSync('npx', ['tsx', 'src/build-site.ts'], { cwd: resolve(import.meta.dirname, '../../../site'), env: { ...process.env, SITE_OUT_DIR: siteDir, SITE_URL: 'https://www.ona.example/' }, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`the site build failed:\n${build.stderr}`);
    const db = await createTestDatabase();
    app = await buildApp({ db, settings: { SMTP_URL: undefined, MAIL_FROM: 'ONA test <test@ona.example>', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined }, webDistDir: '/nonexistent', siteDistDir: siteDir, pollJobs: false });
    await app.ready();
    close = async () => {
      await app.close();
      await db.close();
    };
  }, 300_000);
  afterAll(async () => {
    await close?.();
    rmSync(siteDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const titleOf = (html: string) => /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '';
  const sitemapPaths = () => [...readFileSync(join(siteDir, 'sitemap.xml'), 'utf8').matchAll(/<loc>https:\/\/www\.ona\.example\/([^<]*)<\/loc>/g)].map((match) => match[1]!);

  it('answers every page of the sitemap under /site/ on a local host with complete HTML: its title and its content', async () => {
    const paths = sitemapPaths();
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      const res = await get(`/site/${path}`);
      expect([path, res.statusCode, res.headers['content-type']]).toEqual([path, 200, 'text/html; charset=utf-8']);
      expect(titleOf(res.body), path).toMatch(/ONA/);
      expect(res.body, path).toMatch(/<main id="main" tabindex="-1">[\s\S]*<h1[^>]*>[^<]{3,}/);
      expect(res.body, path).not.toContain('id="root"');
    }
  });

  it('shows the pitch, the customers and the notices in both languages', async () => {
    const hu = (await get('/site/index.html')).body;
    expect(titleOf(hu)).toBe('ONA – szervezeti hálózatelemzés az elköteleződésért és a megtartásért');
    expect(hu).toContain('Értse meg a szervezete mögötti hálózatot');
    expect(hu).toContain('alt="Kékhegy Logistics"');
    const en = (await get('/site/en/index.html')).body;
    expect(en).toContain('Understand the network behind your organisation');
    expect(en).toContain('Retention analytics');
    expect((await get('/site/en/privacy/202411.html')).body).toContain('Nemzeti Adatvédelmi és Információszabadság Hatóság');
    expect((await get('/site/de/privacy/index.html')).body).toContain('<h1>Datenschutzhinweise</h1>');
  });

  it('serves the site at the root of a public host, and the same pages there', async () => {
    const home = await get('/', { host: 'www.ona.example' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Értse meg a szervezete mögötti hálózatot');
    expect((await get('/en/contact.html', { host: 'ona.example' })).body).toContain('name="consent"');
    expect((await get('/site/index.html', { host: 'www.ona.example' })).statusCode).toBe(404);
  });

  it('answers an unknown blog post and an unknown notice version with a real 404 page', async () => {
    const post = await get('/site/blog/no-such-post.html');
    expect(post.statusCode).toBe(404);
    expect(post.body).toContain('Az oldal nem található');
    // Sent at any depth, its links and stylesheet start from the site's base of the host.
    expect(post.body).toMatch(/<link rel="stylesheet" href="\/site\/assets\/site\.[0-9a-f]+\.css"\/>/);
    expect(post.body).toContain('<a href="/site/index.html">');
    expect((await get('/deep/er/nowhere.html', { host: 'ona.example' })).body).toContain('<a href="/index.html">');
    const version = await get('/site/en/privacy/209901.html');
    expect(version.statusCode).toBe(404);
    expect(version.body).toContain('Page not found');
    expect((await get('/nowhere.html', { host: 'www.ona.example' })).statusCode).toBe(404);
  });

  it('sends the precompressed twin with the cache headers of the client: pages revalidated, hashed assets kept a year', async () => {
    const page = await get('/site/en/index.html', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe(REVALIDATE);
    expect(brotliDecompressSync(page.rawPayload).toString('utf8')).toContain('<html lang="en">');
    const stylesheet = /<link rel="stylesheet" href="\.\.\/(assets\/site\.[0-9a-f]+\.css)"/.exec(brotliDecompressSync(page.rawPayload).toString('utf8'))?.[1];
    const css = await get(`/site/${stylesheet}`, { 'accept-encoding': 'br' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['cache-control']).toBe(IMMUTABLE_ASSET);
  });

  it('leads "Sign in" to the app’s login: on the same host locally, on the app. host from the public site', async () => {
    expect((await get('/site/sign-in.html')).headers.location).toBe('/auth/login.html');
    expect((await get('/sign-in.html', { host: 'www.ona.example' })).headers.location).toBe('http://app.ona.example/auth/login.html');
    expect((await get('/join-survey.html', { host: 'ona.example:8443' })).headers.location).toBe('http://instant-survey.ona.example:8443/login.html');
  });

  it('shows the thank-you and the spec’s messages to a form sent without JavaScript', async () => {
    expect((await get('/site/en/contact.html?sent=1')).body).toContain('Thank you for your message!');
    const errors = (await get('/site/en/contact.html?errors=email:invalid_email,consent:required')).body;
    expect(errors).toContain('data-problem="email:invalid_email">Invalid email format.</p>');
    expect(errors).toContain('data-problem="consent:required">This field is required.</p>');
    expect(errors).toContain('data-problem="name:required" hidden="">');
    expect(/<input[^>]*name="email"[^>]*>/.exec(errors)?.[0]).toContain('aria-invalid="true"');
    expect(/<input[^>]*name="name"[^>]*>/.exec(errors)?.[0]).not.toContain('aria-invalid');
  });
});
