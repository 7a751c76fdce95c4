import type { Page } from 'playwright-core';

/** One piece of text a reader cannot read whole, with where it is and why. */
export type TClippedText = {
  kind: 'clipped' | 'overflows-card' | 'covered' | 'page-scrolls-sideways';
  /** A short path of tag, test id and class names, enough to find the element. */
  where: string;
  text: string;
};

/**
 * Finds text that is cut off on the page as it is now, by rules, not by a list of elements:
 * - clipped: an element that hides its overflow (overflow hidden or clip, an ellipsis, a line
 *   clamp) and has text whose content is wider (or, when clamped, taller) than its box;
 * - overflows-card: text that reaches the edge of the nearest box drawn with a border or a shadow
 *   (a card, a badge, a table), or crosses it, when no scroll container lies in between;
 * - covered: text on which another element sits (an overlay scrollbar over a table's last
 *   column); fixed and sticky elements (the header) are left out, as they cover what scrolls by;
 * - page-scrolls-sideways: the page is wider than the window, so something does not fit.
 * Text the page hides on purpose (visually hidden labels, closed panels) has no box and is skipped.
 */
export async function findClippedText(page: Page): Promise<TClippedText[]> {
  // tsx and vitest compile with esbuild's keepNames, which wraps the named helpers below in a
  // `__name(…)` call that the page does not have; it only names functions, so an identity serves.
  await page.evaluate('window.__name = window.__name || ((f) => f)');
  return page.evaluate(() => {
    const issues: { kind: 'clipped' | 'overflows-card' | 'covered' | 'page-scrolls-sideways'; where: string; text: string }[] = [];
    const TOLERANCE = 1;
    /** Text may not come closer than this to the edge of its card (a border line touching a digit). */
    const EDGE_GAP = 2;

    const describe = (element: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && parts.length < 4 && node !== document.body; node = node.parentElement) {
        const testId = node.getAttribute('data-testid');
        const classes = Array.from(node.classList).filter((c) => !c.startsWith('m_')).slice(0, 2).join('.');
        parts.unshift(`${node.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${classes ? `.${classes}` : ''}`);
      }
      return parts.join(' > ');
    };
    const textOf = (element: Element): string => (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
    const shown = (element: Element): boolean => {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
      const rect = element.getBoundingClientRect();
      // Visually hidden text (screen-reader labels) is a 1 px box by design.
      return rect.width > 1 && rect.height > 1;
    };
    const hasOwnText = (element: Element): boolean => Array.from(element.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
    const hasText = (element: Element): boolean => (element.textContent ?? '').trim() !== '';
    const hidesOverflow = (value: string) => value === 'hidden' || value === 'clip';
    const scrolls = (value: string) => value === 'auto' || value === 'scroll';
    const isCard = (style: CSSStyleDeclaration): boolean => {
      const bordered = ['Left', 'Right', 'Top', 'Bottom'].every((side) => {
        const width = parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`));
        const kind = style.getPropertyValue(`border-${side.toLowerCase()}-style`);
        return width > 0 && kind !== 'none' && kind !== 'hidden';
      });
      return bordered || style.boxShadow !== 'none';
    };
    /** The boxes around an element that scroll or clip what overflows them. */
    const clippers = (element: Element): Element[] => {
      const found: Element[] = [];
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') found.push(node);
      }
      return found;
    };
    /** A transparent control laid over its label (a switch's input) hides nothing. */
    const invisible = (element: Element): boolean => Number(getComputedStyle(element).opacity) === 0;
    const fixedOrSticky = (element: Element | null): boolean => {
      for (let node = element; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === 'fixed' || position === 'sticky') return true;
      }
      return false;
    };

    // 1. Elements that hide an overflow of their own text.
    const clipped = new Set<Element>();
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (element instanceof SVGElement || element.closest('svg, canvas, [aria-hidden="true"] canvas')) continue;
      if (!hasText(element) || !shown(element)) continue;
      const style = getComputedStyle(element);
      const clamp = style.getPropertyValue('-webkit-line-clamp');
      // An ellipsis only shows with a hidden overflow, so the overflow rule covers both.
      const wider = hidesOverflow(style.overflowX) && element.scrollWidth > element.clientWidth + TOLERANCE;
      const taller = clamp !== '' && clamp !== 'none' && element.scrollHeight > element.clientHeight + TOLERANCE;
      if (wider || taller) {
        issues.push({ kind: 'clipped', where: describe(element), text: textOf(element) });
        clipped.add(element);
      }
    }

    // 2. Each line of text against its card.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const reported = new Set<Element>();
    const lines: { parent: Element; node: Node }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || (node.textContent ?? '').trim() === '') continue;
      if (parent.closest('script, style, noscript, svg, textarea, option')) continue;
      if (!shown(parent)) continue;
      // Text already reported as clipped is not reported again for what its hidden part reaches.
      if ([...clipped].some((element) => element.contains(parent))) continue;
      lines.push({ parent, node });
    }
    const rectsOf = (node: Node): DOMRect[] => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return Array.from(range.getClientRects()).filter((r) => r.width > 1 && r.height > 1);
    };
    for (const { parent, node } of lines) {
      if (reported.has(parent)) continue;
      const rects = rectsOf(node);
      if (rects.length === 0) continue;
      // The nearest card, unless a box that scrolls or clips comes first (then rule 1 or scrolling applies).
      let card: Element | null = null;
      for (let ancestor: Element | null = parent; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        const style = getComputedStyle(ancestor);
        if (scrolls(style.overflowX) || hidesOverflow(style.overflowX)) break;
        if (isCard(style)) {
          card = ancestor;
          break;
        }
      }
      if (!card) continue;
      const box = card.getBoundingClientRect();
      const style = getComputedStyle(card);
      const left = box.left + parseFloat(style.borderLeftWidth) + EDGE_GAP;
      const right = box.right - parseFloat(style.borderRightWidth) - EDGE_GAP;
      if (rects.some((r) => r.left < left - TOLERANCE || r.right > right + TOLERANCE)) {
        issues.push({ kind: 'overflows-card', where: describe(parent), text: textOf(parent) });
        reported.add(parent);
      }
    }

    // 3. What lies on top of the text, screen by screen (elementFromPoint sees the window only).
    const scroller = document.scrollingElement ?? document.documentElement;
    const start = scroller.scrollTop;
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0, screens = 0; screens < 40; y += step, screens++) {
      scroller.scrollTop = y;
      for (const { parent, node } of lines) {
        if (reported.has(parent)) continue;
        for (const r of rectsOf(node)) {
          const middle = r.top + r.height / 2;
          if (middle < 0 || middle > window.innerHeight) continue;
          // Text scrolled out of a scroll box (a windowed list's next rows) is hidden on purpose:
          // only points inside every box that clips it are probed.
          const boxes = clippers(parent).map((box) => box.getBoundingClientRect());
          const inside = (x: number) => boxes.every((box) => x >= box.left && x <= box.right && middle >= box.top && middle <= box.bottom);
          const probes = [r.left + Math.min(3, r.width / 2), r.right - Math.min(3, r.width / 2)].filter((x) => x >= 0 && x < window.innerWidth && inside(x));
          const coverer = probes
            .map((x) => document.elementFromPoint(x, middle))
            .find((top) => top && top !== parent && !parent.contains(top) && !top.contains(parent) && !fixedOrSticky(top) && !invisible(top));
          if (coverer) {
            issues.push({ kind: 'covered', where: `${describe(parent)} under ${describe(coverer)}`, text: textOf(parent) });
            reported.add(parent);
            break;
          }
        }
      }
      if (y + window.innerHeight >= scroller.scrollHeight) break;
    }
    scroller.scrollTop = start;

    // 4. The page itself.
    if (scroller.scrollWidth > window.innerWidth + TOLERANCE) {
      const widest = Array.from(document.body.querySelectorAll('*'))
        .filter((e) => hasOwnText(e) && e.getBoundingClientRect().right > window.innerWidth + TOLERANCE)
        .slice(0, 3)
        .map((e) => `${describe(e)} «${textOf(e)}»`)
        .join('; ');
      issues.push({ kind: 'page-scrolls-sideways', where: `page ${scroller.scrollWidth}px in ${window.innerWidth}px`, text: widest });
    }
    return issues;
  });
}
