/** Cents to dollars for the API: 1299 → 12.99 (money is kept in integer cents; STYLE "Data"). */
export const toUsd = (cents: number) => Math.round(cents) / 100;

/** Dollars from the API to cents: 10.55 → 1055 (contracts accept whole cents only, so rounding only absorbs binary fractions). */
export const toCents = (usd: number) => Math.round(usd * 100);

/**
 * `amount` cents shared in proportion to `weights`, in whole cents that add
 * up to it exactly (largest remainder; ties go to the earlier entry).
 * Entries of weight 0 get 0; with no weight at all, everyone gets 0.
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  const base = weights.reduce((n, w) => n + Math.max(w, 0), 0);
  if (amount <= 0 || base === 0) return weights.map(() => 0);
  const shares = weights.map((w) => (w > 0 ? Math.floor((amount * w) / base) : 0));
  let left = amount - shares.reduce((n, s) => n + s, 0);
  const byRemainder = weights
    .map((w, i) => ({ i, remainder: w > 0 ? (amount * w) % base : -1 }))
    .filter((r) => r.remainder > 0)
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}
