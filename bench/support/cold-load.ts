import { mkdtempSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_OPTIONS } from '../../e2e/support/browser.ts';

/** CDP's "Fast 3G": 562.5 ms latency, 180 KB/s down, 84 KB/s up. */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180 * 1024, uploadThroughput: 84 * 1024 };

/** What one cold load brought over the wire, by CDP resource type (Document, Script, Stylesheet, Image…), and when it painted. */
export type TColdLoad = { bytes: Partial<Record<string, number>>; files: Partial<Record<string, number>>; fcp: number; usable: number };

/**
 * One cold load of `url` in a fresh Chromium profile with the cache disabled on Fast 3G, on a
 * phone-sized screen; `ready` waits until the page is usable, `storage` is put in local storage
 * first. Bytes are the response bodies as sent (Content-Length, so compressed where the server
 * compressed), or the body's bytes over the wire for an answer without one. Everything the page
 * fetches until the network is quiet counts, lazy chunks included.
 */
export async function coldLoad(url: string, options: { ready: (page: Page) => Promise<void>; storage?: Record<string, string>; javaScript?: boolean }): Promise<TColdLoad> {
  const profile = mkdtempSync(resolve('tmp-data-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM_OPTIONS,
    locale: 'hu-HU',
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await context.newPage();
    await page.addInitScript((entries) => {
      const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage;
      for (const [key, value] of Object.entries(entries)) storage.setItem(key, value);
    }, options.storage ?? {});
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    const responses = new Map<string, { type: string; bytes: number; headerBytes: number }>();
    cdp.on('Network.responseReceived', (event) => {
      const length = Number(event.response.headers['content-length'] ?? event.response.headers['Content-Length'] ?? Number.NaN);
      // What had come over the wire when the headers were in: the headers themselves.
      responses.set(event.requestId, { type: event.type ?? 'Other', bytes: Number.isFinite(length) ? length : -1, headerBytes: event.response.encodedDataLength });
    });
    cdp.on('Network.loadingFinished', (event) => {
      // An answer sent without Content-Length (a small file compressed on the fly) counts the body
      // as it came over the wire: all bytes received less its headers (about 0.8 KB each, which
      // counted in made thirty small chunks weigh 25 KB more than they are).
      const response = responses.get(event.requestId);
      if (response?.bytes === -1) response.bytes = Math.max(0, event.encodedDataLength - response.headerBytes);
    });
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    try {
      await options.ready(page);
    } catch (error) {
      await page.screenshot({ path: resolve('tmp-data-first-load-failure.png') });
      throw error;
    }
    const usable = await page.evaluate(() => performance.now());
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
    const bytes: Partial<Record<string, number>> = {};
    const files: Partial<Record<string, number>> = {};
    for (const response of responses.values()) {
      bytes[response.type] = (bytes[response.type] ?? 0) + Math.max(0, response.bytes);
      files[response.type] = (files[response.type] ?? 0) + 1;
    }
    return { bytes, files, fcp, usable };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
