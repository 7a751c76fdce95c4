import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** axe-core's bundle, injected into pages through the DevTools protocol. */
export const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.2 AA: the rule tags every axe check of the browser tests runs. */
export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Injects axe once per document: the product's Content Security Policy forbids inline scripts, so it goes through `evaluate`. */
export async function injectAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
}

/**
 * Serious and critical WCAG 2.2 AA findings on the page, or inside the element `within` selects,
 * as "rule: targets" lines (empty when clean). The route sweep (accessibility.e2e.ts) runs the same
 * tags with its own report and documented exceptions; this is for a page in a state the sweep
 * does not reach (a dialog open, a table filled).
 */
export async function seriousAxeFindings(page: Page, within?: string): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(
    async ({ tags, selector }) => {
      type TResult = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
      const axe = (window as unknown as { axe: { run(context: Element | Document, options: object): Promise<TResult> } }).axe;
      const context = selector ? document.querySelector(selector) : document;
      if (!context) throw new Error(`axe: nothing matches ${selector}`);
      const { violations } = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    },
    { tags: WCAG_22_AA_TAGS, selector: within ?? null },
  );
}
