import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, tables } from '@ona/db';
import { CURRENT_PRIVACY_NOTICE_VERSION } from '@ona/contracts';
import { decodeQuotedPrintable, startSmtpCatcher } from '../../testing/smtp-catcher.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';
import { CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR, CONTACT_REQUEST_RETENTION_DAYS } from './service.ts';

const INBOX = 'sales@ona.test';
const URL = '/api/send-contact-email/';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
/** Each test writes from its own address, so that no test spends another's per-address allowance. */
let addressCounter = 0;
let address: string;

const valid = () => ({
  name: 'Kiss Anna',
  email: 'anna@example.hu',
  company: 'Példa Kft.',
  phone: '+36 1 234 5678',
  message: 'We would like a demo of the leader report for 300 people. Köszönöm!',
  consent: true,
  website: '',
  form_started_at: Date.now() - 20_000,
});

const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = address) =>
  ctx.app.inject({ method: 'POST', url: URL, payload: payload as object, headers, remoteAddress });
const postForm = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: URL, payload: new URLSearchParams(fields).toString(), headers: { ...FORM, ...headers }, remoteAddress: address });

const formOf = (payload: ReturnType<typeof valid>): Record<string, string> => ({
  ...Object.fromEntries(Object.entries(payload).filter(([key]) => key !== 'consent' && key !== 'form_started_at').map(([key, value]) => [key, String(value)])),
  consent: 'on',
  form_started_at: String(payload.form_started_at),
});

/** What is stored and delivered, once every e-mail recorded so far has arrived (they go out in the background). */
async function stored() {
  const [requests] = await ctx.db.db.select({ n: count() }).from(tables.contactRequests);
  const [emails] = await ctx.db.db.select({ n: count() }).from(tables.emailOutbox);
  await smtp.waitForCount(emails?.n ?? 0);
  return { requests: requests?.n ?? 0, emails: emails?.n ?? 0, delivered: smtp.received.length };
}

/** The e-mail's text as a reader sees it (quoted-printable UTF-8 decoded). */
const readable = (raw: string) => Buffer.from(decodeQuotedPrintable(raw), 'latin1').toString('utf8');

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({ smtpUrl: smtp.url, contactEmail: INBOX });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(() => {
  addressCounter += 1;
  address = `203.0.113.${addressCounter}`;
});

