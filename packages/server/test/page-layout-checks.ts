import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// Layout checks for a page open in Chromium, for any width. The scripts run in the page and are
// strings, since this package is compiled without the DOM's types.

/** Fails when the page scrolls sideways, naming the innermost elements that stick out. */
export async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = (await page.evaluate(
    'document.documentElement.scrollWidth - window.innerWidth',
  )) as number;
  const culprits =
    overflow > 0
      ? await page.evaluate(
          "[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).slice(-3).map((e) => e.tagName + '.' + e.className + ' ' + (e.textContent || '').slice(0, 40)).join(' | ')",
        )
      : '';
  expect(overflow, `${page.url()} scrolls sideways: ${culprits}`).toBeLessThanOrEqual(0);
}

// The boxes a person reads or uses: controls, and the innermost elements that hold text of their
// own. Two of them that are not nested may not cover each other by more than `slack` pixels.
const FIND_OVERLAPS = `((slack) => {
  const interactive = 'a[href],button,input:not([type=hidden]),select,textarea,summary,label,[tabindex]';
  // checkVisibility also hides what a closed <details> holds; a 1-pixel box is for screen readers.
  const visible = (e) => {
    const r = e.getBoundingClientRect();
    return e.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && r.width > 1 && r.height > 1 && !e.closest('.skip');
  };
  const ownText = (e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== '');
  // An inline element that wraps has one box per line (its bounding box would cover its neighbours).
  const boxes = [...document.body.querySelectorAll('*')]
    .filter((e) => (e.matches(interactive) || ownText(e)) && visible(e))
    .flatMap((e) => [...e.getClientRects()].filter((r) => r.width > 1 && r.height > 1).map((r) => ({ e, r })));
  const name = (e) => e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : '') + ' "' + (e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 30) + '"';
  const found = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.e === b.e || a.e.contains(b.e) || b.e.contains(a.e)) continue;
      // A label and its own control are one thing to a person.
      if (a.e.control === b.e || b.e.control === a.e) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > slack && h > slack) found.push(name(a.e) + ' overlaps ' + name(b.e));
    }
  }
  return found.slice(0, 5);
})`;

/** Fails when two visible text-bearing or interactive boxes, neither inside the other, overlap. */
export async function expectNoOverlap(page: Page, slack = 2): Promise<void> {
  const overlaps = (await page.evaluate(`${FIND_OVERLAPS}(${slack})`)) as string[];
  expect(overlaps, page.url()).toEqual([]);
}
