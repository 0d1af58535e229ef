import type { Page } from '@playwright/test';

// Issue 11's measure of a page on a phone, shared by the journeys that check
// a page is no wider than the screen (phone-width.spec.ts, library.spec.ts).

/**
 * How much wider than the window the page is, and the outermost elements that stick out (for the report); and the
 * links and buttons whose label is cut off by their box (issue 27 item 3).
 */
export const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const scroll = document.documentElement.scrollWidth;
    const culprits: string[] = [];
    const name = (el: Element) =>
      el.tagName.toLowerCase() +
      (typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '');
    if (scroll > width) {
      for (const el of document.body.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.right <= width + 0.5) continue;
        // Only the outermost: an element whose parent fits.
        const parent = el.parentElement?.getBoundingClientRect();
        if (parent && parent.right > width + 0.5) continue;
        culprits.push(`${name(el)} → ${Math.round(r.right)}px`);
        if (culprits.length >= 4) break;
      }
      // Text wider than its box (a long word) widens the page without any box sticking out.
      if (culprits.length === 0) {
        for (const el of document.body.querySelectorAll('*')) {
          if (el.children.length === 0 && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
            culprits.push(`text of ${name(el)}: ${el.scrollWidth}px in ${el.clientWidth}px`);
            if (culprits.length >= 4) break;
          }
        }
      }
    }
    // A control whose words do not fit its box and are cut off (a button's label clipped by overflow: hidden).
    const clipped: string[] = [];
    for (const el of document.body.querySelectorAll('a, button, label, summary, [role="button"], [role="tab"]')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || getComputedStyle(el).overflowX === 'visible') continue;
      if (el.scrollWidth > el.clientWidth + 1) clipped.push(`${name(el)} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return { width, scroll, culprits, clipped };
  });
