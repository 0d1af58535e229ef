/** Cents to dollars for the API: 1299 → 12.99 (money is kept in integer cents; STYLE "Data"). */
export const toUsd = (cents: number) => Math.round(cents) / 100;

/** Dollars from the API to cents: 10.55 → 1055 (contracts accept whole cents only, so rounding only absorbs binary fractions). */
export const toCents = (usd: number) => Math.round(usd * 100);
