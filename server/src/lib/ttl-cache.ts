/**
 * Keeps the answers of an async function for `ttlMs`, by key: callers within
 * that time share one answer (and one query while it is under way). A
 * failure is not kept. At most `maxEntries` keys are held; the oldest go
 * first, so search terms from visitors cannot grow it without bound.
 * ttlMs 0 turns it off. `clear()` forgets everything.
 */
export function ttlCache<T>(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, { until: number; value: Promise<T> }>();
  const cached = (key: string, load: () => Promise<T>): Promise<T> => {
    if (ttlMs <= 0) return load();
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (hit) entries.delete(key);
    else if (entries.size >= maxEntries) {
      for (const [k, e] of entries) if (e.until <= now) entries.delete(k);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    }
    const value = load();
    entries.set(key, { until: now + ttlMs, value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
  /** Forgets every answer, including loads still under way: the next call loads again. */
  return Object.assign(cached, { clear: () => entries.clear() });
}