describe('POST /api/send-contact-email/ with a good request', () => {
  it('stores it with the notice version consented to and mails it to CONTACT_EMAIL, replies going to the visitor', async () => {
    const res = await post({ ...valid(), language: 'hu' }, { 'accept-language': 'hu-HU' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Köszönjük üzenetét, hamarosan felvesszük Önnel a kapcsolatot.' });

    const [row] = await ctx.db.db.select().from(tables.contactRequests);
    expect(row).toMatchObject({ name: 'Kiss Anna', email: 'anna@example.hu', company: 'Példa Kft.', phone: '+36 1 234 5678', language: 'hu', privacyNoticeVersion: CURRENT_PRIVACY_NOTICE_VERSION });
    expect(row?.message).toBe(valid().message);
    // A keyed hash, never the address itself.
    expect(row?.clientAddressHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(address);

    const mail = await smtp.waitFor(INBOX);
    expect(mail.raw).toMatch(/^Reply-To: anna@example\.hu\r?$/m);
    const text = readable(mail.raw);
    // In the inbox's language (CONTACT_EMAIL_LANGUAGE, Hungarian by default).
    expect(text).toContain('Egy látogató a weboldal kapcsolatfelvételi űrlapján írt nekünk.');
    expect(text).toContain('Név: Kiss Anna');
    expect(text).toContain('Cég: Példa Kft.');
    expect(text).toContain(`Elfogadott adatkezelési tájékoztató: ${CURRENT_PRIVACY_NOTICE_VERSION}`);
    expect(text).toContain('We would like a demo of the leader report for 300 people. Köszönöm!');
    const [outbox] = await ctx.db.db.select().from(tables.emailOutbox);
    expect(outbox?.id).toBe(row?.emailOutboxId);
  });

  it('thanks the caller in their language and stores the page language from Accept-Language when the payload has none', async () => {
    const { company: _company, phone: _phone, ...withoutOptional } = valid();
    const res = await post({ ...withoutOptional, email: 'ivan@example.ru' }, { 'accept-language': 'ru-RU,ru;q=0.9' });
    expect(res.json()).toEqual({ detail: 'Спасибо за ваше сообщение. Мы скоро с вами свяжемся.' });
    const rows = await ctx.db.db.select().from(tables.contactRequests);
    expect(rows.find((r) => r.email === 'ivan@example.ru')).toMatchObject({ language: 'ru', company: null, phone: null });
  });
});

describe('POST /api/send-contact-email/ with bad input: 400 with the spec messages, nothing stored', () => {
  it.each([
    ['no consent', { consent: undefined }, 'en-US', { consent: ['This field is required.'] }],
    ['consent false', { consent: false }, 'hu-HU', { consent: ['Ez a mező kötelező.'] }],
    ['a bad e-mail', { email: 'anna@example' }, 'en-US', { email: ['Invalid email format.'] }],
    ['a bad e-mail, in German', { email: 'anna' }, 'de-DE', { email: ['Ungültiges E-Mail-Format.'] }],
    ['an empty name and message', { name: '  ', message: '' }, 'en-US', { name: ['This field is required.'], message: ['This field is required.'] }],
    ['a message over 5,000 characters', { message: 'x'.repeat(5001) }, 'ru-RU', { message: ['Слишком длинное значение.'] }],
  ])('refuses %s', async (_case, change, language, errors) => {
    const before = await stored();
    const res = await post({ ...valid(), ...change }, { 'accept-language': language });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', errors });
    expect(await stored()).toEqual(before);
  });
});

describe('POST /api/send-contact-email/ from bots: answered like a stored request, nothing stored', () => {
  const thanks = { detail: 'Thank you for your message. We will get back to you soon.' };

  it('drops a request whose honeypot field is filled in, even with otherwise bad input', async () => {
    const before = await stored();
    for (const payload of [{ ...valid(), website: 'https://spam.example' }, { website: 'x', email: 'not-an-address' }]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(thanks);
    }
    expect(await stored()).toEqual(before);
  });

  it('drops a request sent less than 3 seconds after the form was shown', async () => {
    const before = await stored();
    const res = await post({ ...valid(), form_started_at: Date.now() - 500 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(thanks);
    expect(await stored()).toEqual(before);
  });

  it(`stores ${CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR} requests an hour from one address and drops the rest, also when sent at once`, async () => {
    const before = await stored();
    const answers = await Promise.all(Array.from({ length: CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR + 4 }, () => post(valid())));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(thanks);
    }
    expect((await stored()).requests).toBe(before.requests + CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR);
    expect((await stored()).emails).toBe(before.emails + CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR);
    // Another address is not held back.
    await post(valid(), {}, '198.51.100.77');
    expect((await stored()).requests).toBe(before.requests + CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR + 1);
  });
});

describe('POST /api/send-contact-email/ as an HTML form (JavaScript off)', () => {
  it('stores the request and answers 303 to the contact page it came from, with ?sent=1', async () => {
    const before = await stored();
    const { form_started_at: _none, ...noScript } = formOf(valid());
    const res = await postForm({ ...noScript, email: 'form@example.hu' }, { referer: 'http://localhost/site/en/contact.html', 'accept-language': 'en-GB' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/site/en/contact.html?sent=1');
    expect(await stored()).toMatchObject({ requests: before.requests + 1, emails: before.emails + 1 });
    const rows = await ctx.db.db.select().from(tables.contactRequests);
    expect(rows.find((r) => r.email === 'form@example.hu')).toMatchObject({ language: 'en', privacyNoticeVersion: CURRENT_PRIVACY_NOTICE_VERSION });
  });

  it('sends a form from another host to the site at the root of its host, and ignores a foreign Referer', async () => {
    const res = await postForm(formOf({ ...valid(), website: 'bot' }), { host: 'www.ona.example', referer: 'https://elsewhere.example/contact.html' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact.html?sent=1');
    const local = await postForm(formOf({ ...valid(), website: 'bot' }), { host: '127.0.0.1:8080' });
    expect(local.headers.location).toBe('/site/contact.html?sent=1');
  });

  it('answers a dropped form exactly like a stored one', async () => {
    const before = await stored();
    const res = await postForm(formOf({ ...valid(), form_started_at: Date.now() - 100 }), { referer: 'http://localhost/site/contact.html' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/site/contact.html?sent=1');
    expect(await stored()).toEqual(before);
  });

  it('sends bad input back to the contact page with field:problem pairs, nothing stored', async () => {
    const before = await stored();
    const { consent: _unticked, ...fields } = formOf(valid());
    const res = await postForm({ ...fields, email: 'anna@', message: 'y'.repeat(5001) }, { referer: 'http://localhost/site/contact.html' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/site/contact.html?errors=email:invalid_email,message:too_long,consent:required');
    expect(await stored()).toEqual(before);
  });
});

describe('contact requests past their retention', () => {
  it(`are deleted with their e-mails after ${CONTACT_REQUEST_RETENTION_DAYS} days, when the next request comes`, async () => {
    const old = new Date(Date.now() - (CONTACT_REQUEST_RETENTION_DAYS + 1) * 24 * 3600_000);
    const [email] = await ctx.db.db.insert(tables.emailOutbox).values({ toAddress: INBOX, subject: 'old', textBody: 'old', createdAt: old, sentAt: old }).returning();
    await ctx.db.db.insert(tables.contactRequests).values({ name: 'Old', email: 'old@example.hu', message: 'old', language: 'en', privacyNoticeVersion: '202411', clientAddressHash: 'x', emailOutboxId: email?.id ?? null, createdAt: old });
    expect((await post(valid())).statusCode).toBe(200);
    const requests = await ctx.db.db.select().from(tables.contactRequests);
    expect(requests.some((r) => r.email === 'old@example.hu')).toBe(false);
    expect((await ctx.db.db.select().from(tables.emailOutbox)).some((e) => e.subject === 'old')).toBe(false);
  });
});

describe('the contact endpoint in the OpenAPI document', () => {
  it('is postSendContactEmail, taking the contract as JSON or as a form', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = doc.paths['/api/send-contact-email/'].post;
    expect(operation.operationId).toBe('postSendContactEmail');
    expect(Object.keys(operation.requestBody.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '303', '400']));
    expect(operation.security).toBeUndefined();
  });
});

describe('without CONTACT_EMAIL', () => {
  it('stores the request and records no e-mail', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'POST', url: URL, payload: valid() });
      expect(res.statusCode).toBe(200);
      expect(await bare.db.db.select().from(tables.contactRequests)).toHaveLength(1);
      expect(await bare.db.db.select().from(tables.emailOutbox)).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });
});
