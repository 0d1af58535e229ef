/**
 * Written pages (JSON text) kept to be served again while the versions they were read under still hold (decision
 * 088; the versions and the proof that a kept page is never stale: modules/entitlements/family-tag.ts).
 */

interface Kept {
  tag: string;
  body: string;
  /** The moment (ms) it stops holding whatever the database says (a coupon's expiry); Infinity: none. */
  until: number;
}

/**
 * Written pages (JSON text) by key, each with the tag it was read under; the least recently served go first past
 * `maxEntries` or `maxChars` in all. A key must name everything the page depends on besides what its tag covers
 * (whose page, which session's cart marks, which page and filter).
 */
export function keptPages({ maxEntries = 2000, maxChars = 32 * 1024 * 1024 } = {}) {
  const pages = new Map<string, Kept>();
  let chars = 0;
  const drop = (key: string, kept: Kept) => {
    pages.delete(key);
    chars -= kept.body.length;
  };
  return {
    /** The page kept under `key` if it was read under `tag`, else undefined (and a page of another tag is dropped). */
    get(key: string, tag: string): string | undefined {
      const kept = pages.get(key);
      if (!kept) return undefined;
      if (kept.tag !== tag || Date.now() >= kept.until) {
        drop(key, kept);
        return undefined;
      }
      // Served again: the most recent now.
      pages.delete(key);
      pages.set(key, kept);
      return kept.body;
    },
    set(key: string, tag: string, body: string, until = Number.POSITIVE_INFINITY) {
      const old = pages.get(key);
      if (old) drop(key, old);
      if (body.length > maxChars) return;
      pages.set(key, { tag, body, until });
      chars += body.length;
      for (const [k, kept] of pages) {
        if (pages.size <= maxEntries && chars <= maxChars) break;
        drop(k, kept);
      }
    },
    get size() {
      return pages.size;
    },
  };
}

export type KeptPages = ReturnType<typeof keptPages>;
