import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../apps/site/src/locales/en.json' with { type: 'json' };
import hu from '../apps/site/src/locales/hu.json' with { type: 'json' };
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { expectPath } from './support/session.ts';
import { caughtMails } from './support/survey-admin-api.ts';
import { e2eServer } from './support/e2e-workers.ts';

/**
 * The public site in Chromium, as a visitor goes through it: every page in Hungarian (at /site/)
 * and English (/site/en/), the links between them, a post opened from the blog, the versioned
 * privacy notice, and the contact form with its messages, whose request reaches the inbox over
 * SMTP — with the page's script and without it.
 */
const { baseUrl, smtpApiUrl } = e2eServer();
const contactInbox = inject('contactInbox');
const LANGUAGES = [
  { language: 'hu', texts: hu, base: '/site/' },
  { language: 'en', texts: en, base: '/site/en/' },
] as const;

let chromium: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  chromium = await launchBrowser();
});
afterAll(async () => chromium?.close());

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** The messages on screen (every message is in the page, hidden until it applies). */
const shown = (page: Page, text: string) => page.getByText(text).filter({ visible: true });
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** A full-page picture of the page at the desktop width and at a phone's, for a person to look at. */
async function pictures(page: Page, name: string): Promise<void> {
  await screenshot(page, `site-${name}-1280`);
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, `site-${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('the public site, page by page, in Hungarian and English', () => {
  for (const { language, texts, base } of LANGUAGES) {
    it(`${language}: home, blog and a post, contact, privacy notices and their versions, the previous home page and the 404 page, linked to each other`, { timeout: 180_000 }, async () => {
      const page = await newPage(chromium.browser);
      await page.goto(`${baseUrl}${base}index.html`);
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      expect(await page.title()).toBe(texts.home.title);
      await heading(page).filter({ hasText: texts.home.hero.title }).waitFor();
      await page.getByRole('img', { name: 'Kékhegy Logistics' }).waitFor();
      for (const feature of ['engagement', 'retention', 'leader', 'instant'] as const) await page.getByRole('heading', { name: texts.home.features[feature].heading }).waitFor();
      await pictures(page, `${language}-home`);

      // The blog, and a post opened from it (with its translation one click away).
      await page.getByRole('navigation', { name: texts.a11y.mainNav }).getByRole('link', { name: texts.nav.blog }).click();
      await expectPath(page, `${base}blog/index.html`);
      await heading(page).filter({ hasText: texts.blog.heading }).waitFor();
      const postLinks = page.locator('.post-card-title a');
      expect(await postLinks.count()).toBeGreaterThanOrEqual(3);
      await pictures(page, `${language}-blog`);
      const postTitle = (await postLinks.first().textContent()) ?? '';
      await postLinks.first().click();
      await heading(page).filter({ hasText: postTitle }).waitFor();
      expect(pathOf(page)).toMatch(new RegExp(`^${base}blog/[a-z0-9-]+\\.html$`));
      expect(await page.locator('.prose p').count()).toBeGreaterThan(2);
      await pictures(page, `${language}-post`);
      await page.getByRole('link', { name: texts.blog.translation }).click();
      const other = language === 'hu' ? en : hu;
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language === 'hu' ? 'en' : 'hu');
      await page.getByRole('link', { name: other.blog.translation }).click();
      await heading(page).filter({ hasText: postTitle }).waitFor();
      await page.getByRole('link', { name: texts.blog.back }).click();
      await expectPath(page, `${base}blog/index.html`);

      // Contact, from the navigation.
      await page.getByRole('navigation', { name: texts.a11y.mainNav }).getByRole('link', { name: texts.nav.contact }).click();
      await expectPath(page, `${base}contact.html`);
      await heading(page).filter({ hasText: texts.contact.heading }).waitFor();
      await pictures(page, `${language}-contact`);

      // The privacy notices: the index, the current version, an earlier one that leads back.
      await page.getByRole('navigation', { name: texts.a11y.footerNav }).getByRole('link', { name: texts.privacy.heading }).click();
      await expectPath(page, `${base}privacy/index.html`);
      await heading(page).filter({ hasText: texts.privacy.heading }).waitFor();
      await pictures(page, `${language}-privacy`);
      await page.getByRole('link', { name: texts.privacy.general, exact: true }).click();
      await expectPath(page, `${base}privacy/202411.html`);
      await page.getByText(texts.privacy.currentBadge).first().waitFor();
      await pictures(page, `${language}-privacy-202411`);
      await page.getByRole('link', { name: texts.privacy.versionLabel.replace('{{version}}', '202303') }).click();
      await expectPath(page, `${base}privacy/202303.html`);
      await page.getByRole('note').waitFor();
      await page.getByRole('link', { name: texts.privacy.readCurrent.replace('{{version}}', '202411') }).click();
      await expectPath(page, `${base}privacy/202411.html`);
      await page.getByRole('link', { name: 'Deutsch' }).first().click();
      await expectPath(page, '/site/de/privacy/202411.html');
      await heading(page).filter({ hasText: 'Datenschutzhinweise' }).waitFor();
      await page.goBack();
      await page.getByRole('navigation', { name: texts.a11y.footerNav }).getByRole('link', { name: texts.privacy.maps }).click();
      await expectPath(page, `${base}privacy/maps.html`);
      await page.getByRole('navigation', { name: texts.a11y.footerNav }).getByRole('link', { name: texts.privacy.partners }).click();
      await expectPath(page, `${base}privacy/partners.html`);

      // The previous home page, kept for old links, leads to the current one.
      await page.getByRole('navigation', { name: texts.a11y.footerNav }).getByRole('link', { name: texts.footer.oldHome }).click();
      await expectPath(page, `${base}old-index.html`);
      await heading(page).filter({ hasText: texts.oldHome.heading }).waitFor();
      await page.getByRole('link', { name: texts.oldHome.noticeLink }).click();
      await expectPath(page, `${base}index.html`);

      // The other language, from the language switch.
      await page.getByRole('navigation', { name: texts.a11y.languageNav }).getByRole('link').click();
      await heading(page).filter({ hasText: other.home.hero.title }).waitFor();

      // An unknown post is a real 404 page in the address's language.
      const missing = await page.goto(`${baseUrl}${base}blog/no-such-post.html`);
      expect(missing?.status()).toBe(404);
      await heading(page).filter({ hasText: texts.notFound.heading }).waitFor();
      await pictures(page, `${language}-404`);
      await page.close();
    });
  }
});

/** The contact requests the inbox has received, with `marker` in their text. */
async function requestsWith(marker: string): Promise<string[]> {
  return (await caughtMails(smtpApiUrl, contactInbox)).filter((mail) => mail.includes(marker));
}

describe('the contact form', () => {
  it('shows the spec’s messages, then the thank-you, and the request reaches the inbox', { timeout: 120_000 }, async () => {
    const page = await newPage(chromium.browser);
    // The server drops a form sent within seconds of its display as a bot's; the page's clock
    // starts a minute back instead of the test waiting.
    await page.clock.install({ time: Date.now() - 60_000 });
    await page.goto(`${baseUrl}/site/en/contact.html`);
    await page.getByRole('button', { name: en.contact.form.submit }).click();
    await expect.poll(() => shown(page, en.contact.errors.required).count()).toBe(4);
    await shown(page, en.contact.form.errorSummary).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    expect(await page.getByLabel(en.contact.form.name).getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'site-contact-errors');

    const marker = `Browser test ${Date.now()}`;
    await page.getByLabel(en.contact.form.name).fill('Anna Kiss');
    await page.getByLabel(en.contact.form.email).fill('anna@');
    await page.getByLabel(en.contact.form.message).fill(`${marker}: we would like a demo for 400 people.`);
    await page.getByRole('button', { name: en.contact.form.submit }).click();
    await shown(page, en.contact.errors.invalid_email).waitFor();
    expect(await shown(page, en.contact.errors.required).count()).toBe(1);
    await page.getByLabel(en.contact.form.email).fill('anna.kiss@example.hu');
    await page.getByLabel(en.contact.form.company, { exact: false }).fill('Kékhegy Logistics');
    await page.getByRole('checkbox').check();
    expect(await shown(page, en.contact.errors.required).count()).toBe(0);
    await page.getByRole('button', { name: en.contact.form.submit }).click();
    await page.getByRole('heading', { name: en.contact.thanks.heading }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-contact-thanks'))).toBe(true);
    await screenshot(page, 'site-contact-thanks');

    await expect.poll(async () => (await requestsWith(marker)).length, { timeout: 20_000 }).toBe(1);
    const [mail] = await requestsWith(marker);
    expect(mail).toContain('anna.kiss@example.hu');
    expect(mail).toContain('Kékhegy Logistics');
    await page.close();
  });

  it('works without JavaScript: the form posts, the thank-you page follows, the request arrives; errors come back on the page', { timeout: 120_000 }, async () => {
    const page = await newPage(chromium.browser);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    // From the English page: it comes back to the English thank-you (the page lets its address through as the Referer).
    await page.goto(`${baseUrl}/site/en/contact.html`);
    const marker = `Form without a script ${Date.now()}`;
    await page.getByLabel(en.contact.form.name).fill('Péter Kovács');
    await page.getByLabel(en.contact.form.email).fill('peter.kovacs@example.hu');
    await page.getByLabel(en.contact.form.message).fill(marker);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: en.contact.form.submit }).click();
    await expectPath(page, '/site/en/contact.html');
    expect(new URL(page.url()).searchParams.get('sent')).toBe('1');
    await page.getByRole('heading', { level: 1, name: en.contact.thanks.heading }).waitFor();
    await expect.poll(async () => (await requestsWith(marker)).length, { timeout: 20_000 }).toBe(1);

    // What the server answers a form with bad input: the page, with the spec's messages at the fields.
    await page.goto(`${baseUrl}/site/en/contact.html?errors=email:invalid_email,consent:required`);
    await shown(page, en.contact.errors.invalid_email).waitFor();
    expect(await shown(page, en.contact.errors.required).count()).toBe(1);
    expect(await page.getByLabel(en.contact.form.email).getAttribute('aria-invalid')).toBe('true');
    await page.close();
  });
});
