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
      // Not shown, or visually hidden on purpose (a field's label for screen readers: 1 px, clipped).
      if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).overflowX === 'visible') continue;
      if (el.scrollWidth > el.clientWidth + 1) clipped.push(`${name(el)} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return { width, scroll, culprits, clipped };
  });

/** The smallest tap target on a phone: 44 × 44 CSS px (WCAG 2.5.5; Apple's and Google's guidelines say 44 and 48). */
export const MIN_TARGET = 44;

/**
 * The controls a finger taps that are smaller than 44 × 44 px: links, buttons, fields, a summary, a checkbox or radio
 * with its label (the label is its target). A link inside running text is exempt, as WCAG 2.5.8 exempts a target "in a
 * sentence" whose size the line-height of the text around it sets: an inline link (or a button set inline in the text, as
 * Read along's sentences are) whose paragraph has words of its own.
 * What is not shown (a closed details, a visually hidden skip link until it has the focus) is not measured.
 */
export const smallTargets = (page: Page) =>
  page.evaluate((min) => {
    const found: string[] = [];
    const seen = new Set<Element>();
    const describe = (el: Element, r: DOMRect) => {
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const words = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${cls} "${words}" ${Math.round(r.width)}×${Math.round(r.height)}`;
    };
    /**
     * A target in a sentence: a link, or a button set in the run of the text (Read along's sentences, each a button
     * that starts the story there, in an inline list item: a button's own display is never inline, Chromium makes it
     * inline-block), in a block (a paragraph, a list item) that has words besides its own.
     */
    const inText = (el: Element) =>
      el.tagName === 'A' ||
      (el.tagName === 'BUTTON' && el.parentElement !== null && getComputedStyle(el.parentElement).display === 'inline');
    const inSentence = (el: Element) => {
      if (!inText(el)) return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      if (!block) return false;
      const own = (el.textContent ?? '').trim();
      return (block.textContent ?? '').replace(own, '').replace(/[\s\p{P}\p{S}]/gu, '').length > 0;
    };
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="menuitem"]';
    for (const control of document.body.querySelectorAll(selector)) {
      let el: Element = control;
      // A checkbox or radio is tapped by its label too (a label around it, or one that names it).
      if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
        el = control.closest('label') ?? control.labels?.[0] ?? control;
      }
      if (seen.has(el)) continue;
      seen.add(el);
      let r = el.getBoundingClientRect();
      // A link stretched over its card by a ::after (a product card's title): the card is what a finger taps.
      const after = getComputedStyle(el, '::after');
      if (after.content !== 'none' && after.position === 'absolute' && r.width > 0) {
        let card = el.parentElement;
        while (card && getComputedStyle(card).position === 'static') card = card.parentElement;
        if (card) r = card.getBoundingClientRect();
      }
      // Hidden, or visually hidden (1 px, clipped) until focused.
      if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('[inert], [aria-hidden="true"]')) continue;
      if (inSentence(el)) continue;
      if (r.width < min - 0.5 || r.height < min - 0.5) found.push(describe(el, r));
    }
    return found;
  }, MIN_TARGET);

/**
 * What sits over the page (fixed or sticky: the player, a toast, a dialog, a banner) and is wider than the screen or
 * sticks out of its sides: the page's width does not show it (a fixed box makes no scrollbar), a finger cannot reach it.
 */
export const popUpsOutside = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const position = getComputedStyle(el).position;
      if (position !== 'fixed' && position !== 'sticky') continue;
      for (const box of [el, ...el.querySelectorAll('*')]) {
        const r = box.getBoundingClientRect();
        // A box of a pixel or less is a screen reader's text kept out of sight (a drag-and-drop announcer), not a pop-up.
        if (r.width <= 1 || r.height <= 1 || getComputedStyle(box).visibility === 'hidden') continue;
        if (r.left < -0.5 || r.right > width + 0.5) {
          const cls = typeof box.className === 'string' && box.className ? `.${box.className.trim().split(/\s+/).join('.')}` : '';
          found.push(`${box.tagName.toLowerCase()}${cls} ${Math.round(r.left)}–${Math.round(r.right)}px on ${width}px`);
          break;
        }
      }
    }
    return found;
  });

/**
 * Track titles that break a word a line (a title squeezed between its buttons): a title of two words or more shown
 * on as many lines as it has words.
 */
export const wordPerLineTitles = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const found: string[] = [];
    for (const el of document.querySelectorAll(selector)) {
      const words = (el.textContent ?? '').trim().split(/\s+/).length;
      if (words < 2) continue;
      const range = document.createRange();
      range.selectNodeContents(el);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      if (lines >= words) found.push(`"${el.textContent?.trim()}" on ${lines} lines`);
    }
    return found;
  }, selector);
